// GET /yun/messageCenter/receive: a page of the caller's inbox, newest first, with the unread count (P71000;
// docs/api-messages.md).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { InboxOut, InboxParams } from '../types';
import { infoKeys } from './keys';

export function listInbox(params: InboxParams): Promise<InboxOut> {
  return get<InboxOut>('/yun/messageCenter/receive', { ...params });
}

export const inboxQueryOptions = (params: InboxParams) =>
  queryOptions({
    queryKey: infoKeys.inboxList(params),
    queryFn: () => listInbox(params),
    placeholderData: keepPreviousData,
  });

export function useInbox(params: InboxParams) {
  return useQuery(inboxQueryOptions(params));
}
