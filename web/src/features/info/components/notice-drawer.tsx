// A notice read in full: its state, author, audience, times and recipient count, and its text as written (line
// breaks kept; plain text, never HTML), with the actions the caller may take on it at the foot.
import { Button, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { RowAction } from '@/components/table/row-actions';
import { useIsPhone } from '@/components/use-phone';
import { EMPTY } from '@/lib/empty';
import type { NoticeOut } from '../api/system-msg-types';
import { formatLogTime } from '../lib/format';
import { noticeAudience, STATE_COLORS } from '../lib/system-msg';

export interface NoticeDrawerProps {
  open: boolean;
  notice: NoticeOut | null;
  /** Whether the caller writes notices (then the state and the drafts' times show). */
  canWrite: boolean;
  actions: RowAction[];
  onClose: () => void;
}

export function NoticeDrawer({ open, notice, canWrite, actions, onClose }: NoticeDrawerProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const items = notice
    ? [
        canWrite && {
          key: 'state',
          label: t('info.systemMsg.column.state'),
          children: <Tag color={STATE_COLORS[notice.state]}>{t(`info.systemMsg.state.${notice.state}`)}</Tag>,
        },
        {
          key: 'author',
          label: t('info.systemMsg.column.author'),
          children: notice.author_name ?? EMPTY,
        },
        {
          key: 'audience',
          label: t('info.systemMsg.column.audience'),
          children: noticeAudience(t, notice),
        },
        notice.state === 'sent' && {
          key: 'sent',
          label: t('info.systemMsg.detail.sentAt'),
          children: formatLogTime(notice.sent_at),
        },
        notice.state === 'sent' &&
          canWrite && {
            key: 'recipients',
            label: t('info.systemMsg.column.recipients'),
            children: t('info.systemMsg.board.recipients', { count: notice.recipients }),
          },
        notice.state === 'scheduled' && {
          key: 'scheduled',
          label: t('info.systemMsg.detail.scheduledAt'),
          children: formatLogTime(notice.send_at),
        },
        canWrite &&
          notice.state !== 'sent' && {
            key: 'updated',
            label: t('info.systemMsg.detail.updatedAt'),
            children: formatLogTime(notice.updated_at),
          },
      ].filter((item) => item !== false)
    : [];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 600}
      title={notice?.title}
      className="system-msg-drawer"
      footer={
        actions.length > 0 && (
          <Space wrap className="system-msg-drawer__actions">
            {actions.map((action) => (
              <Button
                key={action.key}
                icon={action.icon}
                danger={action.danger}
                loading={action.loading}
                type={action.key === 'send' ? 'primary' : 'default'}
                onClick={action.onClick}
              >
                {action.label}
              </Button>
            ))}
          </Space>
        )
      }
    >
      {notice && (
        <>
          <Descriptions size="small" column={1} items={items} className="system-msg-drawer__meta" />
          <Typography.Paragraph className="system-msg__text">{notice.content}</Typography.Paragraph>
        </>
      )}
    </Drawer>
  );
}
