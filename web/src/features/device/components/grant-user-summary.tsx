// One user a device is shared with or distributed to: name, nickname, read or read-write, since when.
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { formatTime } from '../lib/format';
import type { GrantUser } from '../types';

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
