// Which data source fields apply to a data type and Modbus area, register spans and the 4x 40101-style address label.
import {
  BIT_AREAS,
  DATA_TYPE_REGISTERS,
  DATA_TYPES,
  READ_ONLY_AREAS,
  REGISTER_ADDRESS_MAX,
  REGISTER_AREAS,
} from '@/types/limits.gen';
import type { DataType, FaultKind, RegisterArea } from '../types-data-source';

const REGISTERS: Readonly<Record<string, number>> = DATA_TYPE_REGISTERS;

/** The Modicon prefix digit of an area: coil 0x, discrete 1x, input 3x, holding 4x. */
const AREA_DIGIT: Readonly<Record<string, string>> = { coil: '0', discrete: '1', input: '3', holding: '4' };

export const isBitArea = (area: RegisterArea): boolean => BIT_AREAS.includes(area);
export const isReadOnlyArea = (area: RegisterArea): boolean => READ_ONLY_AREAS.includes(area);
export const isKnownType = (type: string): boolean => DATA_TYPES.includes(type);
/** A number shown as raw × scale + offset (every type but bit and string). */
export const isNumericType = (type: DataType): boolean => type !== 'bit' && type !== 'string';

/** The areas a type may live in: bits anywhere (a bit of a register needs bit_index), the rest in registers. */
export function areasFor(type: DataType): string[] {
  return type === 'bit' ? [...REGISTER_AREAS] : REGISTER_AREAS.filter((a) => !BIT_AREAS.includes(a));
}

/** 16-bit registers (or coils) the value occupies: strings take one register per 2 characters. */
export function registerSpan(type: DataType, stringLength?: number | null): number {
  if (type === 'string') return Math.max(1, Math.ceil((stringLength ?? 1) / 2));
  return REGISTERS[type] ?? 1;
}

/** The highest start address that still fits the span (address + registers - 1 ≤ 65535). */
export function maxStartAddress(type: DataType, stringLength?: number | null): number {
  return REGISTER_ADDRESS_MAX - registerSpan(type, stringLength) + 1;
}

export interface ApplicableFields {
  /** bit_index 0–15: a bit of a holding/input register. */
  bitIndex: boolean;
  stringLength: boolean;
  /** Byte order: multi-register numbers and strings. */
  byteOrder: boolean;
  /** Word order: multi-register numbers only. */
  wordOrder: boolean;
  /** scale, offset, unit, decimals. */
  numeric: boolean;
  /** False on the read-only areas (discrete, input): rw is forced to "r". */
  rwEditable: boolean;
  /** min/max a write must fall in: numeric and read-write. */
  writeRange: boolean;
  historyInterval: boolean;
  /** Data version 2.0: the real device the variable is read from. */
  device: boolean;
  /** The fault kinds that make sense for the type (none for strings). */
  faultKinds: FaultKind[];
}

export function applicableFields(input: {
  type: DataType;
  area: RegisterArea;
  rw?: string | undefined;
  history?: string | undefined;
  dataVersion: string;
}): ApplicableFields {
  const { type, area } = input;
  const numeric = isNumericType(type);
  const multi = numeric && registerSpan(type) > 1;
  const rwEditable = !isReadOnlyArea(area);
  const faultKinds: FaultKind[] =
    type === 'string' ? [] : type === 'bit' || type.startsWith('float') ? ['compare'] : ['compare', 'bit'];
  return {
    bitIndex: type === 'bit' && !isBitArea(area),
    stringLength: type === 'string',
    byteOrder: multi || type === 'string',
    wordOrder: multi,
    numeric,
    rwEditable,
    writeRange: numeric && rwEditable && input.rw === 'rw',
    historyInterval: input.history === 'interval',
    device: input.dataVersion === '2.0',
    faultKinds,
  };
}

/** The traditional 5/6-digit Modbus reference of a 0-based protocol address: holding 100 → "40101", bit 3 → "40101.3". */
export function modbusReference(area: RegisterArea, address: number, bitIndex?: number | null): string {
  const digit = AREA_DIGIT[area] ?? '?';
  const one = address + 1;
  const reference = `${digit}${String(one).padStart(one > 9999 ? 5 : 4, '0')}`;
  return bitIndex === null || bitIndex === undefined ? reference : `${reference}.${bitIndex}`;
}

/** "4x", "0x", … for an area. */
export function areaPrefix(area: RegisterArea): string {
  return `${AREA_DIGIT[area] ?? '?'}x`;
}
