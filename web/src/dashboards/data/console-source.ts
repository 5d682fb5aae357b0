// The signed-in console's dashboard source (source.tsx): the endpoints the console's other screens read, with their
// query keys where the answer is the same (device groups, a device's alarms and screens, reports, dashboards), so
// the cards of one dashboard and the pages around it ask once. Card reads are silent: a card shows a failure on
// itself, a dashboard page shows no toast per card.
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { DEVICE_GROUPS_KEY } from '@/components/pickers/picker-api';
import { getDeviceMap } from '@/components/map/map-api';
import { consoleFeedSource } from '@/designer/runtime/feed-source';
import { realtimeAlarmsQueryOptions } from '@/lib/alarms/list-realtime-alarms';
import type { AlarmPage } from '@/lib/alarms/types';
import { ACTIVE_ALARMS_SEED } from '@/lib/alarms/use-device-alarms';
import { useDashboard } from '@/lib/dashboards/get-dashboard';
import { get } from '@/lib/http';
import { useReport } from '@/lib/reports/get-report';
import { useStatistic } from '@/lib/reports/get-statistic';
import { deviceScreensQueryOptions } from '@/lib/telemetry/get-device-screens';
import { listFlowCards, type FlowAnalysisOut } from '@/lib/usage/flow-cards';
import { rtdClient } from '@/lib/ws';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { Schema } from '@/types/schema';
import {
  getDevice,
  listDeviceGroups,
  listDevices,
  toWidgetDevice,
  widgetKeys,
  type DevicePage,
} from './queries';
import type { AlarmScope, DashboardSource, NetCounts, WidgetDevicePage } from './source';
import { getWeatherDaily, getWeatherNow, WEATHER_REFRESH_MS, weatherKeys } from './weather-api';

const SILENT = { silent: true } as const;

const devicePage = (page: DevicePage): WidgetDevicePage => ({
  items: page.items.map(toWidgetDevice),
  total: page.total,
});
const alarmItems = (page: AlarmPage) => page.items;
const deviceName = (d: Schema<'DeviceDetailOut'>) => ({ id: d.id, name: d.alias || d.sn_code });
const trafficSummary = (d: FlowAnalysisOut) => d.summary;

function getNet(groupId: number | null): Promise<NetCounts> {
  return get<NetCounts>('/yun/dashboard/net', groupId === null ? {} : { group_id: groupId }, SILENT);
}

/** A fault card's alarms: a device's page (the one its screens read too), a group's (the server filters), or the
 * first page of every device's, shared with the map's and the tree's marks. */
function alarmParams(scope: AlarmScope) {
  if (scope.deviceId !== null) return { device_id: scope.deviceId, page: 1, page_size: PAGE_SIZE_MAX };
  if (scope.groupId !== null) return { group_id: scope.groupId, page: 1, page_size: PAGE_SIZE_MAX };
  return ACTIVE_ALARMS_SEED;
}

export const consoleSource: DashboardSource = {
  kind: 'console',
  writes: true,
  useGroups: (enabled) =>
    useQuery({ queryKey: DEVICE_GROUPS_KEY, queryFn: listDeviceGroups, enabled, staleTime: 60_000 }),
  useDevices: (params, enabled, refetchMs = false) =>
    useQuery({
      queryKey: widgetKeys.devices(params),
      queryFn: () => listDevices(params),
      select: devicePage,
      enabled,
      placeholderData: keepPreviousData,
      refetchInterval: enabled ? refetchMs : false,
    }),
  useDevice: (id, enabled) =>
    useQuery({
      queryKey: widgetKeys.device(id ?? 0),
      queryFn: () => getDevice(id ?? 0),
      select: deviceName,
      enabled: enabled && id !== null,
      staleTime: 5 * 60_000,
    }),
  useMap: (groupId, enabled, refetchMs) => {
    const params = groupId === null ? {} : { group_id: groupId };
    return useQuery({
      queryKey: [...widgetKeys.all, 'map', params] as const,
      queryFn: () => getDeviceMap(params, SILENT),
      enabled,
      refetchInterval: enabled ? refetchMs : false,
    });
  },
  useNet: (groupId, enabled, refetchMs) =>
    useQuery({
      queryKey: [...widgetKeys.all, 'net', groupId] as const,
      queryFn: () => getNet(groupId),
      enabled,
      placeholderData: keepPreviousData,
      refetchInterval: enabled ? refetchMs : false,
    }),
  useTraffic: (groupId, enabled, refetchMs) =>
    useQuery({
      queryKey: [...widgetKeys.all, 'traffic', groupId] as const,
      queryFn: () => listFlowCards({ page: 1, page_size: 1, group_id: groupId ?? undefined }, SILENT),
      select: trafficSummary,
      enabled,
      refetchInterval: enabled ? refetchMs : false,
    }),
  useAlarms: (scope, enabled, refetchMs) =>
    useQuery({
      ...realtimeAlarmsQueryOptions(alarmParams(scope)),
      select: alarmItems,
      enabled,
      refetchInterval: enabled ? refetchMs : false,
    }),
  useAlarmMarks: (_groupId, enabled) =>
    useQuery({ ...realtimeAlarmsQueryOptions(ACTIVE_ALARMS_SEED), select: alarmItems, enabled }),
  useReport: (id, _range, enabled) => useReport(id, enabled),
  useStatistic: (id, view, refetchMs, enabled) => useStatistic(id, view, refetchMs, enabled),
  useWeather: (lat, lon, days, enabled) => ({
    now: useQuery({
      queryKey: weatherKeys.now(lat, lon),
      queryFn: () => getWeatherNow(lat, lon),
      enabled,
      staleTime: WEATHER_REFRESH_MS / 2,
      refetchInterval: enabled ? WEATHER_REFRESH_MS : false,
    }),
    daily: useQuery({
      queryKey: weatherKeys.daily(lat, lon, days),
      queryFn: () => getWeatherDaily(lat, lon, days),
      enabled,
      staleTime: WEATHER_REFRESH_MS / 2,
      refetchInterval: enabled ? WEATHER_REFRESH_MS : false,
    }),
  }),
  useDashboard: (id, enabled) => useDashboard(id, 'view', enabled),
  useScreens: (deviceId, enabled) =>
    useQuery({ ...deviceScreensQueryOptions(deviceId ?? 0), enabled: enabled && deviceId !== null }),
  feed: consoleFeedSource,
  rtd: rtdClient,
};
