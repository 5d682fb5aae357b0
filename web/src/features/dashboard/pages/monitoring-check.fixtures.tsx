// Fixtures of the central monitoring page's tests: three devices (two online, one in another group with two active
// alarms), each with two data sources, and the page rendered on its route.
import { screen } from '@testing-library/react';
import type { RequestConfig } from '@/lib/http';

import type { AlarmOut } from '@/lib/alarms/types';
import { mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { liveItem } from '@/test/telemetry';
import type { MonitorDevice } from '../api/monitor-devices';
import MonitoringCheckPage from './monitoring-check';

export const device = (
  id: number,
  alias: string,
  devState: 1 | 2,
  groupId = 3,
): MonitorDevice & { group_id: number } => ({
  id,
  sn_code: `IOT00000${String(id)}`,
  alias,
  dev_state: devState,
  report_time: 1_000,
  registered: true,
  group_name: '默认分组',
  group_id: groupId,
});

export const DEVICES = [device(12, '1号泵', 1), device(13, '2号泵', 2), device(14, '3号泵', 1, 4)];

export const alarm = (over: Partial<AlarmOut> & { id: number; device_id: number }): AlarmOut => ({
  sn_code: '',
  dev_alias: '',
  data_source_id: 41,
  data_source_name: '出水压力',
  alarm_name: '压力过高',
  alarm_level: 2,
  alarm_type: 1,
  alarm_info: null,
  value: 1.3,
  alarm_time: 1_000,
  recover_time: null,
  confirm_time: null,
  confirm_userName: null,
  alarm_note: null,
  ...over,
});

export const params = (c: RequestConfig) => c.params as Record<string, string | number | boolean>;

export function listDevices(c: RequestConfig, all = DEVICES) {
  const p = params(c);
  const q = typeof p.q === 'string' ? p.q : '';
  const rows = all.filter(
    (d) =>
      (p.group_id === undefined || d.group_id === p.group_id) &&
      (p.dev_state === undefined || d.dev_state === p.dev_state) &&
      (q === '' || d.alias.includes(q) || d.sn_code.includes(q)),
  );
  return ok({
    items: rows.slice(0, Number(p.page_size)),
    total: rows.length,
    page: 1,
    page_size: p.page_size,
  });
}

export function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /dev': (c) => listDevices(c),
    'GET /yun/dev/group': () =>
      ok([
        { id: 3, name: '默认分组', is_default: true },
        { id: 4, name: '二号车间', is_default: false },
      ]),
    'GET /rDev': (c) => {
      const id = Number(params(c).device_id);
      return ok({
        device_id: id,
        sn_code: `IOT00000${String(id)}`,
        dev_alias: '',
        dev_state: id === 13 ? 2 : 1,
        report_time: 1_000,
        template_id: 3,
        template_version: 1,
        can_write: true,
        password_required: false,
        items: [
          liveItem({ id: 41, value: id === 12 ? 0.82 : 0.35, ts: 1_000 }),
          liveItem({ id: 42, name: '温度', unit: '℃', decimals: 1, value: 36.5, ts: 1_000 }),
        ],
      });
    },
    'GET /rAlarmDev': () =>
      ok({
        items: [
          alarm({ id: 7, device_id: 14, alarm_level: 3 }),
          alarm({ id: 8, device_id: 14, alarm_level: 2 }),
          alarm({ id: 6, device_id: 13, alarm_level: 1, alarm_type: 2, recover_time: 2_000 }),
        ],
        total: 3,
        page: 1,
        page_size: 200,
      }),
    ...over,
  };
}

export function renderPage(url = '/monitoringCheck', over: Record<string, Handler> = {}) {
  const calls = mockApi(handlers(over));
  const view = renderRoutes([{ path: '/monitoringCheck', element: <MonitoringCheckPage /> }], {
    initialEntries: [url],
  });
  return { calls, ...view };
}

export const card = (name: string) => screen.getByRole('button', { name: `打开 ${name} 的组态画面` });
export const findCard = (name: string) => screen.findByRole('button', { name: `打开 ${name} 的组态画面` });
export const deviceCalls = (calls: RequestConfig[]) =>
  calls.filter((c) => c.url === '/dev' && params(c).page_size !== 1).map(params);
