// Custom page configuration (SPEC §2 /customPage, P90000; docs/api-system.md "Custom pages and menus"): the titles of
// the sidebar's and the top bar's own entries, each area's entries as a two-level tree (added and edited in a
// drawer, moved up and down, deleted after a confirmation), and a preview of the menus as a role would see them. The
// whole configuration is saved at once against the version loaded: a save someone else made meanwhile is not
// overwritten (100023), the screen offers to load it instead. Leaving with unsaved changes asks first.
import { PlusOutlined, ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Result, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { useCan } from '@/components/can';
import { useDashboards } from '@/lib/dashboards/list-dashboards';
import { isApiError } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { CUSTOM_MENU_SIDE_MAX, CUSTOM_MENU_TITLE_MAX, CUSTOM_MENU_TOP_MAX } from '@/types/limits.gen';
import { Role } from '@/types/permissions.gen';
import type { CustomPageConfigOut } from '@/lib/custom-menus/types';
import { SAVE_CONFLICT, useCustomPageConfig, useSaveCustomPage } from '../api/custom-page-config';
import { EntryDrawer, type Option } from '../components/entry-drawer';
import { EntryList } from '../components/entry-list';
import { MenuPreview } from '../components/menu-preview';
import { consolePages } from '../lib/console-pages';
import {
  addEntry,
  locate,
  moveEntry,
  newEntryId,
  normalizeDocument,
  placeOfField,
  removeEntry,
  replaceEntry,
  takenNames,
  toWire,
  validateDraft,
  type Area,
  type Draft,
  type DraftChild,
  type Problem,
  type Titles,
} from '../lib/editor-model';
import '../custom-page.css';

const BUILT_IN_ROLES: readonly string[] = Object.values(Role);

interface DrawerState {
  open: boolean;
  area: Area;
  /** The entry edited; null adds one. */
  entryId: string | null;
  /** Where a new entry goes: the group's id, or null for the area's first level. */
  parentId: string | null;
  newId: string;
}

function useLeavePrompt(dirty: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void modal.confirm({
      title: t('system.customMenus.leave.title'),
      content: t('system.customMenus.leave.content'),
      okText: t('system.customMenus.leave.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: () => {
        blocker.proceed();
      },
      onCancel: () => {
        blocker.reset();
      },
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

function TitleField({
  label,
  value,
  onChange,
  problem,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  name: string;
}) {
  return (
    <Form.Item
      label={label}
      required
      validateStatus={problem ? 'error' : undefined}
      help={problem}
      htmlFor={name}
    >
      <Input
        id={name}
        value={value}
        maxLength={CUSTOM_MENU_TITLE_MAX}
        showCount
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
    </Form.Item>
  );
}

export default function CustomPagePage() {
  const { t } = useTranslation();
  const config = useCustomPageConfig();
  const save = useSaveCustomPage();
  const canListDashboards = useCan(Perm.DASHBOARD, Perm.MODULE);
  const dashboards = useDashboards({}, canListDashboards);
  const allowedRoutes = useSession((s) => s.allowedRoutes);
  const defaults: Titles = {
    sidebar_title: t('system.customMenus.defaults.sidebarTitle'),
    top_bar_title: t('system.customMenus.defaults.topBarTitle'),
  };

  // The document being edited, and the configuration it was loaded from (its version is the save's base).
  const [base, setBase] = useState<CustomPageConfigOut | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ at: string; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [drawer, setDrawer] = useState<DrawerState>({
    open: false,
    area: 'side',
    entryId: null,
    parentId: null,
    newId: '',
  });

  const loaded = config.data;
  if (loaded && !base) {
    // The first answer becomes what is edited.
    setBase(loaded);
    setDraft(normalizeDocument(loaded.document, defaults));
  }

  const baseDraft = useMemo(() => (base ? normalizeDocument(base.document, defaults) : null), [base]); // eslint-disable-line react-hooks/exhaustive-deps
  const dirty =
    draft !== null &&
    baseDraft !== null &&
    JSON.stringify(toWire(draft)) !== JSON.stringify(toWire(baseDraft));
  useLeavePrompt(dirty && !save.isPending);

  const roles: Option[] = useMemo(
    () =>
      (base?.roles ?? []).map((r) => ({
        value: r.id,
        label: BUILT_IN_ROLES.includes(r.code) ? t(`common.role.${r.code}`) : r.name,
      })),
    [base, t],
  );
  const dashboardOptions: Option[] = useMemo(
    () => (dashboards.data ?? []).map((d) => ({ value: d.id, label: d.name })),
    [dashboards.data],
  );
  const pages = useMemo(() => consolePages(allowedRoutes, t), [allowedRoutes, t]);

  if (config.isError && !draft)
    return (
      <div className="page custom-page">
        <PageHeader title={t('system.customMenus.title')} />
        <Card>
          <Result
            status="error"
            title={t('system.customMenus.loadFailed')}
            subTitle={isApiError(config.error) ? config.error.detail : undefined}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => void config.refetch()}>
                {t('common.action.retry')}
              </Button>
            }
          />
        </Card>
      </div>
    );
  if (!draft || !base)
    return (
      <div className="page custom-page">
        <PageHeader title={t('system.customMenus.title')} />
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );

  const problems: Problem[] = showProblems ? validateDraft(draft) : [];
  if (serverProblem) problems.push({ at: serverProblem.at, key: 'server', text: serverProblem.text });
  const byPlace = new Map<string, Problem[]>();
  for (const problem of problems) byPlace.set(problem.at, [...(byPlace.get(problem.at) ?? []), problem]);
  const problemText = (at: string) => {
    const found = byPlace.get(at)?.[0];
    return found && (found.text ?? t(`system.customMenus.rules.${found.key}`, found.values));
  };
  const roleName = (id: number) => roles.find((r) => r.value === id)?.label ?? `#${String(id)}`;
  const dashboardName = (id: number) =>
    dashboardOptions.find((d) => d.value === id)?.label ??
    t('system.customMenus.entry.dashboardUnknown', { id });

  const edit = (next: Draft) => {
    setDraft(next);
    setServerProblem(null);
    setFailure(null);
  };

  const openAdd = (area: Area, parentId: string | null) => {
    setDrawer({ open: true, area, entryId: null, parentId, newId: newEntryId(draft) });
  };
  const place = drawer.entryId ? locate(draft, drawer.entryId) : null;
  const placed = place
    ? place.parent
      ? place.parent.children[place.index]
      : draft[place.area][place.index]
    : null;
  const editedEntry: DraftChild | null = placed ?? null;
  const holdsEntries = !!place && !place.parent && (draft[place.area][place.index]?.children.length ?? 0) > 0;

  const submit = async () => {
    const found = validateDraft(draft);
    setShowProblems(true);
    if (found.length > 0) {
      toast.error(t('system.customMenus.fixFirst', { count: found.length }));
      return;
    }
    setFailure(null);
    setServerProblem(null);
    try {
      const saved = await save.mutateAsync({ version: base.version, document: toWire(draft) });
      setBase(saved);
      setDraft(normalizeDocument(saved.document, defaults));
      setShowProblems(false);
      setConflict(false);
      toast.success(t('system.customMenus.saved'));
    } catch (error) {
      if (isApiError(error) && error.code === SAVE_CONFLICT) {
        setConflict(true);
        return;
      }
      const place = isApiError(error) ? placeOfField(draft, error.field) : null;
      const text = isApiError(error) ? error.detail : t('system.customMenus.saveFailed');
      if (place) setServerProblem({ at: place.at, text });
      setFailure(text);
    }
  };

  const loadLatest = async () => {
    const latest = await config.refetch();
    if (latest.data) {
      setBase(latest.data);
      setDraft(normalizeDocument(latest.data.document, defaults));
      setConflict(false);
      setShowProblems(false);
      setServerProblem(null);
      setFailure(null);
    }
  };

  const areaCard = (area: Area) => {
    const count = draft[area].length;
    const max = area === 'top' ? CUSTOM_MENU_TOP_MAX : CUSTOM_MENU_SIDE_MAX;
    const full = count >= max;
    const areaProblem = problemText(area);
    return (
      <Card
        size="small"
        className="cp-area"
        title={
          <Space size={8} wrap>
            <span>{t(area === 'side' ? 'system.customMenus.area.side' : 'system.customMenus.area.top')}</span>
            <Tag className="cp-area__count">{t('system.customMenus.area.count', { count, max })}</Tag>
          </Space>
        }
        extra={
          <Tooltip
            title={
              full
                ? t(area === 'top' ? 'system.customMenus.rules.topMax' : 'system.customMenus.rules.sideMax', {
                    max,
                  })
                : undefined
            }
          >
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={full}
              onClick={() => {
                openAdd(area, null);
              }}
            >
              {t(area === 'side' ? 'system.customMenus.area.addSide' : 'system.customMenus.area.addTop')}
            </Button>
          </Tooltip>
        }
      >
        {areaProblem && <Alert type="error" showIcon title={areaProblem} className="cp-area__problem" />}
        <EntryList
          area={area}
          entries={draft[area]}
          problems={byPlace}
          roleName={roleName}
          dashboardName={dashboardName}
          onAddChild={(groupId) => {
            openAdd(area, groupId);
          }}
          onEdit={(id) => {
            setDrawer({ open: true, area, entryId: id, parentId: null, newId: '' });
          }}
          onMove={(id, delta) => {
            edit(moveEntry(draft, id, delta));
          }}
          onRemove={(id) => {
            edit(removeEntry(draft, id));
          }}
        />
      </Card>
    );
  };

  return (
    <div className="page custom-page">
      <PageHeader
        title={t('system.customMenus.title')}
        subTitle={dirty ? <Tag color="warning">{t('system.customMenus.unsaved')}</Tag> : undefined}
        extra={
          <Space wrap>
            <Button
              icon={<UndoOutlined />}
              disabled={!dirty || save.isPending}
              onClick={() => {
                setDraft(normalizeDocument(base.document, defaults));
                setShowProblems(false);
                setServerProblem(null);
                setFailure(null);
              }}
            >
              {t('system.customMenus.discard')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={save.isPending}
              disabled={!dirty && base.document !== null}
              onClick={() => void submit()}
            >
              {t('common.action.save')}
            </Button>
          </Space>
        }
      />
      {conflict && (
        <Alert
          type="warning"
          showIcon
          className="cp-alert"
          title={t('system.customMenus.conflict')}
          description={t('system.customMenus.conflictHint')}
          action={
            <Button size="small" onClick={() => void loadLatest()}>
              {t('system.customMenus.loadLatest')}
            </Button>
          }
        />
      )}
      {failure && !conflict && <Alert type="error" showIcon className="cp-alert" title={failure} />}
      <div className="cp-grid">
        <div className="cp-grid__editor">
          <Card size="small" title={t('system.customMenus.titles')} className="cp-titles">
            <Form layout="vertical" component="div" className="cp-titles__form">
              <TitleField
                name="cp-sidebar-title"
                label={t('system.customMenus.sidebarTitle')}
                value={draft.sidebar_title}
                problem={problemText('sidebar_title')}
                onChange={(value) => {
                  edit({ ...draft, sidebar_title: value });
                }}
              />
              <TitleField
                name="cp-top-bar-title"
                label={t('system.customMenus.topBarTitle')}
                value={draft.top_bar_title}
                problem={problemText('top_bar_title')}
                onChange={(value) => {
                  edit({ ...draft, top_bar_title: value });
                }}
              />
            </Form>
          </Card>
          {areaCard('side')}
          {areaCard('top')}
        </div>
        <Card size="small" title={t('system.customMenus.preview.title')} className="cp-grid__preview">
          <MenuPreview draft={draft} roles={roles} />
        </Card>
      </div>
      <EntryDrawer
        open={drawer.open}
        entry={editedEntry}
        newId={drawer.newId}
        firstLevel={drawer.entryId ? !place?.parent : drawer.parentId === null}
        holdsEntries={holdsEntries}
        takenNames={takenNames(draft, drawer.entryId)}
        roles={roles}
        dashboards={dashboardOptions}
        dashboardsAllowed={canListDashboards}
        consolePages={pages}
        onClose={() => {
          setDrawer((d) => ({ ...d, open: false }));
        }}
        onSave={(entry) => {
          edit(
            drawer.entryId
              ? replaceEntry(draft, entry)
              : addEntry(draft, drawer.area, drawer.parentId, entry),
          );
          setDrawer((d) => ({ ...d, open: false }));
        }}
      />
    </div>
  );
}
