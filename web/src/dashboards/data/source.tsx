// Where a dashboard's widgets read their data (issue 31 point 5): one injection point with two sources. The console's
// (console-source.ts) asks the signed-in endpoints; a share link's (share-source.ts) asks /yun/shared/dashboard/*
// with the link's token, as the link's creator reads them, narrowed to what the dashboard shows, and follows values
// on the link's own socket. Every widget reads through `useDashboardSource()`, never an endpoint of its own, so the
// same cards draw in the console, the editor and a shared page. The two sources answer the same view models: where
// the server narrows a shared answer (a tree device is {id, name, sn, dev_state, group_id}) the console's is mapped
// down to it. Every member is a hook or a plain value a widget calls unconditionally, so a source must not change
// while a dashboard is mounted (a page makes it once).
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';

import type { FeedQuery, FeedSource } from '@/designer/runtime/feed-source';
import type { MapOut } from '@/components/map/map-api';
import type { AlarmOut } from '@/lib/alarms/types';
import type { FlowSummary } from '@/lib/usage/flow-cards';
import type { Report, ReportStatistic, StatisticView, ViewRange } from '@/lib/reports/types';
import type { DeviceScreensOut } from '@/lib/telemetry/get-device-screens';
import type { RtdClient } from '@/lib/ws';
import type { Schema } from '@/types/schema';
import type { CardReads, DashboardOut } from '../widgets/types';
import { consoleSource } from './console-source';

export type { FeedQuery } from '@/designer/runtime/feed-source';

/** A device group as the trees and the group checks show it (GET /yun/dev/group's and the shared groups' shape). */
export type WidgetGroup = Pick<
  Schema<'DeviceGroupOut'>,
  'id' | 'name' | 'notes' | 'is_default' | 'device_count'
>;

/** A device as a tree lists it: a shared tree device's fields, and whether it is registered. */
export interface WidgetDevice {
  id: number;
  /** The alias, the SN when it has none. */
  name: string;
  sn: string;
  /** 1 online, 2 offline, null unregistered. */
  dev_state: number | null;
  registered: boolean;
  group_id: number | null;
  /** The group's name where the source tells it (the console's), for a tree without the group list. */
  group_name: string | null;
}

export interface WidgetDevicePage {
  items: WidgetDevice[];
  /** How many match (more than `items` when the read was cut). */
  total: number;
}

/** What a card says of one device: its name (the query fails as gone when the device is no longer there). */
export interface WidgetDeviceName {
  id: number;
  name: string;
}

export interface DeviceParams {
  group_id?: number | undefined;
  q?: string | undefined;
}

/** Whose unconfirmed alarms a fault card lists: one device, a group, or (neither) every device shown. */
export interface AlarmScope {
  deviceId: number | null;
  groupId: number | null;
}

export type NetCounts = Schema<'NetOut'>;
export type WeatherNow = Schema<'WeatherNowOut'>;
export type WeatherDaily = Schema<'WeatherDailyOut'>;

export interface DashboardSource {
  kind: 'console' | 'share';
  /** Whether a card may act: confirm an alarm, operate a screen's controls. A share link's page writes nothing. */
  writes: boolean;
  /** What the source asks ahead for a card as the document arrives, into `client` (data/prefetch.ts); absent:
   * nothing. */
  reads?: (client: QueryClient) => CardReads;
  /** The device groups (the trees, a card's group). */
  useGroups: (enabled: boolean) => FeedQuery<WidgetGroup[]>;
  /** The registered devices of a group (all without one), matching `q`, their first 200. */
  useDevices: (
    params: DeviceParams,
    enabled: boolean,
    refetchMs?: number | false,
  ) => FeedQuery<WidgetDevicePage>;
  /** One device's name (gone: the query fails as isGone). */
  useDevice: (id: number | null, enabled: boolean) => FeedQuery<WidgetDeviceName>;
  /** The located devices of a group (all without one) with the map's tiles and theme. */
  useMap: (groupId: number | null, enabled: boolean, refetchMs: number | false) => FeedQuery<MapOut>;
  /** The devices by state and their unconfirmed alarms, of a group or all. */
  useNet: (groupId: number | null, enabled: boolean, refetchMs: number | false) => FeedQuery<NetCounts>;
  /** The flow cards' traffic totals of a group or all; null where the source has none (a share link's page). */
  useTraffic: (
    groupId: number | null,
    enabled: boolean,
    refetchMs: number | false,
  ) => FeedQuery<FlowSummary | null>;
  /** The unconfirmed alarms of a fault card's scope, newest first: more than a card shows, so a confirmed one's place
   * is filled at once. */
  useAlarms: (scope: AlarmScope, enabled: boolean, refetchMs: number | false) => FeedQuery<AlarmOut[]>;
  /** The unconfirmed alarms the map and the device tree mark devices with (a group's, or every device's shown). */
  useAlarmMarks: (groupId: number | null, enabled: boolean) => FeedQuery<AlarmOut[]>;
  /** A report card's report and its statistic over the report's own range in `range.tz`; a history report drawn for
   * `view.device` when given (a card following the device tree). */
  useReport: (id: number | null, range: ViewRange, enabled: boolean) => FeedQuery<Report>;
  useStatistic: (
    id: number | null,
    view: StatisticView,
    refetchMs: number | false,
    enabled: boolean,
  ) => FeedQuery<ReportStatistic>;
  /** The weather at a place: now and the next `days`. */
  useWeather: (
    lat: number,
    lon: number,
    days: number,
    enabled: boolean,
  ) => { now: FeedQuery<WeatherNow>; daily: FeedQuery<WeatherDaily> };
  /** A dashboard a toggle card switches to. */
  useDashboard: (id: number | null, enabled: boolean) => FeedQuery<DashboardOut>;
  /** A device's published screens (a configuration card). */
  useScreens: (deviceId: number | null, enabled: boolean) => FeedQuery<DeviceScreensOut>;
  /** The screens runtime's source for a configuration card's screen. */
  feed: FeedSource;
  /** The live channel (devices' states, alarm pushes). */
  rtd: () => RtdClient;
}

const DashboardSourceContext = createContext<DashboardSource>(consoleSource);

export function DashboardSourceProvider({
  source,
  children,
}: {
  source: DashboardSource;
  children: ReactNode;
}) {
  return <DashboardSourceContext.Provider value={source}>{children}</DashboardSourceContext.Provider>;
}

/** The source of the cards below: the console's unless a page provides another (a share link's). */
export function useDashboardSource(): DashboardSource {
  return useContext(DashboardSourceContext);
}
