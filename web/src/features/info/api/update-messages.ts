// POST /yun/message/receive/read (these ids, or all) and DELETE /yun/messageCenter/receive (these ids): the caller's
// own messages only, a batch all or nothing (117801; docs/api-messages.md). Each refreshes the inbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { delWithBody, post } from '@/lib/http';
import type { Schema } from '@/types/schema';
import { infoKeys } from './keys';

export type ReadOut = Schema<'ReadOut'>;
export type DeleteOut = Schema<'DeleteOut'>;

export function markMessagesRead(target: { ids: number[] } | { all: true }): Promise<ReadOut> {
  return post<ReadOut>('/yun/message/receive/read', target);
}

export function deleteMessages(ids: number[]): Promise<DeleteOut> {
  return delWithBody<DeleteOut>('/yun/messageCenter/receive', { ids });
}

export function useMarkMessagesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSettled: () => client.invalidateQueries({ queryKey: infoKeys.inbox() }),
  });
}

export function useDeleteMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMessages,
    onSettled: () => client.invalidateQueries({ queryKey: infoKeys.inbox() }),
  });
}
