// The dashboard groups beside the dashboards (a boxed group list): all dashboards, those in no group, then the
// tenant's groups in order with how many of their dashboards the caller sees; with P21200 create, rename and delete
// (asked first; a group that still holds dashboards is refused with 202301, shown as the server says it).
import { AppstoreOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { GroupItemActions } from '@/components/group-item-actions';
import { GroupList, GroupListHead, GroupListItem, GroupListState } from '@/components/group-list';
import type { DashboardGroup } from '@/lib/dashboards/types';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDeleteDashboardGroup } from '../../api/delete-dashboard-group';

/** The list's group: undefined every dashboard, 0 those in no group, else a group's id. */
export type GroupFilter = number | undefined;

interface GroupPanelProps {
  groups: readonly DashboardGroup[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  selected: GroupFilter;
  onSelect: (group: GroupFilter) => void;
  /** Absent: the caller may not change the groups (no P21200). */
  onCreate?: (() => void) | undefined;
  onEdit: (group: DashboardGroup) => void;
}

export function GroupPanel({
  groups,
  loading,
  error,
  onRetry,
  selected,
  onSelect,
  onCreate,
  onEdit,
}: GroupPanelProps) {
  const { t } = useTranslation();
  const remove = useDeleteDashboardGroup();
  const manage = onCreate !== undefined;

  const onDelete = (group: DashboardGroup) => {
    remove.mutateAsync(group.id).then(
      () => {
        toast.success(t('dashboards.groups.deleted'));
        if (selected === group.id) onSelect(undefined);
      },
      (e: unknown) => toast.error(isApiError(e) ? e.detail : String(e)),
    );
  };

  const fixed = (key: string, value: GroupFilter, icon: ReactNode, label: string) => (
    <GroupListItem
      key={key}
      block="group-box"
      selected={selected === value}
      onSelect={() => onSelect(value)}
      icon={icon}
    >
      <span className="group-box__name">{label}</span>
    </GroupListItem>
  );

  return (
    <div className="group-box db-groups">
      <GroupListHead
        block="group-box"
        title={t('dashboards.groups.title')}
        addLabel={t('dashboards.groups.create')}
        onAdd={onCreate}
      />
      <GroupListState
        loading={loading}
        error={error}
        rows={4}
        failedText={t('dashboards.groups.loadFailed')}
        retryText={t('dashboards.groups.retry')}
        onRetry={onRetry}
      >
        <GroupList block="group-box" label={t('dashboards.groups.title')}>
          {fixed('all', undefined, <AppstoreOutlined />, t('dashboards.groups.all'))}
          {fixed('none', 0, <FolderOpenOutlined />, t('dashboards.groups.none'))}
          {groups.map((g) => (
            <GroupListItem
              key={g.id}
              block="group-box"
              selected={selected === g.id}
              onSelect={() => onSelect(g.id)}
              icon={<FolderOutlined />}
              actions={
                manage && (
                  <GroupItemActions
                    texts={{
                      edit: t('dashboards.groups.edit'),
                      editNamed: t('dashboards.groups.editNamed', { name: g.name }),
                      deleteConfirm: t('dashboards.groups.deleteConfirm', { name: g.name }),
                      deleteHint: t('dashboards.groups.deleteHint'),
                      delete: t('dashboards.groups.delete'),
                      deleteNamed: t('dashboards.groups.deleteNamed', { name: g.name }),
                    }}
                    onEdit={() => onEdit(g)}
                    onDelete={() => onDelete(g)}
                  />
                )
              }
            >
              <span className="group-box__name" title={g.name}>
                {g.name}
              </span>
              <Typography.Text type="secondary" className="group-box__count">
                {g.dashboard_count}
              </Typography.Text>
            </GroupListItem>
          ))}
        </GroupList>
      </GroupListState>
    </div>
  );
}
