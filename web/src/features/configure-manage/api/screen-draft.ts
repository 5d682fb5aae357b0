// The caller's autosaved draft of a screen: GET (null unless written after the last save), PUT, DELETE.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, put } from '@/lib/http';
import type { ScreenDraftInput, ScreenDraftOut } from '../types-screen';
import { screenKeys } from './screen-keys';

export function getScreenDraft(id: number): Promise<ScreenDraftOut | null> {
  return get<ScreenDraftOut | null>('/yun/module/view/draft', { id }, { silent: true });
}

export const screenDraftQueryOptions = (id: number) =>
  queryOptions({
    queryKey: screenKeys.draft(id),
    queryFn: () => getScreenDraft(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: Infinity,
  });

export function useScreenDraft(id: number) {
  return useQuery(screenDraftQueryOptions(id));
}

export function saveScreenDraft(input: ScreenDraftInput): Promise<ScreenDraftOut> {
  // An autosave that fails is retried by the next one; the designer shows its own "not saved" state.
  return put<ScreenDraftOut>('/yun/module/view/draft', input, { silent: true });
}

export function useSaveScreenDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScreenDraft,
    onSuccess: (draft) => queryClient.setQueryData(screenKeys.draft(draft.screen_id), draft),
  });
}

export function discardScreenDraft(id: number): Promise<null> {
  return del<null>('/yun/module/view/draft', { id });
}

export function useDiscardScreenDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardScreenDraft,
    onSuccess: (_, id) => queryClient.setQueryData(screenKeys.draft(id), null),
  });
}
