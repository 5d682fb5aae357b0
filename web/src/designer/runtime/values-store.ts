// The runtime's values store (DESIGN §7 "Runtime"): the current value of every data source of one device, keyed by
// data source id. The GET /rDev seed and the alarm flags apply at once; the WebSocket's pushes queue and apply at
// most once per animation frame, however many arrive in between: a push after a quiet frame applies at once (at the
// end of the socket's task, so the next frame paints it without waiting a frame to start the work), and what arrives
// after an apply waits for the next frame, where it applies together. Listeners subscribe to the ids they show and
// hear only of those that changed, so a screen re-renders only the elements whose values moved.
import type { LiveValue } from '@/lib/ws';
import type { BoundValue } from '../elements/types';

/** A value as GET /rDev seeds it. */
export interface SourceSeed {
  id: number;
  value: number | string | boolean | null;
  ts: number | null;
}

/** Runs `callback` once, on the next frame; returns a cancel. Tests pass a frame they step by hand. */
export type FrameScheduler = (callback: () => void) => () => void;

export const animationFrame: FrameScheduler = (callback) => {
  const id = requestAnimationFrame(() => {
    callback();
  });
  return () => {
    cancelAnimationFrame(id);
  };
};

/** Runs `callback` at the end of the current task (a microtask): the pushes of one socket message apply together. */
export const endOfTask: FrameScheduler = (callback) => {
  let live = true;
  queueMicrotask(() => {
    if (live) callback();
  });
  return () => {
    live = false;
  };
};

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
  /** Cancels a pending frame. */
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
  // A frame pending: either to apply what is queued, or the pause after an apply until the next frame.
  let cancelFrame: (() => void) | null = null;
  let cancelSoon: (() => void) | null = null;

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

  /** Applies what is queued; after an apply, the next one waits for the next frame. */
  const apply = () => {
    if (queued.size === 0) return;
    const batch = queued;
    queued = new Map();
    const changed: number[] = [];
    for (const [id, live] of batch) if (put(id, boundValueOf(live.v), live.ts)) changed.push(id);
    cancelFrame ??= frame(onFrame);
    notify(changed);
  };

  function onFrame() {
    cancelFrame = null;
    apply();
  }

  const flush = () => {
    if (cancelSoon) {
      cancelSoon();
      cancelSoon = null;
    }
    apply();
  };

  const applySoon = () => {
    cancelSoon = null;
    apply();
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
      if (queued.size === 0 || cancelFrame || cancelSoon) return;
      // A quiet frame: apply at the end of this task; else the pending frame applies it.
      if (soon) cancelSoon = soon(applySoon);
      else cancelFrame = frame(onFrame);
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
      if (cancelFrame) cancelFrame();
      cancelFrame = null;
      cancelSoon?.();
      cancelSoon = null;
      queued = new Map();
      alarms = new Set();
      confirmed = new Set();
      const changed = [...values.keys()];
      values.clear();
      notify(changed);
    },
    dispose() {
      if (cancelFrame) cancelFrame();
      cancelFrame = null;
      cancelSoon?.();
      cancelSoon = null;
    },
  };
}
