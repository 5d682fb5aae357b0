// Sent notices pop up once (POST /bulletin/board/popup, P70000): asked once per page load and session by the console's
// frame (so never on /login or a share link's page, which have none), then shown one after another in a dialog. The
// server marks them taken as it answers, so each pops up once, in whichever tab asked first. Not while simulating
// another user (it would take that user's pop-ups) nor while a password change is forced (its dialog comes first).
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import { perOpening } from '@/components/per-opening';
import { post } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import type { Schema } from '@/types/schema';
import './notice-popup.css';

export type PopupOut = Schema<'PopupOut'>;

/** Where every notice is listed. */
export const NOTICES_PAGE = '/info/systemMsg';

/** The notices still to pop up for the caller, taken as they are answered (each pops up once). */
export function takePopups(): Promise<PopupOut[]> {
  // Nothing the user asked for: a failure shows nothing (the notices stay for the next page load).
  return post<PopupOut[]>('/bulletin/board/popup', undefined, { silent: true });
}

/** The sessions (by token) whose notices this page load has asked for already. */
const asked = new Set<string>();

interface NoticeModalProps {
  open: boolean;
  notices: PopupOut[];
  onClose: () => void;
}

/** The notices one after another: Next, then OK on the last; closing it (×, Esc, the link) leaves the rest unshown
 * here (they stay on the notices page). */
const NoticeModal = perOpening(function NoticeModal({ open, notices, onClose }: NoticeModalProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const notice = notices[index];
  if (!notice) return null;
  const last = index >= notices.length - 1;
  const meta = [
    notice.author_name,
    notice.sent_at === null ? null : dayjs(notice.sent_at).format('YYYY-MM-DD HH:mm'),
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

/** Mounted once in the console's frame: takes the signed-in user's notices and pops them up. */
export function NoticePopup() {
  const token = useSession((s) => s.token);
  const rolesLoaded = useSession((s) => s.rolesLoaded);
  const simulating = useSession((s) => s.simulation !== null);
  const mustChangePassword = useSession((s) => s.mustChangePassword);
  const canRead = useCan(Perm.INFO);
  const enabled = token !== '' && rolesLoaded && canRead && !simulating && !mustChangePassword;
  const [notices, setNotices] = useState<PopupOut[]>([]);
  const [open, setOpen] = useState(false);
  const { mutate } = useMutation({
    mutationFn: takePopups,
    onSuccess: (list) => {
      setNotices(list);
      setOpen(list.length > 0);
    },
  });
  useEffect(() => {
    if (!enabled || asked.has(token)) return;
    asked.add(token);
    mutate();
  }, [enabled, token, mutate]);
  return (
    <NoticeModal
      open={open}
      notices={notices}
      onClose={() => {
        setOpen(false);
      }}
    />
  );
}
