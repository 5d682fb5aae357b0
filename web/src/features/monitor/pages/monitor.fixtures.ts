// What the monitor pages' tests answer with: two watched tables of one template, a live table of two devices, a
// setting and a group.
import { defaultColumn, type MonitorDesignColumn } from '@/lib/monitor-tables/api';

import type { MonitorGroup, MonitorSetting, MonitorTableLive, WatchedTable } from '../api/monitor';
import { DEFAULT_SETTING } from '../api/monitor';

export const NOW = Date.now();

export function watchedTable(over: Partial<WatchedTable> = {}): WatchedTable {
  return {
    id: 7,
    name: '泵组',
    description: '',
    sort: 0,
    revision: 1,
    columns: 2,
    template_id: 3,
    template_name: '泵站',
    devices: 2,
    updated_at: 0,
    ...over,
  };
}

const pumps = watchedTable();
const fans = watchedTable({ id: 9, name: '风机组', template_id: 4, template_name: '风机' });

export const watched: WatchedTable[] = [
  pumps,
  watchedTable({ id: 8, name: '能耗', sort: 1, columns: 1 }),
  fans,
];

const column = (sourceId: number, over: Partial<MonitorDesignColumn> = {}) => ({
  ...defaultColumn(sourceId),
  ...over,
});

export function liveTable(over: Partial<MonitorTableLive> = {}): MonitorTableLive {
  return {
    id: 7,
    name: '泵组',
    description: '',
    revision: 1,
    template_id: 3,
    template_name: '泵站',
    design: {
      schema_version: 1,
      columns: [
        column(41, { group: '出口', bands: [{ min: 1.0, max: null, color: '#ff0000', background: null }] }),
        column(42, { group: '出口', decimals: 0 }),
      ],
      device: { title: '', width: 180, show_sn: true, show_state: true, frozen: true },
      row_height: 36,
      stale_after_s: 60,
    },
    sources: [
      { id: 41, name: '压力', unit: 'MPa', decimals: 2, data_type: 'float32', rw: 'r' },
      { id: 42, name: '流量', unit: 'm³/h', decimals: 1, data_type: 'float32', rw: 'r' },
    ],
    rows: [
      {
        device_id: 12,
        sn_code: 'IOT0000012',
        dev_alias: '一号泵',
        dev_state: 1,
        report_time: NOW,
        cells: [
          [0.82, NOW, 0],
          [120.4, NOW - 600_000, 0],
        ],
        alarms: [0, 3],
      },
      {
        device_id: 13,
        sn_code: 'IOT0000013',
        dev_alias: '二号泵',
        dev_state: 2,
        report_time: null,
        cells: [null, null],
        alarms: [0, 0],
      },
    ],
    total: 2,
    offline_timeout_ms: 120_000,
    now: NOW,
    ...over,
  };
}

export function setting(over: Partial<MonitorSetting> = {}): MonitorSetting {
  return { ...DEFAULT_SETTING, ...over };
}

export function group(over: Partial<MonitorGroup> = {}): MonitorGroup {
  return {
    id: 5,
    name: '一车间',
    position: 1,
    tables: [pumps, fans],
    hidden: 0,
    updated_at: 0,
    ...over,
  };
}
