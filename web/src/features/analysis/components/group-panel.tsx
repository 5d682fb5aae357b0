// The report groups beside the report list (a boxed group list, contract A): all reports, those in no group, then the
// caller's groups with their counts; create, rename and delete (asked first; its reports file back to no group).
import { AppstoreOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { GroupItemActions } from '@/components/group-item-actions';
import { GroupList, GroupListHead, GroupListItem, GroupListState } from '@/components/group-list';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDeleteReportGroup } from '../api/delete-report-group';
import type { ReportGroup } from '../types';

/** The list's group filter: undefined all reports, 0 those in no group, else a group's id. */
export type GroupFilter = number | undefined;

interface GroupPanelProps {
  groups: ReportGroup[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  selected: GroupFilter;
  onSelect: (group: GroupFilter) => void;
  onCreate: () => void;
  onEdit: (group: ReportGroup) => void;
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
  const remove = useDeleteReportGroup();

  const onDelete = (group: ReportGroup) => {
    remove.mutateAsync(group.id).then(
      () => {
        toast.success(t('reports.group.deleted'));
        if (selected === group.id) onSelect(undefined);
      },
      (e: unknown) => toast.error(isApiError(e) ? e.detail : t('reports.group.deleteFailed')),
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
    <div className="group-box report-groups">
      <GroupListHead
        block="group-box"
        title={t('reports.group.title')}
        addLabel={t('reports.group.createTitle')}
        onAdd={onCreate}
      />
      <GroupListState
        loading={loading}
        error={error}
        rows={4}
        failedText={t('reports.group.loadFailed')}
        retryText={t('reports.action.retry')}
        onRetry={onRetry}
      >
        <GroupList block="group-box" label={t('reports.group.title')}>
          {fixed('all', undefined, <AppstoreOutlined />, t('reports.group.all'))}
          {fixed('none', 0, <FolderOpenOutlined />, t('reports.group.none'))}
          {groups.map((g) => (
            <GroupListItem
              key={g.id}
              block="group-box"
              selected={selected === g.id}
              onSelect={() => onSelect(g.id)}
              icon={<FolderOutlined />}
              actions={
                <GroupItemActions
                  texts={{
                    edit: t('reports.group.edit'),
                    editNamed: t('reports.group.editNamed', { name: g.name }),
                    deleteConfirm: t('reports.group.deleteConfirm', { name: g.name }),
                    deleteHint: t('reports.group.deleteHint'),
                    delete: t('reports.action.delete'),
                    deleteNamed: t('reports.group.deleteNamed', { name: g.name }),
                  }}
                  onEdit={() => onEdit(g)}
                  onDelete={() => onDelete(g)}
                />
              }
            >
              <span className="group-box__name" title={g.name}>
                {g.name}
              </span>
              <Typography.Text type="secondary" className="group-box__count">
                {g.count}
              </Typography.Text>
            </GroupListItem>
          ))}
        </GroupList>
      </GroupListState>
    </div>
  );
}
