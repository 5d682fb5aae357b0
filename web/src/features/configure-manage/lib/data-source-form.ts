// The data source form ↔ the API payload: defaults, fields that do not apply are sent as null, server field paths.
import { FAULTS_PER_DATA_SOURCE_MAX } from '@/types/limits.gen';
import type {
  ByteOrder,
  DataSourceIn,
  DataSourceOut,
  Fault,
  FaultKind,
  ReadWrite,
} from '../types-data-source';
import { applicableFields, areasFor, isReadOnlyArea } from './data-source-fields';

export interface FaultFormValue {
  kind: FaultKind;
  op?: string | undefined;
  threshold?: number | null | undefined;
  bit_index?: number | null | undefined;
  alarm_name?: string | undefined;
  level?: number | undefined;
  info?: string | undefined;
}

export interface DataSourceFormValues {
  name: string;
  group_id?: number | null | undefined;
  data_type: string;
  area: string;
  address: number;
  bit_index?: number | null | undefined;
  byte_order?: ByteOrder | undefined;
  word_order?: ByteOrder | undefined;
  string_length?: number | null | undefined;
  rw?: ReadWrite | undefined;
  scale?: number | null | undefined;
  offset?: number | null | undefined;
  unit?: string | undefined;
  decimals?: number | null | undefined;
  min_value?: number | null | undefined;
  max_value?: number | null | undefined;
  history: string;
  history_interval_s?: number | null | undefined;
  aggregate?: string | undefined;
  faults?: FaultFormValue[] | undefined;
  device_id?: number | null | undefined;
}

export const NEW_FAULT: FaultFormValue = {
  kind: 'compare',
  op: 'gt',
  threshold: 0,
  bit_index: null,
  alarm_name: '',
  level: 1,
  info: '',
};

export function defaultFormValues(groupId: number | null): DataSourceFormValues {
  return {
    name: '',
    group_id: groupId,
    data_type: 'int16',
    area: 'holding',
    address: 0,
    bit_index: 0,
    byte_order: 'big',
    word_order: 'big',
    string_length: 16,
    rw: 'rw',
    scale: 1,
    offset: 0,
    unit: '',
    decimals: 2,
    min_value: null,
    max_value: null,
    history: 'off',
    history_interval_s: 60,
    aggregate: 'avg',
    faults: [],
    device_id: null,
  };
}

/** An existing data source as form values (null fields get the form's defaults back so toggling shows them). */
export function toFormValues(source: DataSourceOut): DataSourceFormValues {
  const defaults = defaultFormValues(source.group_id);
  return {
    name: source.name,
    group_id: source.group_id,
    data_type: source.data_type,
    area: source.area,
    address: source.address,
    bit_index: source.bit_index ?? defaults.bit_index,
    byte_order: source.byte_order,
    word_order: source.word_order,
    string_length: source.string_length ?? defaults.string_length,
    rw: source.rw,
    scale: source.scale,
    offset: source.offset,
    unit: source.unit,
    decimals: source.decimals,
    min_value: source.min_value,
    max_value: source.max_value,
    history: source.history,
    history_interval_s: source.history_interval_s ?? defaults.history_interval_s,
    aggregate: source.aggregate,
    faults: source.faults.map((f) => ({
      kind: f.kind,
      op: f.op ?? 'gt',
      threshold: f.threshold,
      bit_index: f.bit_index,
      alarm_name: f.alarm_name,
      level: f.level,
      info: f.info,
    })),
    device_id: source.device_id,
  };
}

const num = (value: number | null | undefined): number | null =>
  value === null || value === undefined || Number.isNaN(value) ? null : value;

function toFault(value: FaultFormValue): Fault {
  const compare = value.kind === 'compare';
  return {
    kind: value.kind,
    op: compare ? (value.op ?? 'gt') : null,
    threshold: compare ? num(value.threshold) : null,
    bit_index: compare ? null : num(value.bit_index),
    alarm_name: (value.alarm_name ?? '').trim(),
    level: value.level ?? 1,
    info: (value.info ?? '').trim(),
  };
}

/** Form values → the POST/PUT body: what does not apply to the type, area, history mode or version is null. */
export function toPayload(
  values: DataSourceFormValues,
  context: { templateId: number; dataVersion: string },
): DataSourceIn {
  const rwValue: ReadWrite = isReadOnlyArea(values.area) ? 'r' : (values.rw ?? 'r');
  const fields = applicableFields({
    type: values.data_type,
    area: values.area,
    rw: rwValue,
    history: values.history,
    dataVersion: context.dataVersion,
  });
  return {
    template_id: context.templateId,
    group_id: values.group_id ?? null,
    name: values.name.trim(),
    data_type: values.data_type,
    area: values.area,
    address: values.address,
    bit_index: fields.bitIndex ? num(values.bit_index) : null,
    byte_order: fields.byteOrder ? (values.byte_order ?? 'big') : 'big',
    word_order: fields.wordOrder ? (values.word_order ?? 'big') : 'big',
    string_length: fields.stringLength ? num(values.string_length) : null,
    rw: rwValue,
    scale: fields.numeric ? (num(values.scale) ?? 1) : 1,
    offset: fields.numeric ? (num(values.offset) ?? 0) : 0,
    unit: fields.numeric ? (values.unit ?? '').trim() : '',
    decimals: fields.numeric ? (num(values.decimals) ?? 0) : 0,
    min_value: fields.writeRange ? num(values.min_value) : null,
    max_value: fields.writeRange ? num(values.max_value) : null,
    history: values.history,
    history_interval_s: fields.historyInterval ? num(values.history_interval_s) : null,
    aggregate: values.aggregate ?? 'avg',
    faults: fields.faultKinds.length
      ? (values.faults ?? [])
          .filter((f) => fields.faultKinds.includes(f.kind))
          .slice(0, FAULTS_PER_DATA_SOURCE_MAX)
          .map(toFault)
      : [],
    device_id: fields.device ? (values.device_id ?? null) : null,
  };
}

/** Values to set after a data type or area change: an area the type allows, "r" on read-only areas. */
export function adjustForTypeAndArea(values: Pick<DataSourceFormValues, 'data_type' | 'area' | 'rw'>): {
  area: string;
  rw: ReadWrite | undefined;
} {
  const areas = areasFor(values.data_type);
  const area = areas.includes(values.area) ? values.area : (areas.at(-1) ?? values.area);
  return { area, rw: isReadOnlyArea(area) ? 'r' : values.rw };
}

/**
 * A server field name (meta.field) → the form's name path: "name" → ["name"], "faults.1.level" or
 * "faults[1].level" → ["faults", 1, "level"]; null when the form has no such field.
 */
export function serverFieldPath(
  field: string | null | undefined,
  known: readonly string[],
): (string | number)[] | null {
  if (!field) return null;
  const parts = field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const head = parts[0];
  if (typeof head !== 'string' || !known.includes(head)) return null;
  return parts;
}

/** The form field a server code concerns when the answer names none (meta.field empty). */
const CODE_FIELDS: Readonly<Record<string, string>> = {
  '115402': 'name',
  '115403': 'name',
  '115404': 'name',
  '115405': 'data_type',
  '115406': 'address',
  '115407': 'max_value',
  '115408': 'history_interval_s',
  '115409': 'faults',
  '115410': 'faults',
  '115414': 'faults',
};

export function fieldOfError(
  error: { field: string | null; code: string },
  known: readonly string[],
): (string | number)[] | null {
  return serverFieldPath(error.field, known) ?? serverFieldPath(CODE_FIELDS[error.code], known);
}
