import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { drawElement } from '@/test/designer-controls';
import { chartElement } from './chart';

// No canvas in jsdom: the console's one ECharts host is replaced by a marker of what it was given.
vi.mock('@/components/charts/echart', () => ({
  EChart: ({
    option,
    parts,
    ariaLabel,
  }: {
    option: { series: unknown[] };
    parts: unknown[];
    ariaLabel: string;
  }) => (
    <div role="img" aria-label={ariaLabel} data-series={option.series.length} data-parts={parts.length} />
  ),
}));

describe('trend chart host', () => {
  it('loads in preview and hands the console’s ECharts host the option and the line parts', async () => {
    drawElement(chartElement, {
      mode: 'preview',
      bound: ['value', 'value3'],
      values: { value: 21, value3: 4 },
      history: () => ({ value: [[1_699_999_990_000, 20]] }),
    });
    const host = await screen.findByRole('img', { name: '趋势图' });
    expect(host).toHaveAttribute('data-series', '2');
    expect(host).toHaveAttribute('data-parts', '2');
    expect(screen.queryByRole('img', { name: '趋势图示例' })).not.toBeInTheDocument();
  });
});
