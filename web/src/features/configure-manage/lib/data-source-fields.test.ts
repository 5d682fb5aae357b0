import { describe, expect, it } from 'vitest';

import {
  applicableFields,
  areaPrefix,
  areasFor,
  maxStartAddress,
  modbusReference,
  registerSpan,
} from './data-source-fields';

const fields = (type: string, area: string, extra: { rw?: string; history?: string; v?: string } = {}) =>
  applicableFields({
    type,
    area,
    rw: extra.rw ?? 'rw',
    history: extra.history ?? 'off',
    dataVersion: extra.v ?? '1.0',
  });

describe('registerSpan', () => {
  it('follows DATA_TYPE_REGISTERS', () => {
    expect(registerSpan('bit')).toBe(1);
    expect(registerSpan('int16')).toBe(1);
    expect(registerSpan('float32')).toBe(2);
    expect(registerSpan('uint32')).toBe(2);
    expect(registerSpan('float64')).toBe(4);
  });
  it('counts two characters per register for strings', () => {
    expect(registerSpan('string', 1)).toBe(1);
    expect(registerSpan('string', 2)).toBe(1);
    expect(registerSpan('string', 3)).toBe(2);
    expect(registerSpan('string', 128)).toBe(64);
  });
  it('keeps address + registers - 1 within 65535', () => {
    expect(maxStartAddress('int16')).toBe(65535);
    expect(maxStartAddress('float32')).toBe(65534);
    expect(maxStartAddress('float64')).toBe(65532);
    expect(maxStartAddress('string', 10)).toBe(65531);
  });
});

describe('areasFor', () => {
  it('lets bits live in any area and registers only in input/holding', () => {
    expect(areasFor('bit')).toEqual(['coil', 'discrete', 'input', 'holding']);
    expect(areasFor('float32')).toEqual(['input', 'holding']);
    expect(areasFor('string')).toEqual(['input', 'holding']);
  });
});

describe('applicableFields', () => {
  it('asks for bit_index only for a bit of a register', () => {
    expect(fields('bit', 'coil').bitIndex).toBe(false);
    expect(fields('bit', 'discrete').bitIndex).toBe(false);
    expect(fields('bit', 'holding').bitIndex).toBe(true);
    expect(fields('bit', 'input').bitIndex).toBe(true);
    expect(fields('int16', 'holding').bitIndex).toBe(false);
  });
  it('asks for string_length only for strings', () => {
    expect(fields('string', 'holding').stringLength).toBe(true);
    expect(fields('int32', 'holding').stringLength).toBe(false);
  });
  it('asks for byte/word order only for multi-register types (strings: byte order)', () => {
    expect(fields('int16', 'holding')).toMatchObject({ byteOrder: false, wordOrder: false });
    expect(fields('float32', 'holding')).toMatchObject({ byteOrder: true, wordOrder: true });
    expect(fields('float64', 'input')).toMatchObject({ byteOrder: true, wordOrder: true });
    expect(fields('string', 'holding')).toMatchObject({ byteOrder: true, wordOrder: false });
    expect(fields('bit', 'coil')).toMatchObject({ byteOrder: false, wordOrder: false });
  });
  it('locks rw on read-only areas and shows the write range only for writable numbers', () => {
    expect(fields('int16', 'input').rwEditable).toBe(false);
    expect(fields('bit', 'discrete').rwEditable).toBe(false);
    expect(fields('bit', 'coil').rwEditable).toBe(true);
    expect(fields('float32', 'holding').writeRange).toBe(true);
    expect(fields('float32', 'holding', { rw: 'r' }).writeRange).toBe(false);
    expect(fields('float32', 'input').writeRange).toBe(false);
    expect(fields('bit', 'coil').writeRange).toBe(false);
  });
  it('shows the interval only for history=interval and the device only for 2.0', () => {
    expect(fields('int16', 'holding', { history: 'interval' }).historyInterval).toBe(true);
    expect(fields('int16', 'holding', { history: 'change' }).historyInterval).toBe(false);
    expect(fields('int16', 'holding', { v: '2.0' }).device).toBe(true);
    expect(fields('int16', 'holding').device).toBe(false);
  });
  it('offers fault kinds by type', () => {
    expect(fields('string', 'holding').faultKinds).toEqual([]);
    expect(fields('bit', 'coil').faultKinds).toEqual(['compare']);
    expect(fields('float32', 'holding').faultKinds).toEqual(['compare']);
    expect(fields('uint16', 'holding').faultKinds).toEqual(['compare', 'bit']);
  });
});

describe('modbusReference', () => {
  it('labels 0-based addresses the Modicon way', () => {
    expect(modbusReference('holding', 100)).toBe('40101');
    expect(modbusReference('holding', 0)).toBe('40001');
    expect(modbusReference('coil', 0)).toBe('00001');
    expect(modbusReference('discrete', 9)).toBe('10010');
    expect(modbusReference('input', 9998)).toBe('39999');
    expect(modbusReference('input', 9999)).toBe('310000');
    expect(modbusReference('holding', 65535)).toBe('465536');
  });
  it('appends the bit of a register', () => {
    expect(modbusReference('holding', 100, 3)).toBe('40101.3');
    expect(modbusReference('holding', 100, null)).toBe('40101');
  });
  it('names the area prefix', () => {
    expect(areaPrefix('holding')).toBe('4x');
    expect(areaPrefix('coil')).toBe('0x');
  });
});
