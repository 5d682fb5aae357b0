// The share page's own state (SPEC §3 "Share state: shareUserInfo"): the link's creator as the page acts, the link
// and its devices, and the end code once the link stops answering. Never the session: a share visitor has no token,
// and a signed-in user opening a link keeps their own session untouched.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

import type { SharedModuleOut, SharedUserOut } from '../api/shared';

export interface ShareState {
  token: string;
  shareUser: SharedUserOut | null;
  link: SharedModuleOut['link'] | null;
  devices: SharedModuleOut['devices'];
  /** 118301–118305 once the link ended (at open or later); null while it answers. */
  endedWith: number | null;
}

const EMPTY: ShareState = { token: '', shareUser: null, link: null, devices: [], endedWith: null };

export const shareStore = createStore<ShareState>(() => EMPTY);

/** A link opened: what it answered replaces whatever another link left. */
export function setOpenedLink(token: string, opened: SharedModuleOut): void {
  shareStore.setState({
    token,
    shareUser: opened.share_user,
    link: opened.link,
    devices: opened.devices,
    endedWith: null,
  });
}

/** The link stopped answering with `code`; the first end wins. */
export function endShare(code: number): void {
  if (shareStore.getState().endedWith === null) shareStore.setState({ endedWith: code });
}

export function resetShare(): void {
  shareStore.setState(EMPTY, true);
}

export function useShare<T>(select: (state: ShareState) => T): T {
  return useStore(shareStore, select);
}
