// The console's one formatter of stored values and their times (defect 5 of issue 30).
import { describe, expect, it } from 'vitest';

import { formatDecimal, formatTime, withUnit } from './format';
import { formatPoint } from './history';

describe('formatDecimal', () => {
  it("reads a value at its data source's decimals, never with float noise", () => {
    expect(formatDecimal(49.95000000000001, 2, 'zh')).toBe('49.95');
    expect(formatDecimal(0.1 + 0.2, 2, 'en')).toBe('0.30');
    expect(formatDecimal(3, 1, 'en')).toBe('3.0');
    expect(formatDecimal(1234.5, 0, 'en')).toBe('1,235');
  });

  it('keeps at most 4 places when the decimals are unknown, and a gap empty', () => {
    expect(formatDecimal(49.95000000000001, null, 'en')).toBe('49.95');
    expect(formatDecimal(null, 2)).toBe('');
    expect(formatDecimal(Number.NaN, 2, 'en', '-')).toBe('-');
    expect(formatPoint(49.95000000000001, null)).toBe('49.95');
  });
});

describe('formatTime and withUnit', () => {
  it("writes a time in the viewer's zone as people write it", () => {
    const at = new Date(2026, 10, 21, 17, 0);
    expect(formatTime(at.getTime())).toBe('2026-11-21 17:00');
    expect(formatTime(at.toISOString())).toBe('2026-11-21 17:00');
    expect(formatTime('Boiler 1')).toBe('Boiler 1');
    expect(formatTime(null)).toBe('-');
  });

  it('heads a column with its unit when it has one', () => {
    expect(withUnit('出水压力', 'MPa')).toBe('出水压力 (MPa)');
    expect(withUnit('计数', null)).toBe('计数');
  });
});
