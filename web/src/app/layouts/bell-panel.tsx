// The bell's popover (app/layouts/alarm-bell.tsx): a tab of each, the latest unconfirmed alarms and the latest unread
// messages. A chunk of its own, loaded when the bell is first pointed at or opened: what it draws (antd's Popover,
// Spin, Empty and Typography, the alarm tags) is on no first screen.
import { Badge, Button, Empty, Popover, Spin, Tabs, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { AlarmLevelTag } from '@/components/alarms/alarm-tags';
import { useMarkMessagesRead } from '@/features/info/api/update-messages';
import { messageLink, messageText } from '@/features/info/lib/messages';
import type { MessageOut } from '@/features/info/types';
import { useRealtimeAlarms } from '@/lib/alarms/list-realtime-alarms';
import type { AlarmOut } from '@/lib/alarms/types';
import { useUnreadMessages } from './bell-messages';
import './alarm-bell.css';
import { zoned } from '@/lib/timezone';

/** How many of the latest unconfirmed alarms the bell lists. */
export const BELL_ALARMS = 5;

/** Where a message without a page of its own leads. */
const INBOX = '/info/inbox';

export type BellSection = 'alarms' | 'messages';

function AlarmItem({ alarm, onOpen }: { alarm: AlarmOut; onOpen: () => void }) {
  return (
    <li className="alarm-bell__item">
      <AlarmLevelTag level={alarm.alarm_level} />
      <div className="alarm-bell__body">
        <Link to={`/deviceDetail/${String(alarm.device_id)}`} onClick={onOpen} className="alarm-bell__name">
          {alarm.alarm_name}
        </Link>
        <Typography.Text type="secondary" ellipsis className="alarm-bell__meta">
          {`${alarm.dev_alias || alarm.sn_code} · ${zoned(alarm.alarm_time).format('MM-DD HH:mm:ss')}`}
        </Typography.Text>
      </div>
    </li>
  );
}

function AlarmsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alarms = useRealtimeAlarms({ page: 1, page_size: BELL_ALARMS });
  const items = alarms.data?.items ?? [];
  let body;
  if (alarms.isPending) body = <Spin className="alarm-bell__state" />;
  else if (alarms.isError)
    body = <Typography.Text type="danger">{t('telemetry.alarm.loadFailed')}</Typography.Text>;
  else if (items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.bell.empty')} />;
  else
    body = (
      <ul className="alarm-bell__list">
        {items.map((alarm) => (
          <AlarmItem key={alarm.id} alarm={alarm} onOpen={onClose} />
        ))}
      </ul>
    );
  return (
    <>
      {body}
      <Button
        type="link"
        block
        className="alarm-bell__all"
        onClick={() => {
          onClose();
          void navigate('/info/realTimeFault');
        }}
      >
        {t('layout.bell.all', { count: alarms.data?.total ?? 0 })}
      </Button>
    </>
  );
}

function MessageItem({ message, onOpen }: { message: MessageOut; onOpen: () => void }) {
  const { t } = useTranslation();
  const { title, body } = messageText(t, message);
  return (
    <li className="alarm-bell__item">
      <Badge status="processing" className="alarm-bell__dot" />
      <div className="alarm-bell__body">
        <Link to={messageLink(message) ?? INBOX} onClick={onOpen} className="alarm-bell__name">
          {title || body || t('layout.bell.untitled')}
        </Link>
        {title && body && (
          <Typography.Text ellipsis className="alarm-bell__text">
            {body}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" ellipsis className="alarm-bell__meta">
          {`${message.sender_name ?? t('layout.bell.system')} · ${zoned(message.created_at).format('MM-DD HH:mm')}`}
        </Typography.Text>
      </div>
    </li>
  );
}

function MessagesPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inbox = useUnreadMessages();
  const markRead = useMarkMessagesRead();
  const items = inbox.data?.items ?? [];
  const unread = inbox.data?.unread ?? 0;
  let body;
  if (inbox.isPending) body = <Spin className="alarm-bell__state" />;
  else if (inbox.isError)
    body = <Typography.Text type="danger">{t('layout.bell.messagesFailed')}</Typography.Text>;
  else if (items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.bell.noMessages')} />;
  else
    body = (
      <ul className="alarm-bell__list">
        {items.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            onOpen={() => {
              markRead.mutate({ ids: [message.id] });
              onClose();
            }}
          />
        ))}
      </ul>
    );
  return (
    <>
      {body}
      <div className="alarm-bell__actions">
        {unread > 0 && (
          <Button
            type="link"
            loading={markRead.isPending}
            onClick={() => {
              markRead.mutate({ all: true });
            }}
          >
            {t('layout.bell.markAllRead')}
          </Button>
        )}
        <Button
          type="link"
          className="alarm-bell__more"
          onClick={() => {
            onClose();
            void navigate(INBOX);
          }}
        >
          {t('layout.bell.allMessages')}
        </Button>
      </div>
    </>
  );
}

interface BellPanelProps {
  sections: BellSection[];
  alarms: number;
  messages: number;
  onClose: () => void;
}

function BellPanel({ sections, alarms, messages, onClose }: BellPanelProps) {
  const { t } = useTranslation();
  // The alarms first, unless only messages wait; chosen as the panel opens.
  const [active, setActive] = useState<BellSection>(() =>
    sections.includes('messages') && alarms === 0 && messages > 0 ? 'messages' : (sections[0] ?? 'alarms'),
  );
  const panel = (section: BellSection) =>
    section === 'alarms' ? <AlarmsPanel onClose={onClose} /> : <MessagesPanel onClose={onClose} />;
  if (sections.length < 2) return <div className="alarm-bell">{panel(sections[0] ?? 'alarms')}</div>;
  return (
    <div className="alarm-bell">
      <Tabs
        size="small"
        className="alarm-bell__tabs"
        activeKey={active}
        onChange={(key) => {
          setActive(key as BellSection);
        }}
        items={[
          {
            key: 'alarms',
            label: t('layout.bell.alarmsTab', { count: alarms }),
            children: panel('alarms'),
          },
          {
            key: 'messages',
            label: t('layout.bell.messagesTab', { count: messages }),
            children: panel('messages'),
          },
        ]}
      />
    </div>
  );
}

interface BellPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  sections: BellSection[];
  alarms: number;
  messages: number;
  /** The bell's button. */
  children: ReactNode;
}

export default function BellPopover({
  open,
  onOpenChange,
  title,
  sections,
  alarms,
  messages,
  children,
}: BellPopoverProps) {
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      // A phone's header has the bell near, not at, the right edge: the panel shifts to stay on screen.
      align={{ overflow: { shiftX: true, adjustY: true } }}
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      content={
        open ? (
          <BellPanel
            sections={sections}
            alarms={alarms}
            messages={messages}
            onClose={() => {
              onOpenChange(false);
            }}
          />
        ) : null
      }
      destroyOnHidden
    >
      {children}
    </Popover>
  );
}
