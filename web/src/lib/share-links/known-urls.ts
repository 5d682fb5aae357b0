// The share-link addresses this tab has been given (issue 30 point 7: "a share link's URL is shown in its list").
// The server keeps a link's token only as its SHA-256 and sends the token once, in the answer that made it (create,
// reset), so it cannot list addresses (docs/decisions.md "A share link's address in its list"). The console keeps
// the tokens it was given, by link id, in this tab's memory only: never in storage, gone on reload or sign-out, so
// the list shows the full address of the links made or reset here and says how to get one for the others.
import { useSyncExternalStore } from 'react';

const tokens = new Map<number, string>();
const listeners = new Set<() => void>();

/** Remembers the token an answer carried (create, reset): the link's new address replaces any older one. */
export function rememberShareLinkToken(id: number, token: string | null | undefined): void {
  if (!token) return;
  tokens.set(id, token);
  for (const listener of listeners) listener();
}

/** Forgets every address (sign-out). */
export function forgetShareLinkTokens(): void {
  tokens.clear();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The link's token when this tab was given it, else null (its address: api.ts shareLinkUrl). */
export function useKnownShareLinkToken(id: number): string | null {
  return useSyncExternalStore(subscribe, () => tokens.get(id) ?? null);
}
