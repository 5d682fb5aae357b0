// The notification channels as the pages show them: each with its icon and name; a rule's channels as a row of
// icons (the names in their tooltips and accessible names), a delivery's as a tag.
import { ApiOutlined, BellOutlined, MailOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EMPTY } from '@/lib/empty';
import { NOTIFY_CHANNELS, type NotifyChannel } from '../api/notify';

export const CHANNEL_ICONS: Record<NotifyChannel, ReactNode> = {
  console: <BellOutlined />,
  email: <MailOutlined />,
  sms: <MobileOutlined />,
  wechat: <WechatOutlined />,
  webhook: <ApiOutlined />,
};

export function ChannelTag({ channel }: { channel: NotifyChannel }) {
  const { t } = useTranslation();
  return (
    <Tag icon={CHANNEL_ICONS[channel]} variant="filled" className="notify-channel-tag">
      {t(`info.notify.channel.${channel}`)}
    </Tag>
  );
}

/** A rule's channels in the form's order, as icons. */
export function ChannelIcons({ channels }: { channels: readonly NotifyChannel[] }) {
  const { t } = useTranslation();
  const shown = NOTIFY_CHANNELS.filter((c) => channels.includes(c));
  if (shown.length === 0) return <>{EMPTY}</>;
  return (
    <span className="notify-channels" role="list">
      {shown.map((channel) => {
        const label = t(`info.notify.channel.${channel}`);
        return (
          <Tooltip key={channel} title={label}>
            <span
              className={`notify-channels__icon notify-channels__icon--${channel}`}
              role="listitem"
              aria-label={label}
            >
              {CHANNEL_ICONS[channel]}
            </span>
          </Tooltip>
        );
      })}
    </span>
  );
}
