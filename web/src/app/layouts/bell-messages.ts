// The bell's messages (P71000): the unread count and the latest unread messages, one call for both
// (GET /yun/messageCenter/receive?read=false: `unread` and the first page). Read again as soon as the socket says the
// inbox changed (a message arrived, or some were read or deleted in another tab), and every minute besides.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { infoKeys } from '@/features/info/api/keys';
import type { InboxOut, InboxParams } from '@/features/info/types';
import { get } from '@/lib/http';
import { useInboxPush } from '@/lib/ws';

/** How many of the latest unread messages the bell lists. */
export const BELL_MESSAGES = 5;
/** The fallback refresh besides the pushes (as the alarm count's). */
export const BELL_MESSAGES_REFRESH_MS = 60_000;
/** A burst of pushes reads the inbox at most once a second. */
export const BELL_MESSAGES_THROTTLE_MS = 1_000;

export const BELL_MESSAGE_PARAMS: InboxParams = { read: false, page: 1, page_size: BELL_MESSAGES };

export function getUnreadMessages(): Promise<InboxOut> {
  // A background figure: a failure leaves the badge as it was, without a toast.
  return get<InboxOut>('/yun/messageCenter/receive', { ...BELL_MESSAGE_PARAMS }, { silent: true });
}

export const unreadMessagesQueryOptions = () =>
  queryOptions({
    // Under the inbox's keys, so marking read or deleting on the inbox page refreshes the bell too.
    queryKey: infoKeys.inboxList(BELL_MESSAGE_PARAMS),
    queryFn: getUnreadMessages,
    refetchInterval: BELL_MESSAGES_REFRESH_MS,
    staleTime: 10_000,
  });

export function useUnreadMessages(enabled = true) {
  return useQuery({ ...unreadMessagesQueryOptions(), enabled });
}

/** Reads the inbox again (the bell's count and list, and an open inbox page) whenever the socket says it changed: at
 * once, then at most once a second while pushes keep coming. */
export function useInboxRefresh(enabled = true): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const again = useRef(false);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  useInboxPush(() => {
    if (timer.current !== null) {
      again.current = true;
      return;
    }
    const refresh = () => {
      void client.invalidateQueries({ queryKey: infoKeys.inbox() });
      timer.current = setTimeout(() => {
        timer.current = null;
        if (again.current) {
          again.current = false;
          refresh();
        }
      }, BELL_MESSAGES_THROTTLE_MS);
    };
    refresh();
  }, enabled);
}
