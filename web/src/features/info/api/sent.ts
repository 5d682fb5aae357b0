// The sent box (P70000, administrators and secondary administrators only: 100015 otherwise; docs/api-messages.md):
// GET /yun/messageCenter/send a page of the caller's written messages, newest first, each with whom it was addressed
// to and how many of its recipients read it; POST /yun/message/send writes one to users, roles and user groups
// (117802 empty, 117804 too long, 117803 reaching nobody, 117815 a recipient outside the writer's reach, 117814 a
// control character in the title: each names its field); DELETE /yun/messageCenter/send removes the writer's copies
// (the recipients keep theirs).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { delWithBody, get, post } from '@/lib/http';
import { SEARCH_MAX } from './board';
import { infoKeys } from './keys';
import { systemMsgKeys } from './system-msg-keys';
import type { SendIn, SentDeleteOut, SentOut, SentPage, SentParams } from './system-msg-types';

export function listSent(params: SentParams): Promise<SentPage> {
  return get<SentPage>('/yun/messageCenter/send', { ...params, q: params.q?.slice(0, SEARCH_MAX) });
}

export const sentQueryOptions = (params: SentParams) =>
  queryOptions({
    queryKey: systemMsgKeys.sentList(params),
    queryFn: () => listSent(params),
    placeholderData: keepPreviousData,
  });

export function useSent(params: SentParams, enabled = true) {
  return useQuery({ ...sentQueryOptions(params), enabled });
}

/** No toast: the form shows the error on its field (or above its buttons). */
export function sendMessage(body: SendIn): Promise<SentOut> {
  return post<SentOut>('/yun/message/send', body, { silent: true });
}

export function deleteSent(ids: number[]): Promise<SentDeleteOut> {
  return delWithBody<SentDeleteOut>('/yun/messageCenter/send', { ids });
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // The writer may have named themselves: their inbox holds a copy then.
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: systemMsgKeys.sent() }),
        client.invalidateQueries({ queryKey: infoKeys.inbox() }),
      ]);
    },
  });
}

export function useDeleteSent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSent,
    onSettled: () => client.invalidateQueries({ queryKey: systemMsgKeys.sent() }),
  });
}
