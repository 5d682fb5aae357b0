// Template groups (/configureManage/templateGroup, P43000): the caller's templates laid out as tiles per tile group;
// create, rename and delete groups (an empty group only: 115309), move templates into a group or out of all.
import { AppstoreAddOutlined, FolderAddOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import { useLibraryTemplates } from '../api/library-templates';
import { useDeleteTileGroup } from '../api/tile-group-delete';
import { useTileGroups } from '../api/tile-group-list';
import { useMoveTemplates } from '../api/tile-group-move';
import { MoveTemplatesModal } from '../components/library/move-templates-modal';
import { TileGroupCard } from '../components/library/tile-group-card';
import { TileGroupFormModal } from '../components/library/tile-group-form-modal';
import { TEMPLATE_LIST_PATH } from '../lib/library-paths';
import { groupTemplates } from '../lib/library-tile-groups';
import type { TileGroup } from '../types-library';
import '../components/library/library.css';

type Dialog =
  | { kind: 'group'; group: TileGroup | null }
  | { kind: 'move'; templateIds: number[]; groupId: number | null | undefined };

export default function TemplateGroupPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const groups = useTileGroups();
  const templates = useLibraryTemplates({ page: 1, page_size: PAGE_SIZE_MAX, relation: 'own' });
  const remove = useDeleteTileGroup();
  const moveOut = useMoveTemplates();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);

  const allGroups = useMemo(() => groups.data ?? [], [groups.data]);
  const allTemplates = useMemo(() => templates.data?.items ?? [], [templates.data]);
  const layout = useMemo(() => groupTemplates(allGroups, allTemplates), [allGroups, allTemplates]);
  const more = (templates.data?.total ?? 0) - allTemplates.length;
  // Selections of templates no longer listed (deleted, handed over) drop out.
  const picked = allTemplates.filter((tpl) => selected.has(tpl.id));
  const pickedGrouped = picked.filter((tpl) => tpl.group_id !== null);

  const show = (next: Dialog) => {
    setDialog(next);
    setOpen(true);
  };
  const toggle = (ids: number[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const onDelete = (group: TileGroup) =>
    remove.mutateAsync(group.id).then(
      () => toast.success(t('configure.tileGroup.deleted', { name: group.name })),
      (e: unknown) => {
        void modal.warning({
          title: t('configure.tileGroup.deleteRefused', { name: group.name }),
          content: isApiError(e) ? e.detail : t('configure.tileGroup.deleteFailed'),
          okText: t('common.action.ok'),
        });
      },
    );

  const onMoveOut = () => {
    const ids = pickedGrouped.map((tpl) => tpl.id);
    void modal.confirm({
      title: t('configure.tileGroup.moveOutConfirm', { count: ids.length }),
      content: t('configure.tileGroup.moveOutHint'),
      okText: t('configure.tileGroup.moveOut'),
      cancelText: t('common.action.cancel'),
      onOk: () =>
        moveOut.mutateAsync({ template_ids: ids, group_id: null }).then(
          () => {
            toast.success(t('configure.tileGroup.movedOut', { count: ids.length }));
            setSelected(new Set());
          },
          (e: unknown) => toast.error(isApiError(e) ? e.detail : t('configure.tileGroup.moveFailed')),
        ),
    });
  };

  const createButton = (
    <Button type="primary" icon={<FolderAddOutlined />} onClick={() => show({ kind: 'group', group: null })}>
      {t('configure.tileGroup.create')}
    </Button>
  );

  const loading = groups.isPending || templates.isPending;
  const failed = groups.isError || templates.isError;

  return (
    <div className="page tpl-lib">
      <PageHeader
        title={t('menu.templateGroup')}
        subTitle={t('configure.tileGroup.subtitle', {
          groups: allGroups.length,
          templates: templates.data?.total ?? 0,
        })}
        extra={
          <Space>
            <Tooltip title={t('configure.tileGroup.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('configure.tileGroup.refresh')}
                loading={(groups.isFetching || templates.isFetching) && !loading}
                onClick={() => {
                  void groups.refetch();
                  void templates.refetch();
                }}
              />
            </Tooltip>
            {createButton}
          </Space>
        }
      />
      {loading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : failed ? (
        <Alert
          type="error"
          showIcon
          title={t('configure.tileGroup.loadFailed')}
          action={
            <Button
              onClick={() => {
                void groups.refetch();
                void templates.refetch();
              }}
            >
              {t('common.action.retry')}
            </Button>
          }
        />
      ) : allTemplates.length === 0 && allGroups.length === 0 ? (
        <Card>
          <Empty description={t('configure.tileGroup.empty')} className="tpl-lib-empty">
            <Space>
              {createButton}
              <Link to={TEMPLATE_LIST_PATH}>
                <Button icon={<AppstoreAddOutlined />}>{t('configure.tileGroup.toTemplates')}</Button>
              </Link>
            </Space>
          </Empty>
        </Card>
      ) : (
        <>
          <div className={`tpl-group-bar${picked.length ? ' tpl-group-bar--active' : ''}`} role="toolbar">
            <Typography.Text className="tpl-group-bar__text">
              {picked.length
                ? t('configure.tileGroup.selected', { count: picked.length })
                : t('configure.tileGroup.selectHint')}
            </Typography.Text>
            <span className="tpl-lib-spacer" />
            {picked.length > 0 && (
              <Button type="link" onClick={() => setSelected(new Set())}>
                {t('configure.tileGroup.clearSelection')}
              </Button>
            )}
            <Button disabled={pickedGrouped.length === 0} loading={moveOut.isPending} onClick={onMoveOut}>
              {t('configure.tileGroup.moveOut')}
            </Button>
            <Button
              type="primary"
              icon={<SwapOutlined />}
              disabled={picked.length === 0 || allGroups.length === 0}
              onClick={() =>
                show({ kind: 'move', templateIds: picked.map((tpl) => tpl.id), groupId: undefined })
              }
            >
              {t('configure.tileGroup.moveTo')}
            </Button>
          </div>
          {more > 0 && (
            <Alert
              className="tpl-lib-alert"
              type="info"
              showIcon
              title={t('configure.tileGroup.truncated', { shown: allTemplates.length, more })}
            />
          )}
          {allGroups.length === 0 && (
            <Alert
              className="tpl-lib-alert"
              type="info"
              showIcon
              title={t('configure.tileGroup.noGroups')}
              action={createButton}
            />
          )}
          {layout.groups.map(({ group, templates: inGroup }) => (
            <TileGroupCard
              key={group.id}
              group={group}
              templates={inGroup}
              selected={selected}
              onToggle={(id, on) => toggle([id], on)}
              onToggleAll={toggle}
              onAdd={() => show({ kind: 'move', templateIds: [], groupId: group.id })}
              onRename={() => show({ kind: 'group', group })}
              onDelete={() => onDelete(group)}
            />
          ))}
          {(layout.ungrouped.length > 0 || allGroups.length > 0) && (
            <TileGroupCard
              group={null}
              templates={layout.ungrouped}
              selected={selected}
              onToggle={(id, on) => toggle([id], on)}
              onToggleAll={toggle}
            />
          )}
        </>
      )}
      <TileGroupFormModal
        open={open && dialog?.kind === 'group'}
        group={dialog?.kind === 'group' ? dialog.group : null}
        groups={allGroups}
        onClose={() => setOpen(false)}
      />
      <MoveTemplatesModal
        open={open && dialog?.kind === 'move'}
        templates={allTemplates}
        groups={allGroups}
        initialTemplateIds={dialog?.kind === 'move' ? dialog.templateIds : []}
        initialGroupId={dialog?.kind === 'move' ? dialog.groupId : undefined}
        onClose={() => setOpen(false)}
        onMoved={() => setSelected(new Set())}
      />
    </div>
  );
}
