// A dashboard link's source (source.tsx; docs/api-sharing.md "What a shared dashboard's page reads"): every card reads
// through its own anonymous path with the link's token — GET /yun/shared/dashboard/groups, devices, map, net, alarms,
// report, weather and other, and a configuration card's screen through GET /yun/shared/module/device — as the link's
// creator reads them now, narrowed to what the dashboard shows; none counts a use. Values and alarm pushes come on
// the link's own socket (/sharedComponentsWs). Nothing writes: no confirm, no control. A refusal of the link itself
// (118301–118305 without a field) ends the page (`onEnded`); 118302 on a field refuses that one read, and the card
// says what it no longer shows while the others keep running. A sector link's page makes one source per dashboard of
// the sector (`dashboard`): each read then names the dashboard it is for (`dashboard=<id>`), and the server narrows it
// to what that dashboard shows.
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { createShareFeedSource } from '@/designer/runtime/share-feed-source';
import type { MapOut } from '@/components/map/map-api';
import type { AlarmOut } from '@/lib/alarms/types';
import { get } from '@/lib/http';
import type { Report, ReportStatistic, StatisticView } from '@/lib/reports/types';
import { linkEndCode } from '@/lib/share-links/share-codes';
import { getSharedDevice, sharedKeys, type SharedDeviceScreenOut } from '@/lib/share-links/shared';
import type { RtdClient } from '@/lib/ws';
import type { Schema } from '@/types/schema';
import type { DashboardOut } from '../widgets/types';
import type {
  AlarmScope,
  DashboardSource,
  NetCounts,
  WidgetDevice,
  WidgetDevicePage,
  WidgetGroup,
} from './source';
import { WEATHER_REFRESH_MS } from './weather-api';

type SharedTreeDevice = Schema<'SharedTreeDeviceOut'>;
type SharedReport = Schema<'SharedReportOut'>;
type SharedWeather = Schema<'SharedWeatherOut'>;

/** A shared report read stays fresh this long: the statistic's observer, mounted once the report answered, takes it. */
const REPORT_FRESH_MS = 30_000;

/** The most alarms one shared read answers (the server's cap). */
export const SHARED_ALARMS_MAX = 50;

export interface ShareSourceOptions {
  token: string;
  /** The link's socket (lib/share-links/shared-rtd.ts). */
  rtd: RtdClient;
  /** The link ended (118301–118305): the page shows why. */
  onEnded: (code: number) => void;
  /** A sector link's dashboard the cards read for (`dashboard=<id>` on each read); a dashboard link's names none. */
  dashboard?: number | undefined;
}

const treeDevice = (d: SharedTreeDevice): WidgetDevice => ({
  id: d.id,
  name: d.name,
  sn: d.sn,
  dev_state: d.dev_state,
  // A shared tree lists registered devices only; an unregistered one has no state.
  registered: d.dev_state !== null,
  group_id: d.group_id,
  group_name: null,
});
const treePage = (items: SharedTreeDevice[]): WidgetDevicePage => ({
  items: items.map(treeDevice),
  total: items.length,
});
const deviceName = (d: SharedDeviceScreenOut) => ({
  id: d.live.device_id,
  name: d.live.dev_alias || d.live.sn_code,
});
const screensOf = (d: SharedDeviceScreenOut) => d.screens;
const reportOf = (d: SharedReport): Report => d.report;
const statisticOf = (d: SharedReport): ReportStatistic => d.statistic;
const weatherNow = (d: SharedWeather) => d.now;
const weatherDaily = (d: SharedWeather) => d.daily;
/** The server sends alarm_type 1, 2 or 3 only (alarms/models.py); the generated type says number. */
const asAlarms = (items: Schema<'AlarmOut'>[]) => items as AlarmOut[];

const defined = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null && v !== undefined && v !== ''));

/** A shared report read's parameters: the same for a report and its statistic unless the statistic names a device. */
const reportParams = (id: number | null, view: StatisticView) =>
  defined({ id, tz: view.tz, device: view.device });

function alarmParams(scope: AlarmScope, limit: number) {
  if (scope.deviceId !== null) return { device_id: scope.deviceId, limit };
  return defined({ group_id: scope.groupId, limit });
}

export function createShareSource({ token, rtd, onEnded, dashboard }: ShareSourceOptions): DashboardSource {
  /** The dashboard every read names (a sector link's), or nothing. */
  const shown = dashboard === undefined ? {} : { dashboard };
  /** GET /yun/shared/dashboard/<what> with the token; the link's own refusals end the page. */
  const read = async <T>(what: string, params: Record<string, unknown> = {}): Promise<T> => {
    try {
      return await get<T>(
        `/yun/shared/dashboard/${what}`,
        { token, ...shown, ...defined(params) },
        { silent: true },
      );
    } catch (error) {
      const code = linkEndCode(error);
      if (code !== null) onEnded(code);
      throw error;
    }
  };
  const device = async (id: number) => {
    try {
      return await getSharedDevice(token, id);
    } catch (error) {
      const code = linkEndCode(error);
      if (code !== null) onEnded(code);
      throw error;
    }
  };
  // A sector's dashboards read the same paths narrowed each to its own: their answers are kept apart.
  const key = (what: string, params: object = {}) =>
    sharedKeys.dashboard(token, what, { ...shown, ...params });

  return {
    kind: 'share',
    writes: false,
    useGroups: (enabled) =>
      useQuery({
        queryKey: key('groups'),
        queryFn: () => read<WidgetGroup[]>('groups'),
        enabled,
        staleTime: 60_000,
      }),
    useDevices: (params, enabled, refetchMs = false) =>
      useQuery({
        queryKey: key('devices', params),
        queryFn: () => read<SharedTreeDevice[]>('devices', { group_id: params.group_id, q: params.q }),
        select: treePage,
        enabled,
        placeholderData: keepPreviousData,
        refetchInterval: enabled ? refetchMs : false,
      }),
    // The device's screen read (the configuration card's too: one request for both).
    useDevice: (id, enabled) =>
      useQuery({
        queryKey: sharedKeys.device(token, id ?? 0),
        queryFn: () => device(id ?? 0),
        select: deviceName,
        enabled: enabled && id !== null,
        retry: false,
      }),
    useMap: (groupId, enabled, refetchMs) =>
      useQuery({
        queryKey: key('map', { groupId }),
        queryFn: () => read<MapOut>('map', { group_id: groupId }),
        enabled,
        refetchInterval: enabled ? refetchMs : false,
      }),
    useNet: (groupId, enabled, refetchMs) =>
      useQuery({
        queryKey: key('net', { groupId }),
        queryFn: () => read<NetCounts>('net', { group_id: groupId }),
        enabled,
        placeholderData: keepPreviousData,
        refetchInterval: enabled ? refetchMs : false,
      }),
    // A shared page has no traffic: the net monitor leaves its traffic out.
    useTraffic: (groupId, enabled) =>
      useQuery({ queryKey: key('traffic', { groupId }), queryFn: () => Promise.resolve(null), enabled }),
    useAlarms: (scope, enabled, refetchMs) => {
      const params = alarmParams(scope, SHARED_ALARMS_MAX);
      return useQuery({
        queryKey: key('alarms', params),
        queryFn: () => read<Schema<'AlarmOut'>[]>('alarms', params),
        select: asAlarms,
        enabled,
        placeholderData: keepPreviousData,
        refetchInterval: enabled ? refetchMs : false,
      });
    },
    useAlarmMarks: (groupId, enabled) => {
      const params = alarmParams({ deviceId: null, groupId }, SHARED_ALARMS_MAX);
      return useQuery({
        queryKey: key('alarms', params),
        queryFn: () => read<Schema<'AlarmOut'>[]>('alarms', params),
        select: asAlarms,
        enabled,
        retry: false,
      });
    },
    // The report and its statistic come in one read (fresh for the statistic that follows the report's answer); the
    // card's refresh reads both again. A statistic drawn for a device picked in the tree is a read of its own.
    useReport: (id, range, enabled) =>
      useQuery({
        queryKey: key('report', reportParams(id, range)),
        queryFn: () => read<SharedReport>('report', reportParams(id, range)),
        select: reportOf,
        enabled: enabled && id !== null,
        staleTime: REPORT_FRESH_MS,
      }),
    useStatistic: (id, view, refetchMs, enabled) =>
      useQuery({
        queryKey: key('report', reportParams(id, view)),
        queryFn: () => read<SharedReport>('report', reportParams(id, view)),
        select: statisticOf,
        staleTime: REPORT_FRESH_MS,
        enabled: enabled && id !== null,
        placeholderData: keepPreviousData,
        refetchInterval: enabled ? refetchMs : false,
      }),
    useWeather: (lat, lon, days, enabled) => {
      const options = {
        queryKey: key('weather', { lat, lon, days }),
        queryFn: () => read<SharedWeather>('weather', { lat, lon, days }),
        enabled,
        staleTime: WEATHER_REFRESH_MS / 2,
        refetchInterval: enabled ? WEATHER_REFRESH_MS : false,
      } as const;
      return {
        now: useQuery({ ...options, select: weatherNow }),
        daily: useQuery({ ...options, select: weatherDaily }),
      };
    },
    useDashboard: (id, enabled) =>
      useQuery({
        queryKey: key('other', { id }),
        queryFn: () => read<DashboardOut>('other', { id }),
        enabled: enabled && id !== null,
      }),
    useScreens: (deviceId, enabled) =>
      useQuery({
        queryKey: sharedKeys.device(token, deviceId ?? 0),
        queryFn: () => device(deviceId ?? 0),
        select: screensOf,
        enabled: enabled && deviceId !== null,
        retry: false,
      }),
    feed: createShareFeedSource({ token, rtd, onEnded, endCode: linkEndCode }),
    rtd: () => rtd,
  };
}
