// The signed-in console's dashboard source (source.tsx): the endpoints the console's other screens read, with their
// query keys where the answer is the same (device groups, a device's alarms and screens, reports, dashboards), so
// the cards of one dashboard and the pages around it ask once. Card reads are silent: a card shows a failure on
// itself, a dashboard page shows no toast per card.
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { DEVICE_GROUPS_KEY } from '@/components/pickers/picker-api';
import { getDeviceMap } from '@/components/map/map-api';
import { consoleFeedSource, prefetchConsoleFeed } from '@/designer/runtime/feed-source';
import { realtimeAlarmsQueryOptions } from '@/lib/alarms/list-realtime-alarms';
import { deviceScreensQueryOptions } from '@/lib/telemetry/get-device-screens';
import type { AlarmPage } from '@/lib/alarms/types';
import { ACTIVE_ALARMS_SEED } from '@/lib/alarms/use-device-alarms';
import { dashboardQueryOptions, useDashboard } from '@/lib/dashboards/get-dashboard';
import { get } from '@/lib/http';
import { reportQueryOptions, useReport } from '@/lib/reports/get-report';
import { statisticQueryOptions, useStatistic } from '@/lib/reports/get-statistic';
import { viewerZone } from '@/lib/timezone';
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
import type { CardReads } from '../widgets/types';
import type { AlarmScope, DashboardSource, DeviceParams, NetCounts, WidgetDevicePage } from './source';
import { getWeatherDaily, getWeatherNow, WEATHER_REFRESH_MS, weatherKeys } from './weather-api';

const SILENT = { silent: true } as const;
const noop = (): void => undefined;

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

// The queries of the cards, shared by the hooks below and the reads asked ahead (consoleReads), so that both ask
// under one key.
const groupsOptions = () =>
  queryOptions({ queryKey: DEVICE_GROUPS_KEY, queryFn: listDeviceGroups, staleTime: 60_000 });
const devicesOptions = (params: DeviceParams) =>
  queryOptions({ queryKey: widgetKeys.devices(params), queryFn: () => listDevices(params) });
const deviceOptions = (id: number) =>
  queryOptions({ queryKey: widgetKeys.device(id), queryFn: () => getDevice(id), staleTime: 5 * 60_000 });
const mapOptions = (groupId: number | null) => {
  const params = groupId === null ? {} : { group_id: groupId };
  return queryOptions({
    queryKey: [...widgetKeys.all, 'map', params] as const,
    queryFn: () => getDeviceMap(params, SILENT),
  });
};
const netOptions = (groupId: number | null) =>
  queryOptions({ queryKey: [...widgetKeys.all, 'net', groupId] as const, queryFn: () => getNet(groupId) });
const trafficOptions = (groupId: number | null) =>
  queryOptions({
    queryKey: [...widgetKeys.all, 'traffic', groupId] as const,
    queryFn: () => listFlowCards({ page: 1, page_size: 1, group_id: groupId ?? undefined }, SILENT),
  });
const weatherNowOptions = (lat: number, lon: number) =>
  queryOptions({
    queryKey: weatherKeys.now(lat, lon),
    queryFn: () => getWeatherNow(lat, lon),
    staleTime: WEATHER_REFRESH_MS / 2,
  });
const weatherDailyOptions = (lat: number, lon: number, days: number) =>
  queryOptions({
    queryKey: weatherKeys.daily(lat, lon, days),
    queryFn: () => getWeatherDaily(lat, lon, days),
    staleTime: WEATHER_REFRESH_MS / 2,
  });

/** The console's reads asked ahead (data/prefetch.ts), under the keys of the hooks below, of the widgets' lib/ reads
 * and of the screens runtime (designer/runtime/feed-source.tsx prefetchConsoleFeed). A query asks nothing for an answer fresh in the cache or in flight; a failure
 * is the card's to show when it asks again. */
export const consoleReads = (client: QueryClient): CardReads => ({
  report: (reportId, statistic) => {
    client.query(reportQueryOptions(reportId)).catch(noop);
    if (statistic) client.query(statisticQueryOptions(reportId, { tz: viewerZone() })).catch(noop);
  },
  screens: (deviceId) => {
    prefetchConsoleFeed(client, deviceId);
  },
  groups: () => {
    client.query(groupsOptions()).catch(noop);
  },
  devices: (params) => {
    client.query(devicesOptions(params)).catch(noop);
  },
  device: (id) => {
    client.query(deviceOptions(id)).catch(noop);
  },
  map: (groupId) => {
    client.query(mapOptions(groupId)).catch(noop);
  },
  net: (groupId) => {
    client.query(netOptions(groupId)).catch(noop);
    client.query(trafficOptions(groupId)).catch(noop);
  },
  alarms: (scope) => {
    client.query(realtimeAlarmsQueryOptions(alarmParams(scope))).catch(noop);
  },
  weather: (lat, lon, days) => {
    client.query(weatherNowOptions(lat, lon)).catch(noop);
    client.query(weatherDailyOptions(lat, lon, days)).catch(noop);
  },
  dashboard: (id) => client.query(dashboardQueryOptions(id, 'view')).catch(() => null),
});

export const consoleSource: DashboardSource = {
  kind: 'console',
  writes: true,
  reads: consoleReads,
  useGroups: (enabled) => useQuery({ ...groupsOptions(), enabled }),
  useDevices: (params, enabled, refetchMs = false) =>
    useQuery({
      ...devicesOptions(params),
      select: devicePage,
      enabled,
      placeholderData: keepPreviousData,
      refetchInterval: enabled ? refetchMs : false,
    }),
  useDevice: (id, enabled) =>
    useQuery({ ...deviceOptions(id ?? 0), select: deviceName, enabled: enabled && id !== null }),
  useMap: (groupId, enabled, refetchMs) =>
    useQuery({ ...mapOptions(groupId), enabled, refetchInterval: enabled ? refetchMs : false }),
  useNet: (groupId, enabled, refetchMs) =>
    useQuery({
      ...netOptions(groupId),
      enabled,
      placeholderData: keepPreviousData,
      refetchInterval: enabled ? refetchMs : false,
    }),
  useTraffic: (groupId, enabled, refetchMs) =>
    useQuery({
      ...trafficOptions(groupId),
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
      ...weatherNowOptions(lat, lon),
      enabled,
      refetchInterval: enabled ? WEATHER_REFRESH_MS : false,
    }),
    daily: useQuery({
      ...weatherDailyOptions(lat, lon, days),
      enabled,
      refetchInterval: enabled ? WEATHER_REFRESH_MS : false,
    }),
  }),
  useDashboard: (id, enabled) => useDashboard(id, 'view', enabled),
  useScreens: (deviceId, enabled) =>
    useQuery({ ...deviceScreensQueryOptions(deviceId ?? 0), enabled: enabled && deviceId !== null }),
  feed: consoleFeedSource,
  rtd: rtdClient,
};
