import { describe, expect, it } from 'vitest';

import { appendLive, joinSeries, TREND_POINTS_MAX, trendWindowMs } from './trend-option';

describe('trendWindowMs', () => {
  it('reads the window in minutes or hours, 1 hour when unset or nonsense', () => {
    expect(trendWindowMs({ window: 30, window_unit: 'minute' })).toBe(30 * 60_000);
    expect(trendWindowMs({ window: 6, window_unit: 'hour' })).toBe(6 * 3_600_000);
    expect(trendWindowMs({})).toBe(3_600_000);
    expect(trendWindowMs({ window: -5, window_unit: 'hour' })).toBe(3_600_000);
    expect(trendWindowMs({ window: 2, window_unit: 'day' })).toBe(2 * 60_000);
  });
});

describe('appendLive', () => {
  const v = (value: number | string | null, ts: number | null) => ({ value, ts, alarm: false });

  it('appends a number reported later than the last point, per binding key', () => {
    let buffer = appendLive({}, { value: v(1, 1000), value2: v(5, 1000) }, ['value', 'value2'], 60_000);
    buffer = appendLive(buffer, { value: v(2, 2000), value2: v(5, 1000) }, ['value', 'value2'], 60_000);
    expect(buffer).toEqual({
      value: [
        [1000, 1],
        [2000, 2],
      ],
      value2: [[1000, 5]],
    });
  });

  it('skips text, missing values and keys it does not draw', () => {
    const buffer = appendLive(
      {},
      { value: v('on', 1000), value2: v(null, 1000), other: v(3, 1000) },
      ['value'],
      60_000,
    );
    expect(buffer).toEqual({});
  });

  it('forgets points older than the window and keeps at most TREND_POINTS_MAX', () => {
    let buffer = appendLive({}, { value: v(1, 0) }, ['value'], 10_000);
    buffer = appendLive(buffer, { value: v(2, 10_001) }, ['value'], 10_000);
    expect(buffer.value).toEqual([[10_001, 2]]);
    let many = {};
    for (let i = 1; i <= TREND_POINTS_MAX + 5; i += 1)
      many = appendLive(many, { value: v(i, i) }, ['value'], 1e12);
    expect((many as { value: unknown[] }).value).toHaveLength(TREND_POINTS_MAX);
  });
});

describe('joinSeries', () => {
  it('puts the live points after the history, without repeating what the history already has', () => {
    expect(
      joinSeries(
        [
          [1000, 1],
          [2000, 2],
        ],
        [
          [2000, 2],
          [3000, 3],
        ],
      ),
    ).toEqual([
      [1000, 1],
      [2000, 2],
      [3000, 3],
    ]);
    expect(joinSeries(undefined, [[5, 1]])).toEqual([[5, 1]]);
  });
});
