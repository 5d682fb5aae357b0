// The dialog of the notices that pop up once (notice-popup.tsx): loaded the first time there is one to show, through
// deferred-modals.tsx, so the console's frame does not load antd's Modal and Typography for a dialog most page loads
// never open.
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { perOpening } from '@/components/per-opening';
import type { Schema } from '@/types/schema';
import './notice-popup.css';
import { zoned } from '@/lib/timezone';

export type PopupOut = Schema<'PopupOut'>;

/** Where every notice is listed. */
export const NOTICES_PAGE = '/info/systemMsg';

interface NoticeModalProps {
  open: boolean;
  notices: PopupOut[];
  onClose: () => void;
}

/** The notices one after another: Next, then OK on the last; closing it (×, Esc, the link) leaves the rest unshown
 * here (they stay on the notices page). */
export const NoticeModal = perOpening(function NoticeModal({ open, notices, onClose }: NoticeModalProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const notice = notices[index];
  if (!notice) return null;
  const last = index >= notices.length - 1;
  const meta = [
    notice.author_name,
    notice.sent_at === null ? null : zoned(notice.sent_at).format('YYYY-MM-DD HH:mm'),
  ].filter((part): part is string => Boolean(part));
  return (
    <Modal
      open={open}
      title={notice.title || t('layout.notice.untitled')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
      footer={
        <div className="notice-popup__footer">
          <Link to={NOTICES_PAGE} onClick={onClose}>
            {t('layout.notice.all')}
          </Link>
          {notices.length > 1 && (
            <Typography.Text type="secondary" className="notice-popup__count">
              {t('layout.notice.counter', { index: index + 1, total: notices.length })}
            </Typography.Text>
          )}
          <Button
            type="primary"
            autoFocus
            onClick={() => {
              if (last) onClose();
              else setIndex(index + 1);
            }}
          >
            {last ? t('layout.notice.ok') : t('layout.notice.next')}
          </Button>
        </div>
      }
    >
      {meta.length > 0 && (
        <Typography.Text type="secondary" className="notice-popup__meta">
          {meta.join(' · ')}
        </Typography.Text>
      )}
      <Typography.Paragraph className="notice-popup__content">{notice.content}</Typography.Paragraph>
    </Modal>
  );
});
