// Sent notices pop up once (POST /bulletin/board/popup, P70000): asked once per page load and session by the console's
// frame (so never on /login or a share link's page, which have none), then shown one after another in a dialog. The
// server marks them taken as it answers, so each pops up once, in whichever tab asked first. Not while simulating
// another user (it would take that user's pop-ups) nor while a password change is forced (its dialog comes first).
// The dialog (notice-modal.tsx) loads when there is a notice to show.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useCan } from '@/components/can';
import { post } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { NoticeModal } from './deferred-modals';
import type { PopupOut } from './notice-modal';

/** The notices still to pop up for the caller, taken as they are answered (each pops up once). */
export function takePopups(): Promise<PopupOut[]> {
  // Nothing the user asked for: a failure shows nothing (the notices stay for the next page load).
  return post<PopupOut[]>('/bulletin/board/popup', undefined, { silent: true });
}

/** The sessions (by token) whose notices this page load has asked for already. */
const asked = new Set<string>();

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
