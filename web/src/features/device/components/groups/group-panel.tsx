// The device groups on the left of the registry: "All devices", each group with its count, create/edit/delete.
import { AppstoreOutlined, FolderOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Card, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { GroupItemActions } from '@/components/group-item-actions';
import { GroupAddButton, GroupList, GroupListItem, GroupListState } from '@/components/group-list';

import { Can } from '@/components/can';
import { Perm } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import { useDeleteDeviceGroup } from '../../api/delete-device-group';
import { showSharedEntry } from '../../lib/share-group';
import type { DeviceGroupOut } from '../../types';

interface GroupPanelProps {
  groups: DeviceGroupOut[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** null: all devices; 'shared': the shares from other tenants not filed in a group. */
  selectedId: number | 'shared' | null;
  /** How many shares wait unfiled (undefined while unknown). */
  sharedCount: number | undefined;
  onSelect: (id: number | null) => void;
  onSelectShared: () => void;
  onCreate: () => void;
  onEdit: (group: DeviceGroupOut) => void;
}

export function GroupPanel({
  groups,
  loading,
  error,
  onRetry,
  selectedId,
  sharedCount,
  onSelect,
  onSelectShared,
  onCreate,
  onEdit,
}: GroupPanelProps) {
  const { t } = useTranslation();
  const remove = useDeleteDeviceGroup();

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
      block="devreg-groups"
      selected={selected}
      onSelect={select}
      icon={icon}
      actions={actions}
    >
      {body}
    </GroupListItem>
  );

  return (
    <Card
      className="devreg-groups"
      title={t('device.group.title')}
      extra={
        <Can perm={Perm.DEVICE_GROUP}>
          <GroupAddButton label={t('device.group.create')} onClick={onCreate} />
        </Can>
      }
    >
      <GroupListState
        loading={loading}
        error={error}
        rows={5}
        failedText={t('device.group.loadFailed')}
        retryText={t('device.action.retry')}
        onRetry={onRetry}
      >
        <GroupList block="devreg-groups" label={t('device.group.title')}>
          {item(
            'all',
            selectedId === null,
            () => onSelect(null),
            <AppstoreOutlined />,
            <span className="devreg-groups__name">{t('device.group.all')}</span>,
          )}
          {groups.map((g) => {
            const label = g.name;
            return item(
              String(g.id),
              selectedId === g.id,
              () => onSelect(g.id),
              <FolderOutlined />,
              <>
                <span className="devreg-groups__name" title={g.notes || label}>
                  {label}
                </span>
                {g.is_default && (
                  <Tag variant="filled" className="devreg-groups__tag">
                    {t('device.group.defaultTag')}
                  </Tag>
                )}
                <Typography.Text type="secondary" className="devreg-groups__count">
                  {g.device_count}
                </Typography.Text>
              </>,
              // The server marks the groups the caller may rename and delete (its maker, their secondary
              // administrator, the administrator).
              g.editable && (
                <Can perm={Perm.DEVICE_GROUP}>
                  <GroupItemActions
                    texts={{
                      edit: t('device.group.edit'),
                      editNamed: t('device.group.editNamed', { name: label }),
                      deleteConfirm: t('device.group.deleteConfirm', { name: label }),
                      deleteHint: t('device.group.deleteHint'),
                      delete: t('device.action.delete'),
                      deleteNamed: t('device.group.deleteNamed', { name: label }),
                    }}
                    onEdit={() => onEdit(g)}
                    onDelete={
                      g.is_default
                        ? undefined
                        : () => {
                            remove.mutateAsync(g.id).then(
                              () => {
                                toast.success(t('device.group.deleted'));
                                if (selectedId === g.id) onSelect(null);
                              },
                              () => undefined,
                            );
                          }
                    }
                  />
                </Can>
              ),
            );
          })}
          {showSharedEntry(sharedCount, selectedId === 'shared') &&
            item(
              'shared',
              selectedId === 'shared',
              onSelectShared,
              <ShareAltOutlined />,
              <>
                <span className="devreg-groups__name">{t('device.group.sharedWithMe')}</span>
                <Typography.Text type="secondary" className="devreg-groups__count">
                  {sharedCount ?? ''}
                </Typography.Text>
              </>,
            )}
          {groups.length === 0 && (
            <li className="devreg-groups__empty">
              <Typography.Text type="secondary">{t('device.group.empty')}</Typography.Text>
            </li>
          )}
        </GroupList>
      </GroupListState>
    </Card>
  );
}
