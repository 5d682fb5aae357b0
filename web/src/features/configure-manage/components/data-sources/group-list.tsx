// The data source groups on the left of the panel: all, the default group first, counts; rename/delete when editable.
import { AppstoreOutlined, FolderOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { GroupItemActions } from '@/components/group-item-actions';
import {
  GroupList as GroupListBox,
  GroupListHead,
  GroupListItem,
  GroupListState,
} from '@/components/group-list';

import { toast } from '@/lib/toast';
import { useDeleteDataSourceGroup } from '../../api/data-source-group-delete';
import type { DataSourceGroupOut } from '../../types-data-source';

interface GroupListProps {
  templateId: number;
  groups: DataSourceGroupOut[];
  total: number | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  canEdit: boolean;
  /** undefined: all data sources. */
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  onCreate: () => void;
  onEdit: (group: DataSourceGroupOut) => void;
}

export function GroupList({
  templateId,
  groups,
  total,
  loading,
  error,
  onRetry,
  canEdit,
  selectedId,
  onSelect,
  onCreate,
  onEdit,
}: GroupListProps) {
  const { t } = useTranslation();
  const remove = useDeleteDataSourceGroup(templateId);

  const item = (
    key: string,
    selected: boolean,
    select: () => void,
    icon: ReactNode,
    body: ReactNode,
    actions?: ReactNode,
  ) => (
    <GroupListItem
      key={key}
      block="group-box"
      selected={selected}
      onSelect={select}
      icon={icon}
      actions={actions}
    >
      {body}
    </GroupListItem>
  );

  return (
    <div className="group-box ds-groups">
      <GroupListHead
        block="group-box"
        title={t('configure.dataSource.group.title')}
        addLabel={t('configure.dataSource.group.create')}
        onAdd={canEdit ? onCreate : undefined}
      />
      <GroupListState
        loading={loading}
        error={error}
        rows={4}
        failedText={t('configure.dataSource.group.loadFailed')}
        retryText={t('configure.dataSource.action.retry')}
        onRetry={onRetry}
      >
        <GroupListBox block="group-box" label={t('configure.dataSource.group.title')}>
          {item(
            'all',
            selectedId === undefined,
            () => onSelect(undefined),
            <AppstoreOutlined />,
            <>
              <span className="group-box__name">{t('configure.dataSource.group.all')}</span>
              {total !== undefined && (
                <Typography.Text type="secondary" className="group-box__count">
                  {total}
                </Typography.Text>
              )}
            </>,
          )}
          {groups.map((g) => {
            const label = g.name;
            const isDefault = g.is_default;
            return item(
              String(g.id),
              selectedId === g.id,
              () => onSelect(g.id),
              <FolderOutlined />,
              <>
                <span className="group-box__name" title={label}>
                  {label}
                </span>
                {isDefault && (
                  <Tag variant="filled" className="ds-groups__tag">
                    {t('configure.dataSource.group.defaultTag')}
                  </Tag>
                )}
                <Typography.Text type="secondary" className="group-box__count">
                  {g.count}
                </Typography.Text>
              </>,
              canEdit && !isDefault ? (
                <GroupItemActions
                  texts={{
                    edit: t('configure.dataSource.group.edit'),
                    editNamed: t('configure.dataSource.group.editNamed', { name: label }),
                    deleteConfirm: t('configure.dataSource.group.deleteConfirm', { name: label }),
                    deleteHint: t('configure.dataSource.group.deleteHint'),
                    delete: t('configure.dataSource.action.delete'),
                    deleteNamed: t('configure.dataSource.group.deleteNamed', { name: label }),
                  }}
                  onEdit={() => onEdit(g)}
                  onDelete={() => {
                    // A refused delete (115413: still has data sources) shows the server's message as a toast.
                    void remove.mutateAsync(g.id).then(
                      () => {
                        toast.success(t('configure.dataSource.group.deleted'));
                        if (selectedId === g.id) onSelect(undefined);
                      },
                      () => undefined,
                    );
                  }}
                />
              ) : undefined,
            );
          })}
        </GroupListBox>
      </GroupListState>
    </div>
  );
}
