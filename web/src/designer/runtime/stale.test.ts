import { renderHook, act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { bound } from '../elements/test/fixtures';
import { createStaleClock, staleSince } from './stale';
import { useInViewport } from '@/lib/use-screen-visible';

const at = (value: number, ts: number | null) => ({ ...bound(value), ts });

describe('staleSince', () => {
  it('answers the oldest report past the timeout, and null for fresh or never reported values', () => {
    expect(staleSince({ a: at(1, 1_000), b: at(2, 5_000) }, 100_000, 90_000)).toBe(1_000);
    expect(staleSince({ a: at(1, 20_000) }, 100_000, 90_000)).toBeNull();
    expect(staleSince({ a: at(1, null), b: undefined }, 100_000, 90_000)).toBeNull();
    // Exactly at the timeout: not yet stale.
    expect(staleSince({ a: at(1, 10_000) }, 100_000, 90_000)).toBeNull();
  });
});

describe('createStaleClock', () => {
  it('ticks once for every listener, only while someone listens', () => {
    let now = 0;
    const stops: number[] = [];
    let tick: (() => void) | null = null;
    const clock = createStaleClock(90_000, {
      clock: () => now,
      every: (callback) => {
        tick = callback;
        return () => stops.push(1);
      },
    });
    const a = vi.fn();
    const b = vi.fn();
    const offA = clock.subscribe(a);
    const offB = clock.subscribe(b);
    now = 5_000;
    tick!();
    expect(clock.now()).toBe(5_000);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    expect(stops).toHaveLength(0);
    offB();
    expect(stops).toHaveLength(1);
  });
});

describe('useInViewport', () => {
  it('follows the IntersectionObserver of the node', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    const original = window.IntersectionObserver;
    window.IntersectionObserver = class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      const node = document.createElement('div');
      const { result } = renderHook(() => useInViewport(node));
      expect(result.current).toBe(true);
      act(() => report!([{ isIntersecting: false }]));
      expect(result.current).toBe(false);
      act(() => report!([{ isIntersecting: true }]));
      expect(result.current).toBe(true);
    } finally {
      window.IntersectionObserver = original;
    }
  });
});
