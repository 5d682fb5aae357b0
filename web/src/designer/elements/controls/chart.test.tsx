import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { EChartsOption } from '@/components/charts/echart';
import { drawElement } from '@/test/designer-controls';
import { chartElement } from './chart';

// The lazily loaded ECharts host, replaced by one that lists its series; `loaded` says whether chart.tsx imported it.
const echartsHost = vi.hoisted(() => ({ loaded: false }));
vi.mock('./trend-echart', () => {
  echartsHost.loaded = true;
  return {
    default: ({ option }: { option: EChartsOption }) => {
      const series = option.series as { name: string; data: [number, number | null][] }[];
      return (
        <ul data-testid="trend-echart">
          {series.map((s) => (
            <li
              key={s.name}
            >{`${s.name}: ${s.data.map((p) => `${String(p[0])}=${String(p[1])}`).join(' ')}`}</li>
          ))}
        </ul>
      );
    },
  };
});

describe('trend chart', () => {
  it('draws a static sample in the editor and does not import ECharts', async () => {
    drawElement(chartElement, { mode: 'edit', bound: ['value'], values: { value: 3 } });
    expect(screen.getByRole('img', { name: '趋势图示例' })).toBeInTheDocument();
    // Give a lazy import every chance to start: nothing may have asked for the ECharts host.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(echartsHost.loaded).toBe(false);
    expect(screen.queryByTestId('trend-echart')).not.toBeInTheDocument();
  });

  it('loads ECharts at work and draws the history with the live points appended', async () => {
    const { push } = drawElement(chartElement, {
      bound: ['value', 'value2'],
      settings: { names: ['温度', '压力'], window: 10, window_unit: 'minute' },
      values: { value: 21, value2: 0.5 },
      history: () => ({ value: [[1_699_999_990_000, 20]] }),
    });
    expect(await screen.findByTestId('trend-echart')).toBeInTheDocument();
    expect(echartsHost.loaded).toBe(true);
    expect(screen.getByText('温度: 1699999990000=20 1700000000000=21')).toBeInTheDocument();
    expect(screen.getByText('压力: 1700000000000=0.5')).toBeInTheDocument();
    push({ value: 22, value2: 0.6 }, 1_700_000_001_000);
    await waitFor(() =>
      expect(
        screen.getByText('温度: 1699999990000=20 1700000000000=21 1700000001000=22'),
      ).toBeInTheDocument(),
    );
    // The same report again adds nothing.
    push({ value: 22, value2: 0.6 }, 1_700_000_001_000);
    expect(screen.getByText('压力: 1700000000000=0.5 1700000001000=0.6')).toBeInTheDocument();
  });
});
