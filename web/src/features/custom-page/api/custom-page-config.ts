// GET /yun/customPage/config and PUT /yun/customPage (P90000): the whole configuration the configuration screen edits,
// saved against the version it loaded (100023 on `version` when someone saved in between). Silent: the screen shows
// each refusal where it belongs. A save refreshes the signed-in user's own menus at once.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { get, put } from '@/lib/http';
import type { CustomPageConfigOut, CustomPageIn } from '@/lib/custom-menus/types';
import { setCustomPage } from '@/lib/session';
import { getCustomPage } from './get-custom-page';

/** 100023: the configuration was saved by someone else since it was loaded. */
export const SAVE_CONFLICT = '100023';

export const customPageKeys = {
  config: ['customPage', 'config'] as const,
};

export function getCustomPageConfig(): Promise<CustomPageConfigOut> {
  return get<CustomPageConfigOut>('/yun/customPage/config', undefined, { silent: true });
}

export const customPageConfigQuery = () =>
  queryOptions({ queryKey: customPageKeys.config, queryFn: getCustomPageConfig, staleTime: 0 });

export function useCustomPageConfig() {
  return useQuery(customPageConfigQuery());
}

export function saveCustomPage(body: CustomPageIn): Promise<CustomPageConfigOut> {
  return put<CustomPageConfigOut>('/yun/customPage', body, { silent: true });
}

export function useSaveCustomPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomPage,
    onSuccess: async (saved) => {
      queryClient.setQueryData(customPageKeys.config, saved);
      // The sidebar and the top bar show what this user now sees (a failure keeps the menus shown).
      await getCustomPage().then(setCustomPage, () => undefined);
    },
  });
}
