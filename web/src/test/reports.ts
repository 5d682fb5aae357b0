// Test data of a saved report, as the report pages and the dashboards' report card read it: the definition
// (GET /yun/report/info) and a statistic to draw (GET /yun/report/statistic).
import type { Report, ReportStatistic } from '@/lib/reports/types';

/** A table report (type 2) counting devices by their online state over the last 24 hours, with `over` on top. */
export function report(over: Partial<Report> = {}): Report {
  return {
    id: 3,
    owner_id: 1,
    title: '在线设备',
    chart_type: 2,
    table_kind: 8,
    time_field_id: 62,
    group_id: null,
    refresh_interval: 0,
    exportable: true,
    dimension_field_id: [{ id: 64, field_name: '在线状态' }],
    compare_filed_id: [],
    aggregate_filed_id: { id: 66, field_name: '设备' },
    aggregation: 'count',
    time_unit: 'hour',
    time_offset: 24,
    start: null,
    end: null,
    fill: 'none',
    filters: [],
    sort: null,
    device_ids: [],
    data_source_ids: [],
    theme: 'blue',
    conditions: [],
    created_at: Date.UTC(2026, 10, 1),
    updated_at: Date.UTC(2026, 10, 2, 8, 30),
    ...over,
  };
}

/** The report's statistic: 4 devices online, 2 offline. */
export const STATISTIC: ReportStatistic = {
  categories: ['在线', '离线'],
  dimension_is_time: false,
  bucket: null,
  series: [{ name: '设备', values: [4, 2], min: null, max: null }],
  unit: null,
  total_rows: 2,
};
