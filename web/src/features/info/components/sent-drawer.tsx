// A written message read in full: whom it was addressed to, how many it reached and how many of them read it, when
// it was sent, and its text as written (line breaks kept; plain text, never HTML).
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { useIsPhone } from '@/components/use-phone';
import type { SentOut } from '../api/system-msg-types';
import { formatLogTime } from '../lib/format';
import { addressees } from '../lib/system-msg';
import { RecipientTags } from './recipient-tags';

export interface SentDrawerProps {
  open: boolean;
  message: SentOut | null;
  onDelete: (message: SentOut) => void;
  onClose: () => void;
}

export function ReadProgress({ message }: { message: Pick<SentOut, 'read' | 'recipients'> }) {
  const { t } = useTranslation();
  const percent = message.recipients > 0 ? Math.round((message.read / message.recipients) * 100) : 0;
  return (
    <div className="read-progress">
      <span className="read-progress__text">
        {t('info.systemMsg.sent.readOf', { read: message.read, total: message.recipients })}
      </span>
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        status={message.recipients > 0 && message.read >= message.recipients ? 'success' : 'normal'}
        aria-label={t('info.systemMsg.sent.readPercent', { percent })}
      />
    </div>
  );
}

export function SentDrawer({ open, message, onDelete, onClose }: SentDrawerProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 600}
      title={message?.title}
      className="system-msg-drawer"
      footer={
        message && (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => {
              onDelete(message);
            }}
          >
            {t('info.systemMsg.action.delete')}
          </Button>
        )
      }
    >
      {message && (
        <>
          <Descriptions
            size="small"
            column={1}
            className="system-msg-drawer__meta"
            items={[
              {
                key: 'to',
                label: t('info.systemMsg.column.to'),
                children: <RecipientTags addressees={addressees(t, message)} />,
              },
              {
                key: 'read',
                label: t('info.systemMsg.column.read'),
                children: <ReadProgress message={message} />,
              },
              {
                key: 'time',
                label: t('info.systemMsg.detail.sentAt'),
                children: formatLogTime(message.created_at),
              },
            ]}
          />
          <Typography.Paragraph className="system-msg__text">{message.body}</Typography.Paragraph>
        </>
      )}
    </Drawer>
  );
}
