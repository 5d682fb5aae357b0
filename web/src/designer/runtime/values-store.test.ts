import { describe, expect, it, vi } from 'vitest';

import { createValuesStore, type FrameScheduler } from './values-store';

/** A frame the test runs by hand, counting how many were asked. */
function manualFrame() {
  const pending: (() => void)[] = [];
  let asked = 0;
  const frame: FrameScheduler = (callback) => {
    asked += 1;
    pending.push(callback);
    return () => {
      const i = pending.indexOf(callback);
      if (i >= 0) pending.splice(i, 1);
    };
  };
  return {
    frame,
    asked: () => asked,
    pending: () => pending.length,
    run: () => {
      for (const callback of pending.splice(0)) callback();
    },
  };
}

const live = (id: number, v: number | string | boolean | null, ts: number, q = 0) => ({ id, v, ts, q });

describe('createValuesStore', () => {
  it('applies every push of a frame together, once, when the frame runs', () => {
    const frames = manualFrame();
    const store = createValuesStore(frames.frame, null);
    const listener = vi.fn();
    store.subscribe([1, 2], listener);

    store.push([live(1, 10, 100)]);
    store.push([live(1, 11, 110), live(2, 'on', 105)]);
    store.push([live(1, 12, 120)]);
    // Nothing applied before the frame, and one frame asked for three pushes.
    expect(store.get(1)).toBeUndefined();
    expect(frames.asked()).toBe(1);
    expect(listener).not.toHaveBeenCalled();

    frames.run();
    expect(store.get(1)).toEqual({ value: 12, ts: 120, alarm: false });
    expect(store.get(2)).toEqual({ value: 'on', ts: 105, alarm: false });
    // Two sources changed in one batch: the listener of both hears once.
    expect(listener).toHaveBeenCalledTimes(1);

    store.push([live(2, 'off', 130)]);
    expect(frames.asked()).toBe(2);
    frames.run();
    expect(store.get(2)?.value).toBe('off');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('tells only the listeners of the sources that changed, and keeps an unchanged value the same object', () => {
    const frames = manualFrame();
    const store = createValuesStore(frames.frame, null);
    store.seed([
      { id: 1, value: 1, ts: 100 },
      { id: 2, value: 2, ts: 100 },
    ]);
    const one = vi.fn();
    const two = vi.fn();
    store.subscribe([1], one);
    store.subscribe([2], two);
    const before = store.get(2);

    store.push([live(1, 5, 200), live(2, 2, 100)]);
    frames.run();
    expect(one).toHaveBeenCalledTimes(1);
    // Source 2 was reported again with the same value and time: nothing to tell.
    expect(two).not.toHaveBeenCalled();
    expect(store.get(2)).toBe(before);
  });

  it('ignores a report older than the value it holds, from a push or a late seed', () => {
    const frames = manualFrame();
    const store = createValuesStore(frames.frame, null);
    store.push([live(1, 30, 300)]);
    frames.run();
    store.seed([{ id: 1, value: 10, ts: 100 }]);
    expect(store.get(1)?.value).toBe(30);
    store.push([live(1, 20, 200)]);
    frames.run();
    expect(store.get(1)?.value).toBe(30);
    // Within one frame the newest report wins whatever the order it came in.
    store.push([live(1, 50, 500), live(1, 40, 400)]);
    frames.run();
    expect(store.get(1)?.value).toBe(50);
  });

  it('applies the seed at once, before any push still waiting, and reads booleans as 1 and 0', () => {
    const frames = manualFrame();
    const store = createValuesStore(frames.frame, null);
    const listener = vi.fn();
    store.subscribe([1, 3], listener);
    store.push([live(3, true, 100)]);
    store.seed([{ id: 1, value: false, ts: 50 }]);
    expect(store.get(1)).toEqual({ value: 0, ts: 50, alarm: false });
    expect(store.get(3)?.value).toBe(1);
    // The waiting push went with the seed: its frame, when it runs, has nothing left to apply.
    expect(listener).toHaveBeenCalledTimes(2);
    frames.run();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('applies a push after a quiet frame at the end of its task, and what follows on the next frame', () => {
    const frames = manualFrame();
    const soon = manualFrame();
    const store = createValuesStore(frames.frame, soon.frame);
    const listener = vi.fn();
    store.subscribe([1], listener);

    // One socket message's pushes: applied together at the end of the task, no frame waited for.
    store.push([live(1, 10, 100)]);
    store.push([live(1, 11, 110)]);
    expect(soon.pending()).toBe(1);
    soon.run();
    expect(store.get(1)?.value).toBe(11);
    expect(listener).toHaveBeenCalledTimes(1);
    // Within the same frame: it waits for the next one (at most one apply per frame).
    store.push([live(1, 12, 120)]);
    expect(soon.pending()).toBe(0);
    expect(store.get(1)?.value).toBe(11);
    frames.run();
    expect(store.get(1)?.value).toBe(12);
    expect(listener).toHaveBeenCalledTimes(2);
    // A quiet frame passes: the next push applies at once again.
    frames.run();
    store.push([live(1, 13, 130)]);
    expect(soon.pending()).toBe(1);
    soon.run();
    expect(store.get(1)?.value).toBe(13);
  });

  it('flags the sources in alarm and keeps the flag across later values', () => {
    const frames = manualFrame();
    const store = createValuesStore(frames.frame, null);
    store.seed([{ id: 1, value: 90, ts: 100 }]);
    const listener = vi.fn();
    store.subscribe([1, 2], listener);

    store.setAlarms(new Set([1, 2]));
    expect(store.get(1)).toEqual({ value: 90, ts: 100, alarm: true });
    // In alarm before any value: the overlay shows anyway.
    expect(store.get(2)).toEqual({ value: null, ts: null, alarm: true });
    expect(listener).toHaveBeenCalledTimes(1);

    store.push([live(1, 95, 200)]);
    frames.run();
    expect(store.get(1)?.alarm).toBe(true);

    store.setAlarms(new Set([2]));
    expect(store.get(1)?.alarm).toBe(false);
    // The same set again changes nothing.
    listener.mockClear();
    store.setAlarms(new Set([2]));
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps a confirmed, unrecovered alarm steady, and a new unconfirmed one flashing over it', () => {
    const frames = manualFrame();
    const store = createValuesStore(frames.frame, null);
    store.seed([{ id: 1, value: 90, ts: 100 }]);
    const listener = vi.fn();
    store.subscribe([1], listener);

    store.setAlarms(new Set([1]));
    expect(store.get(1)).toEqual({ value: 90, ts: 100, alarm: true });
    // Confirmed: it leaves the unconfirmed list and joins the confirmed one; the overlay stays, steady.
    store.setAlarms(new Set());
    store.setConfirmed(new Set([1]));
    expect(store.get(1)).toEqual({ value: 90, ts: 100, alarm: true, confirmed: true });
    store.push([live(1, 95, 200)]);
    frames.run();
    expect(store.get(1)).toEqual({ value: 95, ts: 200, alarm: true, confirmed: true });
    // A new alarm of the source, unconfirmed, flashes again.
    store.setAlarms(new Set([1]));
    expect(store.get(1)?.confirmed).toBeUndefined();
    // Recovered: no overlay.
    store.setAlarms(new Set());
    store.setConfirmed(new Set());
    expect(store.get(1)).toEqual({ value: 95, ts: 200, alarm: false });
    listener.mockClear();
    store.setConfirmed(new Set());
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops telling a listener once unsubscribed, and forgets everything on clear', () => {
    const frames = manualFrame();
    const store = createValuesStore(frames.frame, null);
    const listener = vi.fn();
    const unsubscribe = store.subscribe([1], listener);
    store.seed([{ id: 1, value: 1, ts: 1 }]);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.seed([{ id: 1, value: 2, ts: 2 }]);
    expect(listener).toHaveBeenCalledTimes(1);

    store.push([live(1, 3, 3)]);
    store.clear();
    expect(store.get(1)).toBeUndefined();
    expect(frames.pending()).toBe(0);
  });
});
