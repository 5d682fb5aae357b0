// The fields of each report table kind (docs/api-reports.md, the server's reports/fields.py): which the designer
// offers as dimension, comparison, value and filter fields, and how a filter's value is typed.
import type { Aggregation } from '../types';
import { REPORT_AGGREGATIONS } from '@/types/limits.gen';

export const TABLE_KINDS = [6, 7, 8, 9] as const;
export type TableKind = (typeof TABLE_KINDS)[number];

export function isTableKind(value: unknown): value is TableKind {
  return typeof value === 'number' && (TABLE_KINDS as readonly number[]).includes(value);
}

export interface KindFields {
  /** The kind's time field (SPEC's ids 38, 54, 62, 67). */
  time: number;
  /** Every field of the kind, time first. */
  fields: readonly number[];
  /** The value field a new report starts with. */
  value: number;
  /** The aggregations the kind's statistic answers. */
  aggregations: readonly Aggregation[];
}

const ALL_AGGREGATIONS = REPORT_AGGREGATIONS as readonly Aggregation[];
const COUNTS: readonly Aggregation[] = ['count', 'distinct_count'];

export const KIND_FIELDS: Readonly<Record<TableKind, KindFields>> = {
  6: { time: 38, fields: [38, 39, 40, 41], value: 41, aggregations: ALL_AGGREGATIONS },
  7: { time: 54, fields: [54, 55, 56, 57], value: 57, aggregations: COUNTS },
  8: { time: 62, fields: [62, 63, 64, 65, 66], value: 66, aggregations: COUNTS },
  9: { time: 67, fields: [67, 68, 69, 70], value: 70, aggregations: COUNTS },
};

/** History data's value field: it is not a dimension nor a comparison (it is what is aggregated). */
export const HISTORY_VALUE_FIELD = 41;

/** Fields a dimension may be: every field of the kind but history data's value. */
export function dimensionFields(kind: TableKind): number[] {
  return KIND_FIELDS[kind].fields.filter((f) => f !== HISTORY_VALUE_FIELD);
}

/** Fields a comparison may be: the dimension fields but time. */
export function comparisonFields(kind: TableKind): number[] {
  return dimensionFields(kind).filter((f) => f !== KIND_FIELDS[kind].time);
}

export const TIME_FIELDS: ReadonlySet<number> = new Set([38, 54, 62, 67]);
/** Fields compared as numbers: history data's value and an alarm's level (1–5). */
export const NUMBER_FIELDS: ReadonlySet<number> = new Set([41, 55]);

export type FilterValueKind = 'time' | 'number' | 'text';

export function filterValueKind(fieldId: number | undefined): FilterValueKind {
  if (fieldId === undefined) return 'text';
  if (TIME_FIELDS.has(fieldId)) return 'time';
  return NUMBER_FIELDS.has(fieldId) ? 'number' : 'text';
}

/** The i18n key of a field's name. */
export const fieldKey = (id: number): string => `reports.field.f${id}`;
