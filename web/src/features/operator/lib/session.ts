// The operator's session (docs/api-operations.md): apart from a tenant user's (lib/session), kept for the tab only
// (sessionStorage), so closing the tab signs the operator out of the console.
import { useSyncExternalStore } from 'react';

import type { Schema } from '@/types/schema';

export type OperatorAccount = Schema<'OperatorOut'>;

export interface OperatorSession {
  token: string;
  operator: OperatorAccount | null;
}

export const OPERATOR_SESSION_KEY = 'iotyun.operator';
const EMPTY_SESSION: OperatorSession = { token: '', operator: null };

function read(): OperatorSession {
  try {
    const raw = window.sessionStorage.getItem(OPERATOR_SESSION_KEY);
    if (!raw) return EMPTY_SESSION;
    const parsed = JSON.parse(raw) as Partial<OperatorSession>;
    return typeof parsed.token === 'string' && parsed.token
      ? { token: parsed.token, operator: parsed.operator ?? null }
      : EMPTY_SESSION;
  } catch {
    return EMPTY_SESSION;
  }
}

let current: OperatorSession = read();
const listeners = new Set<() => void>();

export function operatorSession(): OperatorSession {
  return current;
}

export function setOperatorSession(next: OperatorSession): void {
  current = next;
  if (next.token) window.sessionStorage.setItem(OPERATOR_SESSION_KEY, JSON.stringify(next));
  else window.sessionStorage.removeItem(OPERATOR_SESSION_KEY);
  for (const listener of listeners) listener();
}

export function clearOperatorSession(): void {
  setOperatorSession(EMPTY_SESSION);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOperatorSession(): OperatorSession {
  return useSyncExternalStore(subscribe, operatorSession, operatorSession);
}
