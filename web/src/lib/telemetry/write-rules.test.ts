import { describe, expect, it } from 'vitest';

import { checkWriteValue, rangeText, writeKind } from './write-rules';

const float = { data_type: 'float32', min_value: 0, max_value: 1.6, string_length: null };

describe('writeKind', () => {
  it('sorts the data types', () => {
    expect(['bit', 'int16', 'float64', 'string'].map(writeKind)).toEqual([
      'bit',
      'number',
      'number',
      'string',
    ]);
  });
});

describe('checkWriteValue', () => {
  it('accepts a number within the range, inclusive', () => {
    expect(checkWriteValue(float, 1.2)).toEqual({ ok: true, value: 1.2 });
    expect(checkWriteValue(float, '0')).toEqual({ ok: true, value: 0 });
    expect(checkWriteValue(float, ' 1.6 ')).toEqual({ ok: true, value: 1.6 });
  });

  it('refuses a missing value, text and values outside the range', () => {
    expect(checkWriteValue(float, null)).toEqual({ ok: false, error: { key: 'required' } });
    expect(checkWriteValue(float, '')).toEqual({ ok: false, error: { key: 'required' } });
    expect(checkWriteValue(float, 'abc')).toEqual({ ok: false, error: { key: 'notNumber' } });
    expect(checkWriteValue(float, Number.NaN)).toEqual({ ok: false, error: { key: 'notNumber' } });
    expect(checkWriteValue(float, 1.61)).toEqual({ ok: false, error: { key: 'range', min: 0, max: 1.6 } });
    expect(checkWriteValue(float, -1)).toEqual({ ok: false, error: { key: 'range', min: 0, max: 1.6 } });
  });

  it('checks one-sided ranges and no range', () => {
    expect(checkWriteValue({ ...float, max_value: null }, -1)).toEqual({
      ok: false,
      error: { key: 'min', min: 0 },
    });
    expect(checkWriteValue({ ...float, min_value: null }, 2)).toEqual({
      ok: false,
      error: { key: 'max', max: 1.6 },
    });
    expect(checkWriteValue({ ...float, min_value: null, max_value: null }, -1e9)).toEqual({
      ok: true,
      value: -1e9,
    });
  });

  it('takes 0/1/true/false for bits', () => {
    const bit = { data_type: 'bit', min_value: null, max_value: null, string_length: null };
    expect(checkWriteValue(bit, true)).toEqual({ ok: true, value: 1 });
    expect(checkWriteValue(bit, false)).toEqual({ ok: true, value: 0 });
    expect(checkWriteValue(bit, 'TRUE')).toEqual({ ok: true, value: 1 });
    expect(checkWriteValue(bit, 0)).toEqual({ ok: true, value: 0 });
    expect(checkWriteValue(bit, 2)).toEqual({ ok: false, error: { key: 'notBit' } });
  });

  it('limits text to string_length, or the global maximum', () => {
    const text = { data_type: 'string', min_value: null, max_value: null, string_length: 4 };
    expect(checkWriteValue(text, 'abcd')).toEqual({ ok: true, value: 'abcd' });
    expect(checkWriteValue(text, 'abcde')).toEqual({ ok: false, error: { key: 'tooLong', max: 4 } });
    expect(checkWriteValue({ ...text, string_length: null }, 'x'.repeat(129))).toEqual({
      ok: false,
      error: { key: 'tooLong', max: 128 },
    });
    expect(checkWriteValue(text, '')).toEqual({ ok: true, value: '' });
  });
});

describe('rangeText', () => {
  it('reads both, one or no limits', () => {
    expect(rangeText({ min_value: 0, max_value: 1.6 })).toBe('0 – 1.6');
    expect(rangeText({ min_value: 0, max_value: null })).toBe('≥ 0');
    expect(rangeText({ min_value: null, max_value: 5 })).toBe('≤ 5');
    expect(rangeText({ min_value: null, max_value: null })).toBeNull();
  });
});
