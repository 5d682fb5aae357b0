// Dashboards (/dashboard, P20000; issue 31 point 1): the dashboard groups on the left (all, ungrouped, the tenant's
// groups), the dashboards of the chosen group as cards searched by name. Each card opens the dashboard full size,
// edits it (with the right to), opens its settings, shares it as a dashboard link (P82000), copies, moves or deletes
// it; within a group the order changes by dragging a card or with "earlier" / "later". Making, arranging and deleting
// dashboards and groups needs P21200.
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useCan } from '@/components/can';
import { GroupFilterPanel, type GroupFilterPanelTexts } from '@/components/group-filter-panel';
import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { ShareLinkModal } from '@/components/share-link-modal';
import { useDashboards } from '@/lib/dashboards/list-dashboards';
import { dashboardPaths } from '@/lib/dashboards/paths';
import type { DashboardGroup, DashboardListParams, DashboardSummary } from '@/lib/dashboards/types';
import { isApiError } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { param, useListParams, type ParamCodec, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { useCopyDashboard } from '../api/copy-dashboard';
import { useDeleteDashboard } from '../api/delete-dashboard';
import { useDeleteDashboardGroup } from '../api/delete-dashboard-group';
import { useDashboardGroups } from '../api/list-dashboard-groups';
import { useReorderDashboards } from '../api/reorder-dashboards';
import { DashboardCard } from '../components/dashboards/dashboard-card';
import { DashboardFormModal } from '../components/dashboards/dashboard-form-modal';
import { GroupFormModal } from '../components/dashboards/group-form-modal';
import { MoveDashboardModal } from '../components/dashboards/move-dashboard-modal';
import '../components/dashboards/dashboards.css';

interface Filters {
  group_id?: number;
  keyword?: string;
}

/** A group filter: 0 (no group) or a group's id. */
const groupParam: ParamCodec<number> = {
  parse: (raw) => (/^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined),
  format: String,
};

const LIST_PARAMS: ParamSpec<Filters> = { group_id: groupParam, keyword: param.text };

type Dialog =
  | { kind: 'dashboard'; dashboard: DashboardSummary | null }
  | { kind: 'move'; dashboard: DashboardSummary }
  | { kind: 'share'; dashboard: DashboardSummary }
  | { kind: 'group'; group: DashboardGroup | null };

/** `ids` with the one at `from` put at `to`. */
export function moved(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(to, 0, item);
  return next;
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan(Perm.DASHBOARD_EDIT);
  const canShare = useCan(Perm.SHARE_LINK);
  const list = useListParams(LIST_PARAMS);
  const { group_id: groupId, keyword } = list.params;
  const query: DashboardListParams = {
    ...(groupId === undefined ? {} : { group_id: groupId }),
    ...(keyword ? { keyword } : {}),
  };
  const dashboards = useDashboards(query);
  const groups = useDashboardGroups();
  const copy = useCopyDashboard();
  const remove = useDeleteDashboard();
  const removeGroup = useDeleteDashboardGroup();
  const reorder = useReorderDashboards(query);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const allGroups = groups.data ?? [];
  const items = dashboards.data ?? [];
  const selectedGroup = allGroups.find((g) => g.id === groupId);
  // The order is a group's (or the ungrouped ones'), seen whole: not "all", not a search.
  const reorderable = canManage && groupId !== undefined && !keyword && items.length > 1;

  const show = (next: Dialog) => {
    setDialog(next);
    setOpen(true);
  };
  const close = () => setOpen(false);

  const onCopy = (d: DashboardSummary) => {
    copy.mutateAsync(d.id).then(
      (created) => toast.success(t('dashboards.list.copied', { name: created.name })),
      () => undefined,
    );
  };
  const onDelete = (d: DashboardSummary) => {
    remove.mutateAsync(d.id).then(
      () => toast.success(t('dashboards.list.deleted', { name: d.name })),
      (e: unknown) => {
        if (!isApiError(e)) toast.error(String(e));
      },
    );
  };
  const saveOrder = (ids: number[]) => {
    reorder.mutateAsync({ groupId: groupId === undefined || groupId === 0 ? null : groupId, ids }).then(
      () => toast.success(t('dashboards.list.reordered')),
      () => undefined,
    );
  };
  const ids = items.map((d) => d.id);
  const dropOn = (targetId: number) => {
    const from = dragged === null ? -1 : ids.indexOf(dragged);
    const to = ids.indexOf(targetId);
    setDragged(null);
    setOver(null);
    if (from < 0 || to < 0 || from === to) return;
    saveOrder(moved(ids, from, to));
  };

  const groupTexts: GroupFilterPanelTexts = {
    title: t('dashboards.groups.title'),
    all: t('dashboards.groups.all'),
    none: t('dashboards.groups.none'),
    create: t('dashboards.groups.create'),
    loadFailed: t('dashboards.groups.loadFailed'),
    retry: t('dashboards.groups.retry'),
    edit: t('dashboards.groups.edit'),
    editNamed: (name) => t('dashboards.groups.editNamed', { name }),
    deleteConfirm: (name) => t('dashboards.groups.deleteConfirm', { name }),
    deleteHint: t('dashboards.groups.deleteHint'),
    delete: t('dashboards.groups.delete'),
    deleteNamed: (name) => t('dashboards.groups.deleteNamed', { name }),
    deleted: t('dashboards.groups.deleted'),
    deleteFailed: t('dashboards.groups.deleteFailed'),
  };

  const createButton = canManage && (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => show({ kind: 'dashboard', dashboard: null })}
    >
      {t('dashboards.list.create')}
    </Button>
  );

  const body = () => {
    if (dashboards.isPending)
      return (
        <div className="db-grid db-grid--loading" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Card key={i} size="small">
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          ))}
        </div>
      );
    if (dashboards.isError && !dashboards.data)
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboards.list.loadFailed')}>
          <Button icon={<ReloadOutlined />} onClick={() => void dashboards.refetch()}>
            {t('dashboards.list.retry')}
          </Button>
        </Empty>
      );
    if (items.length === 0)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            keyword
              ? t('dashboards.list.noMatch')
              : groupId === undefined
                ? t('dashboards.list.empty')
                : t('dashboards.list.emptyGroup')
          }
        >
          {!keyword && canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => show({ kind: 'dashboard', dashboard: null })}
            >
              {t('dashboards.list.createFirst')}
            </Button>
          )}
        </Empty>
      );
    return (
      <ul className="db-grid" aria-label={t('dashboards.list.label')}>
        {items.map((d, i) => (
          <DashboardCard
            key={d.id}
            dashboard={d}
            canManage={canManage}
            actions={{
              onSettings: () => show({ kind: 'dashboard', dashboard: d }),
              onCopy: () => onCopy(d),
              onMove: () => show({ kind: 'move', dashboard: d }),
              onDelete: () => onDelete(d),
              onShare: canShare ? () => show({ kind: 'share', dashboard: d }) : undefined,
              onEarlier: reorderable && i > 0 ? () => saveOrder(moved(ids, i, i - 1)) : undefined,
              onLater:
                reorderable && i < items.length - 1 ? () => saveOrder(moved(ids, i, i + 1)) : undefined,
            }}
            drag={
              reorderable
                ? {
                    over: over === d.id && dragged !== d.id,
                    onDragStart: () => setDragged(d.id),
                    onDragEnd: () => {
                      setDragged(null);
                      setOver(null);
                    },
                    onDropOn: () => dropOn(d.id),
                    onDragEnter: () => setOver(d.id),
                  }
                : undefined
            }
          />
        ))}
      </ul>
    );
  };

  return (
    <div className="page db-page">
      <PageHeader title={t('menu.dashboard')} subTitle={t('dashboards.list.subtitle')} extra={createButton} />
      <div className="db-layout">
        <GroupFilterPanel
          className="db-groups"
          groups={allGroups}
          count={(g) => g.dashboard_count}
          loading={groups.isPending}
          error={groups.isError}
          onRetry={() => void groups.refetch()}
          selected={groupId}
          onSelect={(group_id) => list.filter({ group_id })}
          actions={
            canManage
              ? {
                  onCreate: () => show({ kind: 'group', group: null }),
                  onRename: (group) => show({ kind: 'group', group }),
                  onDelete: (group) => removeGroup.mutateAsync(group.id),
                }
              : undefined
          }
          texts={groupTexts}
        />
        <Card
          className="db-list"
          title={
            <Space size={8}>
              <span>
                {groupId === undefined
                  ? t('dashboards.groups.all')
                  : groupId === 0
                    ? t('dashboards.groups.none')
                    : (selectedGroup?.name ?? '')}
              </span>
              <Typography.Text type="secondary" className="db-list__count">
                {t('dashboards.list.total', { count: items.length })}
              </Typography.Text>
            </Space>
          }
          extra={
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('dashboards.list.refresh')}
              loading={dashboards.isFetching && !dashboards.isPending}
              onClick={() => {
                void dashboards.refetch();
                void groups.refetch();
              }}
            />
          }
        >
          <ListToolbar className="db-toolbar">
            <ListSearch
              className="db-toolbar__search"
              value={keyword}
              placeholder={t('dashboards.list.search')}
              onSearch={(q) => list.filter({ keyword: q })}
            />
            {canManage && items.length > 1 && (
              <Typography.Text type="secondary" className="db-toolbar__hint">
                {reorderable ? t('dashboards.list.reorderHint') : t('dashboards.list.reorderOff')}
              </Typography.Text>
            )}
          </ListToolbar>
          {body()}
        </Card>
      </div>

      <DashboardFormModal
        open={open && dialog?.kind === 'dashboard'}
        dashboard={dialog?.kind === 'dashboard' ? dialog.dashboard : null}
        groups={allGroups}
        groupId={groupId ?? 0}
        onClose={close}
        onCreated={(d) => void navigate(dashboardPaths.edit(d.id))}
      />
      <MoveDashboardModal
        open={open && dialog?.kind === 'move'}
        dashboard={dialog?.kind === 'move' ? dialog.dashboard : null}
        groups={allGroups}
        onClose={close}
      />
      <ShareLinkModal
        open={open && dialog?.kind === 'share'}
        link={null}
        dashboard={
          dialog?.kind === 'share' ? { id: dialog.dashboard.id, name: dialog.dashboard.name } : undefined
        }
        onClose={close}
      />
      <GroupFormModal
        open={open && dialog?.kind === 'group'}
        group={dialog?.kind === 'group' ? dialog.group : null}
        onClose={close}
        onCreated={(g) => list.filter({ group_id: g.id })}
      />
    </div>
  );
}
