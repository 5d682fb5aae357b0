import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useIdlePrefetch, whenIdle } from './idle-prefetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('code fetched while the browser is idle', () => {
  it('loads once the browser is idle, and not when the page has gone first', () => {
    const idle: (() => void)[] = [];
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    vi.stubGlobal('cancelIdleCallback', cancel);
    const load = vi.fn(() => Promise.resolve());
    const { unmount } = renderHook(() => {
      useIdlePrefetch(load, true);
    });
    expect(load).not.toHaveBeenCalled();
    idle[0]?.();
    expect(load).toHaveBeenCalledTimes(1);
    unmount();
    expect(cancel).toHaveBeenCalledWith(1);
  });

  it('loads nothing while disabled or when the browser saves data', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const load = vi.fn(() => Promise.resolve());
    renderHook(() => {
      useIdlePrefetch(load, false);
    });
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    renderHook(() => {
      useIdlePrefetch(load, true);
    });
    expect(idle).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
  });

  it('a failed load is left to the page that needs the code', async () => {
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => {
      fn();
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    renderHook(() => {
      useIdlePrefetch(load, true);
    });
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer where there is no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.stubGlobal('cancelIdleCallback', undefined);
    const fn = vi.fn();
    whenIdle(fn);
    vi.advanceTimersByTime(250);
    expect(fn).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    whenIdle(other)();
    vi.advanceTimersByTime(250);
    expect(other).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
