// One timer for every date-and-time element on the page: the first subscriber starts it, the last one stops it,
// and each tick (on the second) notifies all, so 100 clocks cost one interval, not 100.
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;
let now = Date.now();

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
  // The next tick falls just after the next whole second, so the clocks change together with the wall clock.
  timer = setTimeout(tick, 1000 - (now % 1000) + 5);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setTimeout(tick, 1000 - (now % 1000) + 5);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

function snapshot(): number {
  return now;
}

/** The current time in epoch milliseconds, updated once a second while `active`; a fixed sample when not. */
export function useClock(active: boolean, sample: number): number {
  const time = useSyncExternalStore(active ? subscribe : noSubscribe, snapshot, snapshot);
  return active ? time : sample;
}

function noSubscribe(): () => void {
  return () => undefined;
}

/** How many clocks are ticking (tests). */
export function clockListeners(): number {
  return listeners.size;
}
