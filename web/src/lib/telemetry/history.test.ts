import { describe, expect, it } from 'vitest';

import {
  buildHistoryParams,
  clampWidth,
  fillParam,
  formatPoint,
  presetRange,
  rangeError,
  type HistoryForm,
} from './history';

const DAY = 86_400_000;
const form: HistoryForm = {
  ids: [41, 42],
  start: 1_000,
  end: 1_000 + DAY,
  bucket: 'hour',
  agg: 'max',
  fill: 'none',
  fillValue: null,
};

describe('presetRange', () => {
  it('ends now and spans the preset', () => {
    expect(presetRange('hour', 10 * DAY)).toEqual([10 * DAY - 3_600_000, 10 * DAY]);
    expect(presetRange('day', 10 * DAY)).toEqual([9 * DAY, 10 * DAY]);
    expect(presetRange('week', 10 * DAY)).toEqual([3 * DAY, 10 * DAY]);
    expect(presetRange('month', 40 * DAY)).toEqual([10 * DAY, 40 * DAY]);
  });
});

describe('rangeError', () => {
  it('refuses end before start and more than 366 days', () => {
    expect(rangeError(2, 1)).toBe('order');
    expect(rangeError(0, 366 * DAY)).toBeNull();
    expect(rangeError(0, 366 * DAY + 1)).toBe('tooLong');
  });
});

describe('buildHistoryParams', () => {
  it('sends ids, range, bucket, agg, fill, width and tz', () => {
    expect(buildHistoryParams(12, form, 812.4, 480)).toEqual({
      device_id: 12,
      ids: '41,42',
      start: 1_000,
      end: 1_000 + DAY,
      bucket: 'hour',
      agg: 'max',
      fill: 'none',
      width: 812,
      tz: 480,
    });
  });

  it('leaves agg out for raw series and sends a fill number', () => {
    const params = buildHistoryParams(
      12,
      { ...form, bucket: 'raw', fill: 'number', fillValue: -1.5 },
      500,
      0,
    );
    expect(params).not.toHaveProperty('agg');
    expect(params?.fill).toBe('-1.5');
  });

  it('asks nothing without data sources or with a bad range, and caps ids at 10', () => {
    expect(buildHistoryParams(12, { ...form, ids: [] }, 500, 0)).toBeNull();
    expect(buildHistoryParams(12, { ...form, end: 0 }, 500, 0)).toBeNull();
    const many = buildHistoryParams(
      12,
      { ...form, ids: Array.from({ length: 12 }, (_, i) => i + 1) },
      500,
      0,
    );
    expect(many?.ids.split(',')).toHaveLength(10);
  });
});

describe('clampWidth and fillParam', () => {
  it('keeps the width within 10–10000', () => {
    expect(clampWidth(5)).toBe(10);
    expect(clampWidth(20_000)).toBe(10_000);
    expect(clampWidth(null)).toBe(1000);
    expect(clampWidth(0)).toBe(1000);
  });

  it('sends the mode or the number', () => {
    expect(fillParam('linear', 3)).toBe('linear');
    expect(fillParam('number', 0)).toBe('0');
    expect(fillParam('number', null)).toBe('none');
  });
});

describe('formatPoint', () => {
  it('reads values by decimals', () => {
    expect(formatPoint(1.005, 1)).toBe('1.0');
    expect(formatPoint(null, 1)).toBe('-');
    expect(formatPoint(3, null)).toBe('3');
  });
});
