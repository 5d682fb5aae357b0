// Devices' online state, live, for the cards that show many devices (the map, the device tree): one subscription
// per device on the dashboard source's socket (the tab's one socket in the console, the link's on a shared page), for
// its state only — the data source id 0, which no data source has,
// so the server pushes the device's snapshot state and its state changes and none of its values. The changes of
// one frame apply together (a hundred snapshots arriving at once render once). Out of sight (`enabled` false) the
// card lets go of its subscriptions and keeps the states it last had.
import { useEffect, useState } from 'react';

import { useDashboardSource } from './source';

/** The "no values" subscription: the state and nothing else. */
export const STATE_ONLY: readonly number[] = Object.freeze([0]);

/** Most devices a card follows live (the server reads at most 500 devices of one request). */
export const LIVE_DEVICES_MAX = 500;

function nextFrame(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(callback);
    return () => {
      cancelAnimationFrame(id);
    };
  }
  const id = setTimeout(callback, 16);
  return () => {
    clearTimeout(id);
  };
}

/** Device id → its live state (1 online, 2 offline) once the socket said; devices it has not said keep theirs. */
export function useLiveStates(ids: readonly number[], enabled: boolean): ReadonlyMap<number, number> {
  const { rtd } = useDashboardSource();
  const [states, setStates] = useState<ReadonlyMap<number, number>>(() => new Map());
  const key = ids.slice(0, LIVE_DEVICES_MAX).join(',');
  useEffect(() => {
    if (!enabled || !key) return undefined;
    const client = rtd();
    const changed = new Set<number>();
    let cancel: (() => void) | null = null;
    const flush = () => {
      cancel = null;
      const batch = [...changed];
      changed.clear();
      setStates((held) => {
        let next: Map<number, number> | null = null;
        for (const id of batch) {
          const state = client.getDevice(id).devState;
          if (state === null || held.get(id) === state) continue;
          next ??= new Map(held);
          next.set(id, state);
        }
        return next ?? held;
      });
    };
    const unsubscribe = key
      .split(',')
      .map(Number)
      .map((id) =>
        client.subscribeDevice(id, STATE_ONLY, () => {
          changed.add(id);
          cancel ??= nextFrame(flush);
        }),
      );
    return () => {
      cancel?.();
      for (const off of unsubscribe) off();
    };
  }, [key, enabled, rtd]);
  return states;
}
