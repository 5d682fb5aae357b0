// The creator's share links (/yun/components/share, P82000): configuration links (devices' screens, /share-cfg),
// dashboard links (one dashboard, /share-db) and sector links (a business sector's dashboards in turn, /detail); list,
// create, edit (also revoke: use_state 0), reset the address and delete. A link's token (its address) comes only in
// the answer that made it (create, reset): the server keeps only its hash, so the console shows the address then,
// once. Shared by the links page (features/system) and the dialog that creates one from elsewhere
// (components/share-link-modal.tsx, opened by the configuration monitor, the dashboards page and the sector pages).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Schema } from '@/types/schema';
import { APP_BASENAME } from '../config';
import { del, get, post, put } from '../http';
import { compactParams } from '../alarms/list-realtime-alarms';
import { rememberShareLinkToken } from './known-urls';

export type ShareLinkOut = Schema<'ShareLinkOut'>;
/** A new link; a dashboard link names no devices (the server's default: none). */
export type ShareLinkIn = Omit<Schema<'ShareLinkIn'>, 'device_ids'> & { device_ids?: number[] };
export type ShareLinkUpdateIn = Schema<'ShareLinkUpdateIn'>;
export type ShareLinkState = ShareLinkOut['state'];
export type ShareDeviceOut = Schema<'ShareDeviceOut'>;

/** A device of the link its creator (or the caller) no longer reads: shown as gone, nothing of it but its id. */
export const isGone = (device: ShareDeviceOut): boolean => !device.available;

export interface ShareLinkPage {
  items: ShareLinkOut[];
  total: number;
  page: number;
  page_size: number;
}

export interface ShareLinkParams {
  page: number;
  page_size: number;
  keyword?: string | undefined;
  /** 1 enabled, 0 revoked. */
  use_state?: number | undefined;
}

/** A configuration link: the screens of 1–20 devices (/share-cfg). */
export const LINK_TYPE_CONFIGURATION = 1;
/** A dashboard link: one dashboard, read-only, its trees starting on a device and a group (/share-db). */
export const LINK_TYPE_DASHBOARD = 2;
/** A sector link: a business sector's dashboards in turn, read-only, starting on a device and a group (/detail). */
export const LINK_TYPE_SECTOR = 3;
export const PERMISSION_READ = 1;
export const PERMISSION_CONTROL = 2;

export const shareLinkKeys = {
  all: ['share-links'] as const,
  list: (params: ShareLinkParams) => [...shareLinkKeys.all, 'list', params] as const,
};

/** The page each link type opens. */
const LINK_PAGES: Record<number, string> = {
  [LINK_TYPE_CONFIGURATION]: 'share-cfg',
  [LINK_TYPE_DASHBOARD]: 'share-db',
  [LINK_TYPE_SECTOR]: 'detail',
};

/** The page a link opens, absolute: https://host/iotyun/share-cfg?token=… (a configuration), …/share-db?token=… (a
 * dashboard), …/detail?token=… (a sector). */
export function shareLinkUrl(
  token: string,
  linkType: number = LINK_TYPE_CONFIGURATION,
  origin: string = window.location.origin,
): string {
  const page = LINK_PAGES[linkType] ?? 'share-cfg';
  return `${origin}${APP_BASENAME}/${page}?token=${encodeURIComponent(token)}`;
}

export function listShareLinks(params: ShareLinkParams): Promise<ShareLinkPage> {
  return get<ShareLinkPage>('/yun/components/share', compactParams(params));
}

export function useShareLinks(params: ShareLinkParams) {
  return useQuery({
    queryKey: shareLinkKeys.list(params),
    queryFn: () => listShareLinks(params),
    placeholderData: keepPreviousData,
  });
}

/** The token of a create or reset answer, kept for the list (known-urls.ts). */
function remembered(link: ShareLinkOut): ShareLinkOut {
  rememberShareLinkToken(link.id, link.token);
  return link;
}

function useLinkMutation<I, O>(send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void client.invalidateQueries({ queryKey: shareLinkKeys.all }),
  });
}

/** The dialog shows a failure next to its field or above its buttons itself. */
export const useCreateShareLink = () =>
  useLinkMutation((input: ShareLinkIn) =>
    post<ShareLinkOut>('/yun/components/share', input, { silent: true }).then(remembered),
  );

/** `silent`: the caller shows a failure itself (the dialog); else it is a toast (a row's revoke). */
export const useUpdateShareLink = (silent = true) =>
  useLinkMutation((input: ShareLinkUpdateIn) =>
    put<ShareLinkOut>('/yun/components/share', input, { silent }),
  );

/** A new address for the link: the old one stops working at once (its open viewers are disconnected). */
export const useResetShareLink = () =>
  useLinkMutation((id: number) => post<ShareLinkOut>('/yun/components/share/reset', { id }).then(remembered));

export const useDeleteShareLink = () =>
  useLinkMutation((id: number) => del<null>('/yun/components/share', { id }));

/** Copies `text` to the clipboard; false when the browser refuses (no clipboard, not allowed). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
