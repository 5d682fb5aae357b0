// GET and PUT /yun/module/view/design: a screen's document with its revision. A save names the revision it was
// based on; one based on a replaced revision is refused with SCREEN_SAVED_SINCE and changes nothing, and the
// designer then offers to reload or to save again with `overwrite`.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { get, isApiError, put } from '@/lib/http';
import type { ScreenDesignInput, ScreenDesignOut } from '../types-screen';
import { templateChangeKeys } from './keys';
import { screenKeys } from './screen-keys';

/** 115020: another save of the screen landed after the editor loaded it. */
export const SCREEN_SAVED_SINCE = '115020';

export const isSavedSince = (error: unknown): boolean =>
  isApiError(error) && error.code === SCREEN_SAVED_SINCE;

export function getScreenDesign(id: number): Promise<ScreenDesignOut> {
  // The designer shows a not-found or load-failed state itself.
  return get<ScreenDesignOut>('/yun/module/view/design', { id }, { silent: true });
}

export const screenDesignQueryOptions = (id: number) =>
  queryOptions({
    queryKey: screenKeys.design(id),
    queryFn: () => getScreenDesign(id),
    enabled: Number.isInteger(id) && id > 0,
    // An editor keeps the revision it loaded: a refetch in the background would hide another editor's save.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useScreenDesign(id: number) {
  return useQuery(screenDesignQueryOptions(id));
}

export function saveScreenDesign(input: ScreenDesignInput): Promise<ScreenDesignOut> {
  // Silent: the designer keeps the user's work and shows the refusal (a rule's field, or the two-editors choice).
  return put<ScreenDesignOut>('/yun/module/view/design', input, { silent: true });
}

export function useSaveScreenDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScreenDesign,
    onSuccess: (saved) => {
      queryClient.setQueryData(screenKeys.design(saved.id), saved);
      queryClient.setQueryData(screenKeys.draft(saved.id), null);
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
