import { describe, expect, it } from 'vitest';

import type { DesignElement } from '../../model/types';
import { checkWrite, limitsError, writeBlock, type ControlAccess } from './write-rules';

const rules = { min: 0, max: 100, decimals: 1 };

describe('checkWrite', () => {
  it('accepts a number within the range, limits included, rounded to the decimals', () => {
    expect(checkWrite(rules, 42)).toEqual({ ok: true, value: 42 });
    expect(checkWrite(rules, '0')).toEqual({ ok: true, value: 0 });
    expect(checkWrite(rules, 100)).toEqual({ ok: true, value: 100 });
    expect(checkWrite(rules, 12.34)).toEqual({ ok: true, value: 12.3 });
    expect(checkWrite({ ...rules, decimals: 0 }, '7.5')).toEqual({ ok: true, value: 8 });
  });

  it('refuses values outside the range, on either side', () => {
    expect(checkWrite(rules, 100.1)).toEqual({ ok: false, error: { key: 'range', min: 0, max: 100 } });
    expect(checkWrite(rules, -0.5)).toEqual({ ok: false, error: { key: 'range', min: 0, max: 100 } });
    expect(checkWrite({ ...rules, max: null }, -1)).toEqual({ ok: false, error: { key: 'min', min: 0 } });
    expect(checkWrite({ ...rules, min: null }, 101)).toEqual({ ok: false, error: { key: 'max', max: 100 } });
  });

  it('judges the rounded value: 100.04 rounds to 100 and passes, 100.06 to 100.1 and fails', () => {
    expect(checkWrite(rules, 100.04)).toEqual({ ok: true, value: 100 });
    expect(checkWrite(rules, 100.06)).toEqual({ ok: false, error: { key: 'range', min: 0, max: 100 } });
  });

  it('refuses a missing value and text where a number is limited', () => {
    expect(checkWrite(rules, null)).toEqual({ ok: false, error: { key: 'required' } });
    expect(checkWrite(rules, ' ')).toEqual({ ok: false, error: { key: 'required' } });
    expect(checkWrite(rules, 'abc')).toEqual({ ok: false, error: { key: 'notNumber' } });
    expect(checkWrite(rules, Number.POSITIVE_INFINITY)).toEqual({ ok: false, error: { key: 'notNumber' } });
  });

  it('refuses every write while the lower limit is not below the upper one', () => {
    expect(checkWrite({ min: 10, max: 5, decimals: null }, 7)).toEqual({
      ok: false,
      error: { key: 'limits' },
    });
    expect(checkWrite({ min: 5, max: 5, decimals: null }, 5)).toEqual({
      ok: false,
      error: { key: 'limits' },
    });
  });

  it('writes a fixed text as it is when no range limits it (a text data source)', () => {
    const open = { min: null, max: null, decimals: null };
    expect(checkWrite(open, 'START')).toEqual({ ok: true, value: 'START' });
    expect(checkWrite(open, -1e9)).toEqual({ ok: true, value: -1e9 });
  });
});

describe('limitsError', () => {
  it('names the lower-above-upper rule only when both limits are set', () => {
    expect(limitsError({ min: 1, max: 0 })).toBe('limits');
    expect(limitsError({ min: 0, max: 0 })).toBe('limits');
    expect(limitsError({ min: 0, max: 1 })).toBeNull();
    expect(limitsError({ min: 5, max: null })).toBeNull();
    expect(limitsError({ min: null, max: null })).toBeNull();
  });
});

describe('writeBlock', () => {
  const element = { bindings: { value: { data_source_id: 3 } }, settings: {} } as unknown as DesignElement;
  const open: ControlAccess = {
    can_operate: true,
    user_can_write: true,
    device_can_write: true,
    online: true,
  };

  it('lets a bound control of an online device with every right write', () => {
    expect(writeBlock(element, 'value', open)).toBeNull();
    // Without the runtime's facts (no device yet) only the binding is known; the server checks the rest.
    expect(writeBlock(element, 'value', null)).toBeNull();
  });

  it('names the first rule that stops the write, in the order the server checks them', () => {
    expect(writeBlock(element, 'level', open)).toBe('unbound');
    expect(writeBlock(element, 'value', { ...open, can_operate: false, online: false })).toBe('noControl');
    expect(writeBlock(element, 'value', { ...open, user_can_write: false, online: false })).toBe('user');
    expect(writeBlock(element, 'value', { ...open, device_can_write: false })).toBe('device');
    expect(writeBlock(element, 'value', { ...open, online: false })).toBe('offline');
  });

  it('refuses a control naming a password that is not set, and only then (issue 30 defect 2)', () => {
    const asking = (password: string) => ({ ...element, settings: { password } }) as unknown as DesignElement;
    const none = { ...open, password_required: false, device_password_set: false };
    const tenant = { ...open, password_required: true, device_password_set: false };
    const own = { ...open, password_required: true, device_password_set: true };
    expect(writeBlock(asking('device'), 'value', none)).toBe('devicePasswordNotSet');
    expect(writeBlock(asking('device'), 'value', tenant)).toBe('devicePasswordNotSet');
    expect(writeBlock(asking('device'), 'value', own)).toBeNull();
    expect(writeBlock(asking('global'), 'value', none)).toBe('passwordNotSet');
    expect(writeBlock(asking('global'), 'value', tenant)).toBeNull();
    expect(writeBlock(asking('global'), 'value', own)).toBeNull();
    expect(writeBlock(asking('none'), 'value', none)).toBeNull();
    // An older server that does not tell: the server decides.
    expect(writeBlock(asking('device'), 'value', open)).toBeNull();
    // The rights come first, as the server checks them first.
    expect(writeBlock(asking('device'), 'value', { ...none, online: false })).toBe('offline');
  });
});
