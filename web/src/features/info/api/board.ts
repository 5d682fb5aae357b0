// The bulletin board (/bulletin/board, P70000; docs/api-messages.md): GET a page of the notices the caller sees (the
// sent ones that reach them; a writer also their drafts and scheduled ones) with whether the caller writes notices;
// a writer creates a draft, edits it until it is sent (117817 after), sends it now or schedules it (`at`, 117818 when
// not in the future or beyond NOTICE_SCHEDULE_MAX_DAYS), cancels a schedule and deletes a notice (117816: not found).
// Each change refreshes the board; a sent notice also lands in inboxes.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post, put } from '@/lib/http';
import { infoKeys } from './keys';
import { systemMsgKeys } from './system-msg-keys';
import type { BoardOut, BoardParams, NoticeIn, NoticeOut } from './system-msg-types';

/** The server's longest search text. */
export const SEARCH_MAX = 64;

export function listBoard(params: BoardParams): Promise<BoardOut> {
  return get<BoardOut>('/bulletin/board', { ...params, q: params.q?.slice(0, SEARCH_MAX) });
}

export const boardQueryOptions = (params: BoardParams) =>
  queryOptions({
    queryKey: systemMsgKeys.boardList(params),
    queryFn: () => listBoard(params),
    placeholderData: keepPreviousData,
  });

export function useBoard(params: BoardParams) {
  return useQuery(boardQueryOptions(params));
}

/** A new draft. No toast: the form shows the error on its field. */
export function createNotice(body: NoticeIn): Promise<NoticeOut> {
  return post<NoticeOut>('/bulletin/board', body, { silent: true });
}

/** A draft or scheduled notice's new title and text. No toast: the form shows the error on its field. */
export function updateNotice({ id, ...body }: NoticeIn & { id: number }): Promise<NoticeOut> {
  return put<NoticeOut>(`/bulletin/board/${String(id)}`, body, { silent: true });
}

/** Sends a notice now (no `at`) or schedules it for `at` (epoch ms). No toast when scheduling: the dialog shows it. */
export function sendNotice({ id, at }: { id: number; at?: number }): Promise<NoticeOut> {
  return post<NoticeOut>(`/bulletin/board/${String(id)}/send`, at === undefined ? {} : { at }, {
    silent: at !== undefined,
  });
}

export function cancelNotice(id: number): Promise<NoticeOut> {
  return post<NoticeOut>(`/bulletin/board/${String(id)}/cancel`, {});
}

export function deleteNotice(id: number): Promise<unknown> {
  return del<unknown>(`/bulletin/board/${String(id)}`);
}

function useBoardMutation<A, R>(mutationFn: (args: A) => Promise<R>, inbox = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: systemMsgKeys.board() }),
        inbox ? client.invalidateQueries({ queryKey: infoKeys.inbox() }) : undefined,
      ]);
    },
  });
}

export const useCreateNotice = () => useBoardMutation(createNotice);
export const useUpdateNotice = () => useBoardMutation(updateNotice);
export const useSendNotice = () => useBoardMutation(sendNotice, true);
export const useCancelNotice = () => useBoardMutation(cancelNotice);
export const useDeleteNotice = () => useBoardMutation(deleteNotice, true);
