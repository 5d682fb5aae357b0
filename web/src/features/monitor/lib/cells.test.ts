import { describe, expect, it } from 'vitest';

import { defaultColumn } from '@/lib/monitor-tables/api';

import type { ColumnSource, MonitorColumn, MonitorRow } from '../api/monitor';
import {
  bandOf,
  cellText,
  compareCells,
  csvField,
  isStale,
  passes,
  seedCell,
  titleOf,
  toCsv,
  unitOf,
} from './cells';

const column = (over: Partial<MonitorColumn> = {}): MonitorColumn => ({ ...defaultColumn(1), ...over });
const source: ColumnSource = { id: 1, name: '压力', unit: 'MPa', decimals: 2, data_type: 'float32', rw: 'r' };

describe('a cell', () => {
  it('reads at the column decimals, else its source, with thousands only when asked', () => {
    const cell = { v: 12345.678, ts: 0, q: 0 };
    expect(cellText(cell, column(), source, 'en')).toBe('12345.68');
    expect(cellText(cell, column({ decimals: 0, thousands: true }), source, 'en')).toBe('12,346');
    expect(cellText(cell, column({ decimals: 1 }), null, 'zh')).toBe('12345.7');
    expect(cellText({ v: true, ts: 0, q: 0 }, column(), source, 'en')).toBe('1');
    expect(cellText({ v: 'RUN', ts: 0, q: 0 }, column(), source, 'en')).toBe('RUN');
    expect(cellText(null, column(), source, 'en')).toBe('');
  });

  it('takes its title and unit from the column, else its data source', () => {
    expect(titleOf(column(), source, '?')).toBe('压力');
    expect(titleOf(column({ title: '出口压力' }), source, '?')).toBe('出口压力');
    expect(titleOf(column(), null, '(deleted)')).toBe('(deleted)');
    expect(unitOf(column(), source)).toBe('MPa');
    expect(unitOf(column({ unit: 'kPa' }), source)).toBe('kPa');
  });

  it('takes the first band whose [min, max) holds the value', () => {
    const bands = [
      { min: null, max: 0.2, color: '#ff0000', background: null },
      { min: 0.2, max: 1.6, color: null, background: '#00ff00' },
      { min: 1.6, max: null, color: '#ffaa00', background: null },
    ];
    expect(bandOf({ v: 0.1, ts: 0, q: 0 }, bands)?.color).toBe('#ff0000');
    expect(bandOf({ v: 0.2, ts: 0, q: 0 }, bands)?.background).toBe('#00ff00');
    expect(bandOf({ v: 1.6, ts: 0, q: 0 }, bands)?.color).toBe('#ffaa00');
    expect(bandOf({ v: 'x', ts: 0, q: 0 }, bands)).toBeNull();
    expect(bandOf(null, bands)).toBeNull();
  });

  it('is stale past the design limit, and an empty cell is not', () => {
    expect(isStale({ v: 1, ts: 1_000, q: 0 }, 60, 61_001)).toBe(true);
    expect(isStale({ v: 1, ts: 1_000, q: 0 }, 60, 61_000)).toBe(false);
    expect(isStale(null, 60, 1e12)).toBe(false);
  });

  it('sorts numbers by value and empty cells last', () => {
    const cells = [null, { v: 3, ts: 0, q: 0 }, { v: -1, ts: 0, q: 0 }, null, { v: 10, ts: 0, q: 0 }];
    expect([...cells].sort(compareCells).map((c) => c?.v ?? null)).toEqual([-1, 3, 10, null, null]);
  });

  it('passes the column filters', () => {
    const fresh = { v: 1, ts: 100_000, q: 0 };
    const old = { v: 1, ts: 0, q: 0 };
    expect(passes('alarm', fresh, 2, 60, 100_000)).toBe(true);
    expect(passes('alarm', fresh, 0, 60, 100_000)).toBe(false);
    expect(passes('stale', old, 0, 60, 100_000)).toBe(true);
    expect(passes('empty', null, 0, 60, 100_000)).toBe(true);
    expect(passes('normal', fresh, 0, 60, 100_000)).toBe(true);
    expect(passes('normal', old, 0, 60, 100_000)).toBe(false);
  });

  it('comes from the seed row', () => {
    const row = { cells: [[1.5, 10, 0], null] } as unknown as MonitorRow;
    expect(seedCell(row, 0)).toEqual({ v: 1.5, ts: 10, q: 0 });
    expect(seedCell(row, 1)).toBeNull();
  });
});

describe('the export', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=cmd()')).toBe("'=cmd()");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(toCsv(['设备', '压力'], [['一号泵', '0.80']])).toBe('\ufeff设备,压力\r\n一号泵,0.80\r\n');
  });
});
