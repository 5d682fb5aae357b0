import { describe, expect, it } from 'vitest';

import type { DataSourceOut } from '../types-data-source';
import {
  adjustForTypeAndArea,
  defaultFormValues,
  fieldOfError,
  serverFieldPath,
  toFormValues,
  toPayload,
  type DataSourceFormValues,
} from './data-source-form';
import { checkImportFile } from './data-source-import';

const ctx = { templateId: 7, dataVersion: '1.0' };

function values(patch: Partial<DataSourceFormValues>): DataSourceFormValues {
  return { ...defaultFormValues(3), name: ' Temp ', ...patch };
}

describe('toPayload', () => {
  it('sends a writable float32 with its range, orders and faults', () => {
    const body = toPayload(
      values({
        data_type: 'float32',
        area: 'holding',
        address: 100,
        rw: 'rw',
        byte_order: 'little',
        word_order: 'little',
        scale: 0.1,
        offset: -5,
        unit: ' °C ',
        decimals: 1,
        min_value: 0,
        max_value: 100,
        history: 'interval',
        history_interval_s: 30,
        aggregate: 'max',
        faults: [
          {
            kind: 'compare',
            op: 'gt',
            threshold: 80,
            bit_index: 4,
            alarm_name: ' Hot ',
            level: 3,
            info: 'x',
          },
        ],
        device_id: 12,
      }),
      ctx,
    );
    expect(body).toMatchObject({
      template_id: 7,
      group_id: 3,
      name: 'Temp',
      data_type: 'float32',
      bit_index: null,
      string_length: null,
      byte_order: 'little',
      word_order: 'little',
      rw: 'rw',
      scale: 0.1,
      offset: -5,
      unit: '°C',
      min_value: 0,
      max_value: 100,
      history_interval_s: 30,
      aggregate: 'max',
      device_id: null,
    });
    expect(body.faults).toEqual([
      { kind: 'compare', op: 'gt', threshold: 80, bit_index: null, alarm_name: 'Hot', level: 3, info: 'x' },
    ]);
  });

  it('nulls what does not apply to a coil bit', () => {
    const body = toPayload(
      values({
        data_type: 'bit',
        area: 'coil',
        bit_index: 5,
        min_value: 1,
        max_value: 2,
        scale: 3,
        unit: 'kW',
      }),
      ctx,
    );
    expect(body).toMatchObject({
      bit_index: null,
      min_value: null,
      max_value: null,
      scale: 1,
      offset: 0,
      unit: '',
      history_interval_s: null,
      byte_order: 'big',
      word_order: 'big',
    });
  });

  it('keeps bit_index for a bit of a holding register and string_length for strings', () => {
    expect(toPayload(values({ data_type: 'bit', area: 'holding', bit_index: 7 }), ctx).bit_index).toBe(7);
    const text = toPayload(
      values({ data_type: 'string', area: 'input', string_length: 20, faults: [{ kind: 'compare' }] }),
      ctx,
    );
    expect(text).toMatchObject({ string_length: 20, rw: 'r', faults: [] });
  });

  it('forces read-only on input/discrete areas and sends the device only for 2.0', () => {
    expect(toPayload(values({ area: 'input', rw: 'rw' }), ctx).rw).toBe('r');
    expect(toPayload(values({ device_id: 9 }), { templateId: 7, dataVersion: '2.0' }).device_id).toBe(9);
    expect(
      toPayload(values({ device_id: undefined }), { templateId: 7, dataVersion: '2.0' }).device_id,
    ).toBeNull();
  });

  it('sends a bit fault without op and threshold', () => {
    const body = toPayload(
      values({
        data_type: 'uint16',
        faults: [{ kind: 'bit', op: 'gt', threshold: 3, bit_index: 2, level: 5 }],
      }),
      ctx,
    );
    expect(body.faults).toEqual([
      { kind: 'bit', op: null, threshold: null, bit_index: 2, alarm_name: '', level: 5, info: '' },
    ]);
  });
});

describe('toFormValues', () => {
  it('round-trips a data source', () => {
    const source: DataSourceOut = {
      id: 1,
      template_id: 7,
      group_id: 3,
      group_name: 'g',
      name: 'Speed',
      data_type: 'uint32',
      area: 'input',
      address: 10,
      bit_index: null,
      byte_order: 'big',
      word_order: 'little',
      string_length: null,
      rw: 'r',
      scale: 2,
      offset: 1,
      unit: 'rpm',
      decimals: 0,
      min_value: null,
      max_value: null,
      history: 'change',
      history_interval_s: null,
      aggregate: 'avg',
      faults: [{ kind: 'bit', op: null, threshold: null, bit_index: 3, alarm_name: 'A', level: 2, info: '' }],
      device_id: null,
      device_sn: null,
      sort: 0,
      created_at: 0,
    };
    const form = toFormValues(source);
    expect(form.string_length).toBe(16);
    expect(form.history_interval_s).toBe(60);
    const body = toPayload(form, ctx);
    expect(body).toMatchObject({
      name: 'Speed',
      data_type: 'uint32',
      area: 'input',
      address: 10,
      word_order: 'little',
      rw: 'r',
      scale: 2,
      offset: 1,
      history: 'change',
      history_interval_s: null,
      string_length: null,
    });
    expect(body.faults).toEqual(source.faults);
  });
});

describe('adjustForTypeAndArea', () => {
  it('moves a non-bit type out of the bit areas and locks rw on read-only areas', () => {
    expect(adjustForTypeAndArea({ data_type: 'int16', area: 'coil', rw: 'rw' })).toEqual({
      area: 'holding',
      rw: 'rw',
    });
    expect(adjustForTypeAndArea({ data_type: 'bit', area: 'discrete', rw: 'rw' })).toEqual({
      area: 'discrete',
      rw: 'r',
    });
  });
});

describe('serverFieldPath', () => {
  const known = ['name', 'address', 'faults'];
  it('maps plain and nested names', () => {
    expect(serverFieldPath('name', known)).toEqual(['name']);
    expect(serverFieldPath('faults.1.level', known)).toEqual(['faults', 1, 'level']);
    expect(serverFieldPath('faults[0].threshold', known)).toEqual(['faults', 0, 'threshold']);
  });
  it('ignores unknown or missing fields', () => {
    expect(serverFieldPath('template_id', known)).toBeNull();
    expect(serverFieldPath(null, known)).toBeNull();
  });
});

describe('checkImportFile', () => {
  it('accepts spreadsheets up to 20 MB', () => {
    expect(checkImportFile({ name: 'a.XLSX', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'a.csv', size: 20 * 1024 * 1024 })).toBeNull();
    expect(checkImportFile({ name: 'a.txt', size: 10 })).toBe('type');
    expect(checkImportFile({ name: 'a.xls', size: 0 })).toBe('empty');
    expect(checkImportFile({ name: 'a.xls', size: 20 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('fieldOfError', () => {
  it('uses meta.field, else the field the code concerns', () => {
    const known = ['name', 'address', 'faults', 'max_value'];
    expect(fieldOfError({ field: 'faults.0.level', code: '115410' }, known)).toEqual(['faults', 0, 'level']);
    expect(fieldOfError({ field: null, code: '115404' }, known)).toEqual(['name']);
    expect(fieldOfError({ field: null, code: '115407' }, known)).toEqual(['max_value']);
    expect(fieldOfError({ field: null, code: '100003' }, known)).toBeNull();
  });
});
