import { describe, expect, it } from 'vitest';

import { normalizeElement } from '../model/normalize';
import { trendHistoryOf, trendHistoryParams } from './use-trend-history';

const END = 10_000_000;

const chart = (id: string, bindings: Record<string, number>, window: number, unit: 'minute' | 'hour') =>
  normalizeElement({
    id,
    type: 'chart',
    settings: { window, window_unit: unit },
    bindings: Object.fromEntries(Object.entries(bindings).map(([key, id]) => [key, { data_source_id: id }])),
  });

describe('trendHistoryParams', () => {
  it('asks nothing for a screen without a bound trend', () => {
    const value = normalizeElement({ id: 'v', type: 'value', bindings: { value: { data_source_id: 1 } } });
    expect(trendHistoryParams({ elements: [value, chart('c', {}, 10, 'minute')] }, 12, END)).toBeNull();
  });

  it('asks one raw query for every trend source over the longest window', () => {
    const params = trendHistoryParams(
      {
        elements: [
          chart('a', { value: 1, value2: 2 }, 10, 'minute'),
          chart('b', { value: 2, value3: 3 }, 1, 'hour'),
        ],
      },
      12,
      END,
    );
    expect(params).toMatchObject({
      device_id: 12,
      ids: '1,2,3',
      start: END - 3_600_000,
      end: END,
      bucket: 'raw',
    });
  });
});

describe('trendHistoryOf', () => {
  it('answers each chart with its own keys inside its own window, and nothing while loading', () => {
    const series = new Map([
      [
        1,
        [
          [END - 20 * 60_000, 1],
          [END - 5 * 60_000, 2],
        ] as [number, number][],
      ],
      [2, [[END - 60_000, 7]] as [number, number][]],
    ]);
    const a = chart('a', { value: 1, value2: 2, value3: 9 }, 10, 'minute');
    expect(trendHistoryOf(series, END)(a)).toEqual({
      value: [[END - 5 * 60_000, 2]],
      value2: [[END - 60_000, 7]],
      value3: [],
    });
    expect(trendHistoryOf(undefined, END)(a)).toBeUndefined();
  });
});
