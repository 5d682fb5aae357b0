// The runtime's values store (DESIGN §7 "Runtime"): the current value of every data source of one device, keyed by
// data source id. The GET /rDev seed and the alarm flags apply at once; the WebSocket's pushes queue and apply at
// most once per animation frame, however many arrive in between (lib/frame-pacer): a push after a quiet frame applies
// at once (at the end of the socket's task, so the next frame paints it without waiting a frame to start the work),
// and what arrives after an apply waits for the next frame, where it applies together. Listeners subscribe to the
// ids they show and hear only of those that changed, so a screen re-renders only the elements whose values moved.
import { animationFrame, createPacer, endOfTask, type FrameScheduler } from '@/lib/frame-pacer';
import type { LiveValue } from '@/lib/ws';
import type { BoundValue } from '../elements/types';

// The pacing is lib/frame-pacer's; its schedulers are the runtime's too (designer/runtime/index.ts).
export { animationFrame, endOfTask, type FrameScheduler };

/** A value as GET /rDev seeds it. */
export interface SourceSeed {
  id: number;
  value: number | string | boolean | null;
  ts: number | null;
}

export interface ValuesStore {
  /** The data source's value, the same object until it changes; undefined before any report. */
  get(id: number): BoundValue | undefined;
  /** `listener` runs once per applied batch that changed any of `ids`. */
  subscribe(ids: readonly number[], listener: () => void): () => void;
  /** The GET /rDev seed, applied at once; a value older than the one held is ignored. */
  seed(values: readonly SourceSeed[]): void;
  /** WebSocket pushes, applied at most once per frame (the newest report per data source wins). */
  push(values: readonly LiveValue[]): void;
  /** The data sources now in alarm, unconfirmed (the alarm-icon overlay, flashing), applied at once. */
  setAlarms(ids: ReadonlySet<number>): void;
  /** The data sources whose alarm is confirmed but not recovered (the overlay, steady), applied at once. */
  setConfirmed(ids: ReadonlySet<number>): void;
  /** Applies the queued pushes now (the frame callback; also before a seed, so order is kept). */
  flush(): void;
  /** Forgets every value and alarm (another device chosen). */
  clear(): void;
  /** Cancels a pending frame and drops the pushes still queued. */
  dispose(): void;
}

/** A reported value as an element reads it: booleans as 1 and 0. */
export function boundValueOf(raw: number | string | boolean | null): number | string | null {
  return typeof raw === 'boolean' ? (raw ? 1 : 0) : raw;
}

/** `frame` paces the applies (one per frame at most); `soon` applies a push after a quiet frame without waiting for
 * the next one (null: every push waits for a frame, as tests that step frames by hand want). */
export function createValuesStore(
  frame: FrameScheduler = animationFrame,
  soon: FrameScheduler | null = endOfTask,
): ValuesStore {
  const values = new Map<number, BoundValue>();
  const listeners = new Map<number, Set<() => void>>();
  let alarms: ReadonlySet<number> = new Set();
  let confirmed: ReadonlySet<number> = new Set();
  let queued = new Map<number, LiveValue>();

  const notify = (changed: Iterable<number>) => {
    const toCall = new Set<() => void>();
    for (const id of changed) for (const listener of listeners.get(id) ?? []) toCall.add(listener);
    for (const listener of toCall) listener();
  };

  /** The alarm flags of a data source: an unconfirmed alarm flashes, a confirmed unrecovered one stays steady. */
  const flags = (id: number): Pick<BoundValue, 'alarm' | 'confirmed'> =>
    alarms.has(id)
      ? { alarm: true }
      : confirmed.has(id)
        ? { alarm: true, confirmed: true }
        : { alarm: false };

  /** Sets a value unless an older report; returns whether it changed. */
  const put = (id: number, value: number | string | null, ts: number | null): boolean => {
    const held = values.get(id);
    if (held) {
      if (held.ts !== null && ts !== null && ts < held.ts) return false;
      if (held.value === value && held.ts === ts) return false;
    }
    values.set(id, { value, ts, ...flags(id) });
    return true;
  };

  /** Applies the alarm flags anew to `ids` (whose alarm sets moved) and tells the listeners of those that changed. */
  const refreshFlags = (ids: Iterable<number>) => {
    const changed: number[] = [];
    for (const id of new Set(ids)) {
      const now = flags(id);
      const held = values.get(id);
      if (held?.alarm === now.alarm && held.confirmed === now.confirmed) continue;
      if (!held && !now.alarm) continue;
      values.set(id, held ? { value: held.value, ts: held.ts, ...now } : { value: null, ts: null, ...now });
      changed.push(id);
    }
    notify(changed);
  };

  /** Applies what is queued (the pacer runs it at most once per frame). */
  const apply = () => {
    const batch = queued;
    queued = new Map();
    const changed: number[] = [];
    for (const [id, live] of batch) if (put(id, boundValueOf(live.v), live.ts)) changed.push(id);
    notify(changed);
  };
  const pacer = createPacer(apply, frame, soon);
  const flush = () => {
    pacer.flush();
  };

  return {
    get: (id) => values.get(id),
    subscribe(ids, listener) {
      for (const id of ids) {
        let set = listeners.get(id);
        if (!set) {
          set = new Set();
          listeners.set(id, set);
        }
        set.add(listener);
      }
      return () => {
        for (const id of ids) listeners.get(id)?.delete(listener);
      };
    },
    seed(seeds) {
      flush();
      const changed: number[] = [];
      for (const seed of seeds) if (put(seed.id, boundValueOf(seed.value), seed.ts)) changed.push(seed.id);
      notify(changed);
    },
    push(pushed) {
      for (const live of pushed) {
        const waiting = queued.get(live.id);
        if (!waiting || live.ts >= waiting.ts) queued.set(live.id, live);
      }
      if (queued.size > 0) pacer.request();
    },
    setAlarms(ids) {
      const before = alarms;
      alarms = ids;
      refreshFlags([...before, ...ids]);
    },
    setConfirmed(ids) {
      const before = confirmed;
      confirmed = ids;
      refreshFlags([...before, ...ids]);
    },
    flush,
    clear() {
      pacer.cancel();
      queued = new Map();
      alarms = new Set();
      confirmed = new Set();
      const changed = [...values.keys()];
      values.clear();
      notify(changed);
    },
    dispose() {
      pacer.cancel();
      queued = new Map();
    },
  };
}
