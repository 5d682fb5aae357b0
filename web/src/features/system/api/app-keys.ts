// App keys of the open API (P80000; docs/api-system.md "Open API"): GET /yun/appkeys the caller's keys (the tenant's
// administrator: every key of the tenant); POST /yun/appkeys makes one and answers its secret, this once (117850 the
// name, 117852 no scope, 117854 the expiry, 117853 the IP allow list: each names its field; 117851 past the cap);
// POST /yun/appkeys/{id}/revoke ends one at once (117849 for one not the caller's).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { get, post } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type AppKeyOut = Schema<'AppKeyOut'>;
export type AppKeyIn = Schema<'AppKeyIn'>;
export type AppKeyCreatedOut = Schema<'AppKeyCreatedOut'>;
export type AppKeyScope = AppKeyOut['scopes'][number];
export type AppKeyState = AppKeyOut['state'];

export const appKeyKeys = {
  all: () => ['system', 'appkeys'] as const,
};

export function listAppKeys(): Promise<AppKeyOut[]> {
  return get<AppKeyOut[]>('/yun/appkeys');
}

export function useAppKeys() {
  return useQuery({ queryKey: appKeyKeys.all(), queryFn: listAppKeys });
}

/** The signed-in user's active keys for the reference's try-it panel (public: nothing asked without a session,
 * no toast when the user may not list keys). */
export function useMyActiveKeys(signedIn: boolean) {
  return useQuery({
    queryKey: [...appKeyKeys.all(), 'active'],
    queryFn: () => get<AppKeyOut[]>('/yun/appkeys', undefined, { silent: true }),
    select: (keys) => keys.filter((k) => k.state === 'active'),
    enabled: signedIn,
    retry: false,
  });
}

/** No toast: the form shows the error on its field. */
export function createAppKey(body: AppKeyIn): Promise<AppKeyCreatedOut> {
  return post<AppKeyCreatedOut>('/yun/appkeys', body, { silent: true });
}

export function revokeAppKey(id: number): Promise<AppKeyOut> {
  return post<AppKeyOut>(`/yun/appkeys/${String(id)}/revoke`);
}

function useAppKeyMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: appKeyKeys.all() }),
  });
}

export const useCreateAppKey = () => useAppKeyMutation(createAppKey);
export const useRevokeAppKey = () => useAppKeyMutation(revokeAppKey);
