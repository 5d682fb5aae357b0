// Values older than the device's offline timeout grey out instead of lying (issue 16 point 1). One clock per screen
// ticks (every STALE_TICK_MS) and tells every element; each element asks whether its own values are stale through
// useSyncExternalStore, whose snapshot is a number or null, so only the elements whose answer flipped re-render.
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';

import type { BoundValue } from '../elements/types';

/** How often a screen looks again at its values' age. */
export const STALE_TICK_MS = 5_000;
/** The server's offline timeout when GET /rDev does not say it (IOTYUN_OFFLINE_AFTER_SECONDS' default). */
export const DEFAULT_OFFLINE_TIMEOUT_MS = 90_000;

export interface StaleClock {
  /** The time the elements compare against (epoch ms), moved on each tick. */
  now: () => number;
  /** A value older than this (ms) is stale. */
  readonly timeoutMs: number;
  subscribe: (listener: () => void) => () => void;
  dispose: () => void;
}

/** What a screen gives its elements: its clock and the title of a stale element. */
export interface StaleScreen {
  clock: StaleClock;
  title: (since: number) => string;
}

export interface StaleClockOptions {
  tickMs?: number;
  /** The wall clock (tests pass their own). */
  clock?: () => number;
  /** Starts the ticks; returns their stop (tests step by hand). */
  every?: (callback: () => void, ms: number) => () => void;
}

const intervalEvery = (callback: () => void, ms: number) => {
  const id = setInterval(callback, ms);
  return () => {
    clearInterval(id);
  };
};

/** A clock that reads the time once per tick and tells its listeners; it ticks only while someone listens. */
export function createStaleClock(timeoutMs: number, options: StaleClockOptions = {}): StaleClock {
  const { tickMs = STALE_TICK_MS, clock = Date.now, every = intervalEvery } = options;
  const listeners = new Set<() => void>();
  let current = clock();
  let stop: (() => void) | null = null;
  const tick = () => {
    current = clock();
    for (const listener of listeners) listener();
  };
  return {
    now: () => current,
    timeoutMs,
    subscribe: (listener) => {
      listeners.add(listener);
      if (!stop) {
        current = clock();
        stop = every(tick, tickMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stop) {
          stop();
          stop = null;
        }
      };
    },
    dispose: () => {
      stop?.();
      stop = null;
      listeners.clear();
    },
  };
}

/** Since when the values are stale: the oldest report older than the timeout at `now`, or null (fresh, or never
 * reported: no value is not an old one). */
export function staleSince(
  values: Readonly<Record<string, BoundValue | undefined>>,
  now: number,
  timeoutMs: number,
): number | null {
  let oldest: number | null = null;
  for (const value of Object.values(values)) {
    const ts = value?.ts;
    if (ts === null || ts === undefined || now - ts <= timeoutMs) continue;
    if (oldest === null || ts < oldest) oldest = ts;
  }
  return oldest;
}

/** The screen's clock (null: nothing greys out, as in the editor's canvas). */
export const StaleScreenContext = createContext<StaleScreen | null>(null);

const noSubscribe = () => () => undefined;
const fresh = () => null;

/** Since when the element's values are stale (epoch ms) or null; re-renders only when that answer changes. */
export function useStaleSince(values: Readonly<Record<string, BoundValue | undefined>>): number | null {
  const clock = useContext(StaleScreenContext)?.clock ?? null;
  const read = useMemo(
    () => (clock ? () => staleSince(values, clock.now(), clock.timeoutMs) : fresh),
    [clock, values],
  );
  return useSyncExternalStore(clock ? clock.subscribe : noSubscribe, read, read);
}
