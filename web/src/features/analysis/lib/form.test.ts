import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import { report } from '@/test/reports';
import { REPORT_CHART_THEME_DEFAULT, REPORT_COLOUR_CONDITIONS_MAX } from '@/types/limits.gen';
import {
  conditionBandProblem,
  defaultValues,
  filterRangeProblem,
  fromReport,
  offsetProblem,
  previewConditions,
  rangeProblem,
  reportRules,
  SERVER_FIELD_ALIASES,
  toReportInput,
} from './form';

const name = (id: number) => `f${String(id)}`;
const DAY = 86_400_000;

describe('report form rules (the server codes)', () => {
  it('an end before the start is 118206; a range too long for hourly or minute buckets is 118210', () => {
    expect(rangeProblem([10, 5], 'day')).toBe('118206');
    expect(rangeProblem([0, 31 * DAY], 'hour')).toBeNull();
    expect(rangeProblem([0, 31 * DAY + 1], 'hour')).toBe('118210');
    expect(rangeProblem([0, 2 * DAY + 1], 'minute')).toBe('118210');
    expect(rangeProblem([0, 400 * DAY], 'day')).toBeNull();
    expect(rangeProblem(null, 'minute')).toBeNull();
  });

  it('a default length beyond 31 days of hours or 2 days of minutes is 118210', () => {
    expect(offsetProblem(31 * 24, 'hour')).toBeNull();
    expect(offsetProblem(31 * 24 + 1, 'hour')).toBe('118210');
    expect(offsetProblem(2 * 24 * 60 + 1, 'minute')).toBe('118210');
    expect(offsetProblem(100000, 'day')).toBeNull();
  });

  it('a range filter whose maximum is below its minimum is 118207', () => {
    expect(filterRangeProblem({ field_id: 41, operator: 'range', value: 10, value2: 5 })).toBe('118207');
    expect(filterRangeProblem({ field_id: 41, operator: 'range', value: 5, value2: 5 })).toBeNull();
    expect(filterRangeProblem({ field_id: 41, operator: 'gt', value: 10, value2: 5 })).toBeNull();
    const t0 = dayjs(1_000_000);
    expect(
      filterRangeProblem({ field_id: 38, operator: 'range', value: t0, value2: t0.subtract(1, 'hour') }),
    ).toBe('118207');
  });

  it('maps the server fields the form holds under another name', () => {
    expect(SERVER_FIELD_ALIASES).toEqual({ start: 'range', end: 'range', sort: 'sort_by' });
  });
});

describe('report form values', () => {
  it('a saved report reads back into the same definition', () => {
    const saved = report({
      table_kind: 6,
      time_field_id: 38,
      dimension_field_id: [{ id: 38, field_name: 'f38' }],
      compare_filed_id: [{ id: 39, field_name: 'f39' }],
      aggregate_filed_id: { id: 41, field_name: 'f41' },
      aggregation: 'avg',
      fill: '-1.5',
      start: 1000,
      end: 2000,
      filters: [
        { field_id: 41, field_name: 'f41', operator: 'range', value: 0, value2: 10 },
        { field_id: 38, field_name: 'f38', operator: 'ge', value: 5000, value2: null },
        { field_id: 39, field_name: 'f39', operator: 'null', value: null, value2: null },
      ],
      sort: { by: 'value', order: 'desc' },
      device_ids: [12],
      data_source_ids: [41, 42],
      group_id: 4,
    });
    const values = fromReport(saved);
    expect(values.fill).toBe('number');
    expect(values.fill_value).toBe(-1.5);
    expect(values.sort_by).toBe('value');
    expect(dayjs.isDayjs(values.filters[1]?.value)).toBe(true);
    const input = toReportInput(values, name);
    expect(input).toMatchObject({
      title: saved.title,
      chart_type: 2,
      table_kind: 6,
      dimension_field_id: saved.dimension_field_id,
      compare_filed_id: saved.compare_filed_id,
      aggregate_filed_id: saved.aggregate_filed_id,
      aggregation: 'avg',
      fill: '-1.5',
      start: 1000,
      end: 2000,
      filters: saved.filters,
      sort: { by: 'value', order: 'desc' },
      device_ids: [12],
      data_source_ids: [41, 42],
      group_id: 4,
    });
  });

  it('sends a trimmed title, no sort for the default order, and no devices outside history data', () => {
    const values = { ...defaultValues(7), title: '  告警  ', device_ids: [1], data_source_ids: [2] };
    const input = toReportInput(values, name);
    expect(input.title).toBe('告警');
    expect(input.sort).toBeNull();
    expect(input.device_ids).toEqual([]);
    expect(input.data_source_ids).toEqual([]);
    expect(input.dimension_field_id).toEqual([{ id: 54, field_name: 'f54' }]);
    expect(input.aggregation).toBe('count');
  });
});

describe('report theme and colour conditions', () => {
  it('a new report has the default theme and no conditions', () => {
    const values = defaultValues(8);
    expect(values.theme as string).toBe(REPORT_CHART_THEME_DEFAULT);
    expect(values.conditions).toEqual([]);
    expect(toReportInput(values, name)).toMatchObject({ theme: REPORT_CHART_THEME_DEFAULT, conditions: [] });
  });

  it('reads the saved theme and conditions back into the same definition, colours in lower case', () => {
    const conditions = [
      { min: null, max: 10, color: '#00b42a' },
      { min: 10, max: null, color: '#f53f3f' },
    ];
    const values = fromReport(report({ theme: 'greenTech', conditions }));
    expect(values.theme).toBe('greenTech');
    expect(values.conditions).toEqual(conditions);
    values.conditions.push({ min: 1, max: 2, color: '#ABCDEF' });
    expect(toReportInput(values, name)).toMatchObject({
      theme: 'greenTech',
      conditions: [...conditions, { min: 1, max: 2, color: '#abcdef' }],
    });
  });

  it('an unknown saved theme reads as the default', () => {
    const odd = report({ theme: 'purple' as unknown as 'blue' });
    expect(fromReport(odd).theme as string).toBe(REPORT_CHART_THEME_DEFAULT);
  });

  it('a band whose maximum is not above its minimum is 118207; an open bound never is', () => {
    expect(conditionBandProblem({ min: 5, max: 5, color: '#000000' })).toBe('118207');
    expect(conditionBandProblem({ min: 9, max: 3, color: '#000000' })).toBe('118207');
    expect(conditionBandProblem({ min: 1, max: 2, color: '#000000' })).toBeNull();
    expect(conditionBandProblem({ min: null, max: -5, color: '#000000' })).toBeNull();
    expect(conditionBandProblem({ min: 5, max: null, color: '#000000' })).toBeNull();
    expect(conditionBandProblem(undefined)).toBeNull();
  });

  it(`refuses more than ${String(REPORT_COLOUR_CONDITIONS_MAX)} conditions`, async () => {
    const [rule] = reportRules().conditions;
    const row = { min: null, max: null, color: '#000000' };
    await expect(rule!.validator({}, Array(REPORT_COLOUR_CONDITIONS_MAX).fill(row))).resolves.toBeUndefined();
    await expect(rule!.validator({}, Array(REPORT_COLOUR_CONDITIONS_MAX + 1).fill(row))).rejects.toThrow(
      String(REPORT_COLOUR_CONDITIONS_MAX),
    );
  });

  it('draws the rows being edited with open bounds left out', () => {
    expect(
      previewConditions([
        { min: null, max: 3, color: '#111111' },
        undefined,
        { min: 3, max: null, color: '#222222' },
      ]),
    ).toEqual([
      { max: 3, color: '#111111' },
      { min: 3, color: '#222222' },
    ]);
    expect(previewConditions(undefined)).toEqual([]);
  });
});
