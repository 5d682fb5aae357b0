// Users holding a device (shares or distributions): one summary per user, and the removable list of them.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, List, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { formatTime } from '../../lib/format';
import type { GrantUser } from '../../types';

export function GrantUserSummary({ user }: { user: GrantUser }) {
  const { t } = useTranslation();
  return (
    <Space size={8} wrap>
      <Typography.Text strong>{user.user_name}</Typography.Text>
      {user.nick_name && <Typography.Text type="secondary">{user.nick_name}</Typography.Text>}
      <Tag variant="filled" color={user.can_write ? 'orange' : 'default'}>
        {user.can_write ? t('device.grant.readWrite') : t('device.grant.readOnly')}
      </Tag>
      <Typography.Text type="secondary" className="devreg-muted-small">
        {formatTime(user.created_at)}
      </Typography.Text>
    </Space>
  );
}

interface GrantListProps {
  items: GrantUser[];
  loading: boolean;
  empty: string;
  /** The confirmation, its button and the delete button's accessible name, for one user. */
  confirmTitle: (user: GrantUser) => string;
  confirmOk: string;
  removeLabel: (user: GrantUser) => string;
  onRemove: (user: GrantUser) => void;
}

/** The users holding a device (shares or distributions), each removable after a confirmation. */
export function GrantList({
  items,
  loading,
  empty,
  confirmTitle,
  confirmOk,
  removeLabel,
  onRemove,
}: GrantListProps) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <List
      size="small"
      bordered
      dataSource={items}
      renderItem={(u) => (
        <List.Item
          actions={[
            <Popconfirm
              key="remove"
              title={confirmTitle(u)}
              okText={confirmOk}
              cancelText={t('common.action.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onRemove(u)}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={removeLabel(u)} />
            </Popconfirm>,
          ]}
        >
          <GrantUserSummary user={u} />
        </List.Item>
      )}
    />
  );
}
