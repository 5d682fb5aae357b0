// The owner's view of who a device is shared with, with a shortcut to the share dialog.
import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { useShares } from '../../api/list-shares';
import { SHARE_USERS_MAX } from '../../lib/rules';
import type { DeviceDetailOut } from '../../types';

export function ShareSummary({ device, onManage }: { device: DeviceDetailOut; onManage: () => void }) {
  const { t } = useTranslation();
  const shares = useShares(device.id);
  const items = shares.data?.items ?? [];
  const count = shares.data ? items.length : device.share_count;
  const remaining = shares.data?.remaining ?? device.share_remaining;

  return (
    <Card
      title={t('device.detail.sharing')}
      className="devreg-section"
      extra={
        device.registered && (
          <Button type="text" size="small" icon={<ShareAltOutlined />} onClick={onManage}>
            {t('device.share.manage')}
          </Button>
        )
      }
    >
      <div className="devreg-share-summary">
        <Progress
          type="circle"
          size={64}
          percent={(count / SHARE_USERS_MAX) * 100}
          format={() => `${count}/${SHARE_USERS_MAX}`}
        />
        <Space orientation="vertical" size={4}>
          <Typography.Text>{t('device.share.summary', { count })}</Typography.Text>
          <Typography.Text type="secondary">
            {t('device.share.remaining', { remaining, max: SHARE_USERS_MAX })}
          </Typography.Text>
        </Space>
      </div>
      {items.length > 0 ? (
        <div className="devreg-share-summary__names">
          {items.map((u) => (
            <Tag key={u.user_id} variant="filled" color={u.can_write ? 'orange' : 'blue'}>
              {u.nick_name ? `${u.user_name} (${u.nick_name})` : u.user_name}
            </Tag>
          ))}
        </div>
      ) : (
        !shares.isPending && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('device.share.none')}
            className="devreg-empty-tight"
          />
        )
      )}
    </Card>
  );
}
