import { describe, expect, it } from 'vitest';

import {
  formatValue,
  formatWithUnit,
  groupItems,
  mergeLive,
  noValuesYet,
  qualityName,
  stateText,
  writeBlock,
} from './live';
import { liveItem } from '@/test/telemetry';

const item = liveItem;

describe('state words (issue 30 point 7)', () => {
  const texts = [
    { min: 1, max: 1, text: '运行' },
    { min: 0, max: 0, text: '停止' },
    { min: 2, max: null, text: '故障' },
  ];
  const running = { data_type: 'bit', decimals: 0, unit: 'A', state_texts: texts };

  it('shows the word the device’s screens give a value, without a unit', () => {
    expect(formatValue(1, running)).toBe('运行');
    expect(formatValue(true, running)).toBe('运行');
    expect(formatValue(0, running)).toBe('停止');
    expect(formatValue(7, { ...running, data_type: 'int16' })).toBe('故障');
    expect(formatWithUnit(0, running)).toBe('停止');
  });

  it('falls back to the number where no word fits or none is given', () => {
    expect(formatValue(1.5, { ...running, data_type: 'float32', decimals: 1 })).toBe('1.5');
    expect(formatValue(1, { data_type: 'bit', decimals: 0 })).toBe('1');
    expect(stateText(null, texts)).toBeNull();
  });
});

describe('formatValue', () => {
  it('uses the decimals for floats and keeps integers and text', () => {
    expect(formatValue(0.8, item({}))).toBe('0.80');
    expect(formatValue(12, item({ data_type: 'int16', decimals: 0 }))).toBe('12');
    expect(formatValue(12.345, item({ data_type: 'int16', decimals: 1 }))).toBe('12.3');
    expect(formatValue(1, item({ data_type: 'bit', decimals: 0 }))).toBe('1');
    expect(formatValue(true, item({ data_type: 'bit' }))).toBe('1');
    expect(formatValue('abc', item({ data_type: 'string' }))).toBe('abc');
    expect(formatValue(null, item({}))).toBe('-');
  });

  it('adds the unit when there is a value', () => {
    expect(formatWithUnit(0.823, item({}))).toBe('0.82 MPa');
    expect(formatWithUnit(null, item({}))).toBe('-');
    expect(formatWithUnit(3, item({ unit: '', data_type: 'int16', decimals: 0 }))).toBe('3');
  });
});

describe('qualityName', () => {
  it('maps 0/1/2 and null', () => {
    expect([0, 1, 2, null, 7].map(qualityName)).toEqual(['good', 'bad', 'stale', 'none', 'none']);
  });
});

describe('mergeLive', () => {
  it('takes pushed values that are not older than the seed', () => {
    const items = [
      item({ id: 41, ts: 100 }),
      item({ id: 42, ts: 100, value: 1 }),
      item({ id: 43, ts: null, value: null }),
    ];
    const merged = mergeLive(items, {
      41: { id: 41, v: 0.9, ts: 200, q: 2 },
      42: { id: 42, v: 5, ts: 50, q: 0 },
      43: { id: 43, v: 7, ts: 300, q: 0 },
    });
    expect(merged.map((i) => [i.value, i.ts, i.quality])).toEqual([
      [0.9, 200, 2],
      [1, 100, 0],
      [7, 300, 0],
    ]);
    expect(merged[1]).toBe(items[1]);
  });
});

describe('groupItems', () => {
  it('groups by group in server order', () => {
    const groups = groupItems([
      item({ id: 1, group_id: 3, group_name: 'A' }),
      item({ id: 2, group_id: 4, group_name: 'B' }),
      item({ id: 3, group_id: 3, group_name: 'A' }),
      item({ id: 4, group_id: null, group_name: null }),
    ]);
    expect(groups.map((g) => [g.key, g.name, g.items.map((i) => i.id)])).toEqual([
      ['3', 'A', [1, 3]],
      ['4', 'B', [2]],
      ['none', null, [4]],
    ]);
  });
});

describe('writeBlock', () => {
  it('names the reason in the order the server checks', () => {
    expect(writeBlock(false, 1)).toBe('noPermission');
    expect(writeBlock(false, 2)).toBe('noPermission');
    expect(writeBlock(true, 2)).toBe('offline');
    expect(writeBlock(true, null)).toBe('offline');
    expect(writeBlock(true, 1)).toBeNull();
  });
});

describe('noValuesYet', () => {
  it('is true only for a non-empty list without values', () => {
    expect(noValuesYet([])).toBe(false);
    expect(noValuesYet([item({ value: null })])).toBe(true);
    expect(noValuesYet([item({ value: null }), item({ value: 0 })])).toBe(false);
  });
});
