// The dashboard toggle: the chosen dashboards in turn on its interval (or by hand), only the shown one asked for,
// never itself, no toggle inside a toggled dashboard, and a gone dashboard said on the card.
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fail, mockApi, ok } from '@/test/mock-api';
import { card, dashboardOf, renderDashboard } from '../../test-fixtures';
import { nextIndex, useRotation } from '../common/use-rotation';

afterEach(() => {
  vi.useRealTimers();
});

describe('useRotation', () => {
  it('turns every interval while running, back to the first after the last', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ running }) => useRotation(3, 5, running), {
      initialProps: { running: true },
    });
    expect(result.current[0]).toBe(0);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current[0]).toBe(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current[0]).toBe(0);
    // Not running (the card out of sight): it stays.
    rerender({ running: false });
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(result.current[0]).toBe(0);
  });

  it('starts the wait again after a choice by hand, and never turns at 0 seconds', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRotation(3, 5, true));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    act(() => {
      result.current[1](2);
    });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(result.current[0]).toBe(2);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current[0]).toBe(0);
    const still = renderHook(() => useRotation(3, 0, true));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(still.result.current[0]).toBe(0);
  });

  it('counts on', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

describe('the dashboard toggle widget', () => {
  const inner = (id: number, text: string) =>
    dashboardOf(
      [
        card(`t${id}`, 'text', { text }),
        // A toggle inside a toggled dashboard is not drawn again.
        card(`n${id}`, 'dashboardToggle', { dashboard_ids: [1], interval_s: 0 }),
      ],
      { id, name: `看板${id}` },
    );

  it('shows the chosen dashboards in turn, asking only for the one shown, never itself', async () => {
    const calls = mockApi({
      'GET /yun/dashboard/detail': (config) => {
        const id = (config.params as { id: number }).id;
        return id === 404 ? fail('118001', '看板不存在', 'id') : ok(inner(id, `看板${id}的内容`));
      },
    });
    renderDashboard(
      dashboardOf([card('tg', 'dashboardToggle', { dashboard_ids: [1, 2, 404], interval_s: 1 })], { id: 1 }),
    );
    // Its own id (1) is left out: dashboard 2 first.
    expect(await screen.findByText('看板2的内容')).toBeInTheDocument();
    expect(screen.getByText('看板切换中的看板切换组件不会显示')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/yun/dashboard/detail').map((c) => c.params as unknown)).toEqual([
      { id: 2, purpose: 'view' },
    ]);
    // After its interval, the next: gone, and said so.
    expect(await screen.findByText('看板已不存在', {}, { timeout: 5000 })).toBeInTheDocument();
    // By hand, back to the previous one.
    await userEvent.click(screen.getByRole('button', { name: '上一个看板' }));
    expect(await screen.findByText('看板2的内容')).toBeInTheDocument();
  });
});
