// The report designer's form: its values, a saved report read into them and back into the definition the server
// takes, the client checks mirroring the server's rules (docs/api-reports.md "Rules", the same codes and texts), and
// which form field a server refusal's `field` belongs to.
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import {
  COLOUR_CONDITIONS_MAX,
  DEFAULT_CHART_THEME,
  isChartThemeId,
  isChartType,
  toColourConditions,
  type ChartThemeId,
  type ChartType,
  type ColourCondition,
} from '@/components/charts/report';
import { i18n, translateCode } from '@/lib/i18n';
import {
  REPORT_COMPARISON_MAX,
  REPORT_DEVICES_MAX,
  REPORT_DIMENSION_GROUPS_MAX,
  REPORT_FILTERS_MAX,
  REPORT_HOUR_RANGE_MAX_DAYS,
  REPORT_MINUTE_RANGE_MAX_DAYS,
  REPORT_REFRESH_MAX_S,
  REPORT_TITLE_MAX,
} from '@/types/limits.gen';
import type { Aggregation, FilterOperator, Report, ReportFilter, ReportInput, TimeUnit } from '../types';
import { filterValueKind, isTableKind, KIND_FIELDS, type TableKind } from './fields';

export const FILL_MODES = ['none', 'linear', 'previous', 'zero', 'null', 'number'] as const;
export type FillMode = (typeof FILL_MODES)[number];
export type SortBy = 'none' | 'dimension' | 'value';
export type FilterValue = string | number | Dayjs | null | undefined;

export interface FilterValues {
  field_id?: number | undefined;
  operator: FilterOperator;
  value?: FilterValue;
  value2?: FilterValue;
}

/** A data colour condition in the form: an empty bound is open; the colour is `#rrggbb`. */
export interface ConditionValues {
  min: number | null;
  max: number | null;
  color: string;
}

/** The colour a new condition starts with (the palette's red). */
export const NEW_CONDITION_COLOUR = '#f53f3f';

export interface ReportFormValues {
  title: string;
  chart_type: ChartType;
  table_kind: TableKind;
  dimension_field_id: number[];
  compare_filed_id: number[];
  aggregate_filed_id?: number | undefined;
  aggregation?: Aggregation | undefined;
  time_unit: TimeUnit;
  time_offset: number;
  /** The report's own range; none: the last `time_offset` units up to now. */
  range: [Dayjs, Dayjs] | null;
  fill: FillMode;
  fill_value: number | null;
  filters: FilterValues[];
  sort_by: SortBy;
  sort_order: 'asc' | 'desc';
  refresh_interval: number;
  exportable: boolean;
  device_ids: number[];
  data_source_ids: number[];
  /** 0: no group. */
  group_id: number;
  theme: ChartThemeId;
  conditions: ConditionValues[];
}

/** Operators that take no value, and the one that takes two. */
export const VALUELESS_OPERATORS: ReadonlySet<FilterOperator> = new Set(['null', 'not_null']);
export const RANGE_OPERATOR: FilterOperator = 'range';

/** A new report of `kind`: its time as the dimension, its usual value field counted or averaged, the last 24 hours. */
export function defaultValues(kind: TableKind = 6, groupId = 0): ReportFormValues {
  const fields = KIND_FIELDS[kind];
  return {
    title: '',
    chart_type: 3,
    table_kind: kind,
    dimension_field_id: [fields.time],
    compare_filed_id: [],
    aggregate_filed_id: fields.value,
    aggregation: kind === 6 ? 'avg' : 'count',
    time_unit: 'hour',
    time_offset: 24,
    range: null,
    fill: 'none',
    fill_value: null,
    filters: [],
    sort_by: 'none',
    sort_order: 'asc',
    refresh_interval: 0,
    exportable: true,
    device_ids: [],
    data_source_ids: [],
    group_id: groupId,
    theme: DEFAULT_CHART_THEME,
    conditions: [],
  };
}

/** The fields of another kind reset to that kind's defaults (the old kind's field ids mean nothing there). */
export function kindChange(kind: TableKind): Partial<ReportFormValues> {
  const d = defaultValues(kind);
  return {
    dimension_field_id: d.dimension_field_id,
    compare_filed_id: [],
    aggregate_filed_id: d.aggregate_filed_id,
    aggregation: d.aggregation,
    filters: [],
    device_ids: [],
    data_source_ids: [],
  };
}

function filterValueIn(fieldId: number, value: ReportFilter['value']): FilterValue {
  if (value === null || value === undefined) return undefined;
  if (filterValueKind(fieldId) === 'time' && typeof value === 'number') return dayjs(value);
  return value;
}

function filterValueOut(value: FilterValue): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (dayjs.isDayjs(value)) return value.valueOf();
  return value;
}

/** A saved report as the form holds it. */
export function fromReport(report: Report): ReportFormValues {
  const kind = isTableKind(report.table_kind) ? report.table_kind : 6;
  const numeric = report.fill !== '' && Number.isFinite(Number(report.fill));
  return {
    title: report.title,
    chart_type: isChartType(report.chart_type) ? report.chart_type : 3,
    table_kind: kind,
    dimension_field_id: report.dimension_field_id.map((f) => f.id),
    compare_filed_id: report.compare_filed_id.map((f) => f.id),
    aggregate_filed_id: report.aggregate_filed_id?.id,
    aggregation: report.aggregation ?? undefined,
    time_unit: report.time_unit ?? 'hour',
    time_offset: report.time_offset,
    range:
      report.start !== null && report.start !== undefined && report.end !== null && report.end !== undefined
        ? [dayjs(report.start), dayjs(report.end)]
        : null,
    fill: numeric
      ? 'number'
      : (FILL_MODES as readonly string[]).includes(report.fill)
        ? (report.fill as FillMode)
        : 'none',
    fill_value: numeric ? Number(report.fill) : null,
    filters: report.filters.map((f) => ({
      field_id: f.field_id,
      operator: f.operator,
      value: filterValueIn(f.field_id, f.value),
      value2: filterValueIn(f.field_id, f.value2),
    })),
    sort_by: report.sort?.by ?? 'none',
    sort_order: report.sort?.order ?? 'asc',
    refresh_interval: report.refresh_interval,
    exportable: report.exportable,
    device_ids: report.device_ids,
    data_source_ids: report.data_source_ids,
    group_id: report.group_id ?? 0,
    theme: isChartThemeId(report.theme) ? report.theme : DEFAULT_CHART_THEME,
    conditions: report.conditions.map((c) => ({ min: c.min ?? null, max: c.max ?? null, color: c.color })),
  };
}

/** The definition the server takes (POST; PUT adds the id). `fieldName` names a field id in the viewer's language. */
export function toReportInput(values: ReportFormValues, fieldName: (id: number) => string): ReportInput {
  const ref = (id: number) => ({ id, field_name: fieldName(id) });
  const history = values.table_kind === 6;
  return {
    title: values.title.trim(),
    chart_type: values.chart_type,
    table_kind: values.table_kind,
    dimension_field_id: values.dimension_field_id.map(ref),
    compare_filed_id: values.compare_filed_id.map(ref),
    aggregate_filed_id: values.aggregate_filed_id === undefined ? null : ref(values.aggregate_filed_id),
    aggregation: values.aggregation ?? null,
    time_unit: values.time_unit,
    time_offset: values.time_offset,
    start: values.range ? values.range[0].valueOf() : null,
    end: values.range ? values.range[1].valueOf() : null,
    fill: values.fill === 'number' ? String(values.fill_value ?? 0) : values.fill,
    filters: values.filters
      .filter((f): f is FilterValues & { field_id: number } => f.field_id !== undefined)
      .map((f) => ({
        field_id: f.field_id,
        field_name: fieldName(f.field_id),
        operator: f.operator,
        value: VALUELESS_OPERATORS.has(f.operator) ? null : filterValueOut(f.value),
        value2: f.operator === RANGE_OPERATOR ? filterValueOut(f.value2) : null,
      })),
    sort: values.sort_by === 'none' ? null : { by: values.sort_by, order: values.sort_order },
    refresh_interval: values.refresh_interval,
    exportable: values.exportable,
    device_ids: history ? values.device_ids : [],
    data_source_ids: history ? values.data_source_ids : [],
    group_id: values.group_id > 0 ? values.group_id : null,
    theme: values.theme,
    conditions: values.conditions.map((c) => ({
      min: c.min ?? null,
      max: c.max ?? null,
      color: c.color.toLowerCase(),
    })),
  };
}

/** The form's conditions as the chart builders take them (the preview draws them before they are saved). */
export function previewConditions(
  conditions: readonly (ConditionValues | undefined)[] | undefined,
): ColourCondition[] {
  return toColourConditions(
    (conditions ?? []).filter((c): c is ConditionValues => typeof c?.color === 'string'),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Where a server refusal goes: the form's fields carry the server's names, but for these.

/** The form's fields a refusal may name. */
export const FORM_FIELDS: readonly string[] = [
  'title',
  'chart_type',
  'table_kind',
  'dimension_field_id',
  'compare_filed_id',
  'aggregate_filed_id',
  'aggregation',
  'time_unit',
  'time_offset',
  'range',
  'fill',
  'filters',
  'sort_by',
  'refresh_interval',
  'exportable',
  'device_ids',
  'data_source_ids',
  'group_id',
  'theme',
  'conditions',
];

/** Server field names the form holds under another name. */
export const SERVER_FIELD_ALIASES: Readonly<Record<string, string>> = {
  start: 'range',
  end: 'range',
  sort: 'sort_by',
};

// ---------------------------------------------------------------------------------------------------------------
// The client's checks: the server's rules with their codes, so a refusal reads the same before and after saving.

/** The longest range of a bucket in days (hourly 31, minute 2), none for the others. */
export function rangeDaysMax(unit: TimeUnit): number | null {
  if (unit === 'hour') return REPORT_HOUR_RANGE_MAX_DAYS;
  if (unit === 'minute') return REPORT_MINUTE_RANGE_MAX_DAYS;
  return null;
}

const DAY_MS = 86_400_000;
const UNIT_MS: Readonly<Partial<Record<TimeUnit, number>>> = { hour: 3_600_000, minute: 60_000 };

/** The code a range breaks: 118206 (end before start), 118210 (too long for the bucket), else null. */
export function rangeProblem(range: [number, number] | null, unit: TimeUnit): string | null {
  if (!range) return null;
  if (range[1] < range[0]) return '118206';
  const days = rangeDaysMax(unit);
  return days !== null && range[1] - range[0] > days * DAY_MS ? '118210' : null;
}

/** 118210 when the default range (the last `offset` units) is too long for the bucket. */
export function offsetProblem(offset: number, unit: TimeUnit): string | null {
  const days = rangeDaysMax(unit);
  const ms = UNIT_MS[unit];
  return days !== null && ms !== undefined && offset * ms > days * DAY_MS ? '118210' : null;
}

/** 118207 when a colour condition's band is empty: its maximum not above its minimum (both given). */
export function conditionBandProblem(condition: ConditionValues | undefined): string | null {
  const low = condition?.min;
  const high = condition?.max;
  return typeof low === 'number' && typeof high === 'number' && high <= low ? '118207' : null;
}

/** 118207 when a range filter's maximum is below its minimum. */
export function filterRangeProblem(filter: FilterValues | undefined): string | null {
  if (filter?.operator !== RANGE_OPERATOR) return null;
  const low = filterValueOut(filter.value);
  const high = filterValueOut(filter.value2);
  if (typeof low === 'number' && typeof high === 'number' && high < low) return '118207';
  return null;
}

const reject = (code: string, values: Readonly<Record<string, string | number>> = {}) =>
  Promise.reject(new Error(translateCode(code, values)));

type Getter = { getFieldValue: (name: string | (string | number)[]) => unknown };
/** A rule as an object (a rule render returns one). */
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;
/** A rule of a Form.List: a validator of the whole list. */
export interface ListRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

type RuledField =
  | 'title'
  | 'dimension_field_id'
  | 'compare_filed_id'
  | 'aggregate_filed_id'
  | 'aggregation'
  | 'time_offset'
  | 'range'
  | 'device_ids'
  | 'data_source_ids'
  | 'filters'
  | 'conditions'
  | 'refresh_interval';

/** The form's rules by field name; their texts are the catalogue's (errors.json), read when they fire. */
export function reportRules(): Record<Exclude<RuledField, 'filters' | 'conditions'>, FormRule[]> & {
  filters: ListRule[];
  conditions: ListRule[];
} {
  const offsetRule = ({ getFieldValue }: Getter): RuleObject => ({
    validator: (_r, value: unknown) => {
      const code =
        typeof value === 'number' ? offsetProblem(value, getFieldValue('time_unit') as TimeUnit) : null;
      const days = rangeDaysMax(getFieldValue('time_unit') as TimeUnit) ?? 0;
      return code ? reject(code, { days }) : Promise.resolve();
    },
  });
  return {
    title: [
      {
        validator: (_r, value: unknown) =>
          typeof value === 'string' && value.trim() !== '' ? Promise.resolve() : reject('118201'),
      },
      {
        validator: (_r, value: unknown) =>
          typeof value === 'string' && value.trim().length > REPORT_TITLE_MAX
            ? reject('118202', { limit: REPORT_TITLE_MAX })
            : Promise.resolve(),
      },
    ],
    dimension_field_id: [
      {
        validator: (_r, value: unknown) => {
          const n = Array.isArray(value) ? value.length : 0;
          if (n === 0) return reject('118203');
          return n > REPORT_DIMENSION_GROUPS_MAX
            ? reject('118209', { limit: REPORT_DIMENSION_GROUPS_MAX })
            : Promise.resolve();
        },
      },
    ],
    compare_filed_id: [
      {
        validator: (_r, value: unknown) =>
          Array.isArray(value) && value.length > REPORT_COMPARISON_MAX
            ? reject('118208', { limit: REPORT_COMPARISON_MAX })
            : Promise.resolve(),
      },
    ],
    aggregate_filed_id: [
      {
        validator: (_r, value: unknown) =>
          value === undefined || value === null ? reject('118204') : Promise.resolve(),
      },
    ],
    aggregation: [
      {
        validator: (_r, value: unknown) =>
          value === undefined || value === null ? reject('118204') : Promise.resolve(),
      },
    ],
    time_offset: [
      {
        validator: (_r, value: unknown) =>
          typeof value === 'number'
            ? Promise.resolve()
            : Promise.reject(new Error(i18n.t('reports.design.offsetRequired'))),
      },
      offsetRule,
    ],
    range: [
      ({ getFieldValue }: Getter): RuleObject => ({
        validator: (_r, value: unknown) => {
          const unit = getFieldValue('time_unit') as TimeUnit;
          const pair = Array.isArray(value) ? (value as (Dayjs | null)[]) : [];
          const [start, end] = [pair[0], pair[1]];
          const code = rangeProblem(start && end ? [start.valueOf(), end.valueOf()] : null, unit);
          return code ? reject(code, { days: rangeDaysMax(unit) ?? 0 }) : Promise.resolve();
        },
      }),
    ],
    device_ids: [
      ({ getFieldValue }: Getter): RuleObject => ({
        validator: (_r, value: unknown) =>
          getFieldValue('table_kind') === 6 && (!Array.isArray(value) || value.length === 0)
            ? reject('118205')
            : Promise.resolve(),
      }),
    ],
    data_source_ids: [
      ({ getFieldValue }: Getter): RuleObject => ({
        validator: (_r, value: unknown) => {
          if (getFieldValue('table_kind') !== 6) return Promise.resolve();
          const sources = Array.isArray(value) ? value.length : 0;
          if (sources === 0) return reject('118205');
          const devices = (getFieldValue('device_ids') as number[] | undefined)?.length ?? 0;
          return devices * sources > REPORT_DEVICES_MAX
            ? reject('118208', { limit: REPORT_COMPARISON_MAX })
            : Promise.resolve();
        },
      }),
    ],
    filters: [
      {
        validator: (_r, value: unknown) =>
          Array.isArray(value) && value.length > REPORT_FILTERS_MAX
            ? reject('118211', { limit: REPORT_FILTERS_MAX })
            : Promise.resolve(),
      },
    ],
    conditions: [
      {
        validator: (_r, value: unknown) =>
          Array.isArray(value) && value.length > COLOUR_CONDITIONS_MAX
            ? Promise.reject(
                new Error(i18n.t('report.charts.conditions.tooMany', { max: COLOUR_CONDITIONS_MAX })),
              )
            : Promise.resolve(),
      },
    ],
    refresh_interval: [
      {
        validator: (_r, value: unknown) =>
          typeof value !== 'number' || (value >= 0 && value <= REPORT_REFRESH_MAX_S)
            ? Promise.resolve()
            : Promise.reject(new Error(i18n.t('reports.design.refreshRange', { max: REPORT_REFRESH_MAX_S }))),
      },
    ],
  };
}

/** The rule of a colour condition's maximum: above its minimum (118207, the server's text). */
export function conditionMaxRule(index: number): (form: Getter) => RuleObject {
  return ({ getFieldValue }) => ({
    validator: () => {
      const code = conditionBandProblem(getFieldValue(['conditions', index]) as ConditionValues | undefined);
      return code ? reject(code) : Promise.resolve();
    },
  });
}

/** The rule of a colour condition's colour: `#rrggbb`. */
export const CONDITION_COLOUR_RULE: FormRule = {
  validator: (_r, value: unknown) =>
    typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)
      ? Promise.resolve()
      : Promise.reject(new Error(i18n.t('report.charts.conditions.colorRequired'))),
};

/** The rule of a filter's maximum (`value2`): not below its minimum (118207). */
export function filterValue2Rule(index: number): (form: Getter) => RuleObject {
  return ({ getFieldValue }) => ({
    validator: () => {
      const code = filterRangeProblem(getFieldValue(['filters', index]) as FilterValues | undefined);
      return code ? reject(code) : Promise.resolve();
    },
  });
}
