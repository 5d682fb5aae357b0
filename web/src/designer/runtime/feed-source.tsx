// Where a screen at work reads and writes its device's data: the one injection point of the runtime. The default is
// the signed-in console's (GET /yun/v2/rDev/screens, GET /rDev, GET /yun/v2/rDev/config, GET /rAlarmDev, GET /hDev,
// the tab's socket, POST /yun/rDev); a shared link's page provides its own (the /yun/shared/module endpoints and a
// socket of its own on /sharedComponentsWs) with <FeedSourceProvider>. Every member is a hook or a plain value the
// runtime calls unconditionally, so a source must not change while a screen is mounted.
import type { QueryClient, QueryKey, UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';

import { alarmKeys } from '@/lib/alarms/keys';
import { useAlarmHistory } from '@/lib/alarms/list-alarm-history';
import { realtimeAlarmsQueryOptions, useRealtimeAlarms } from '@/lib/alarms/list-realtime-alarms';
import type { AlarmHistoryParams, AlarmPage } from '@/lib/alarms/types';
import {
  deviceScreensQueryOptions,
  useDeviceScreens,
  type DeviceScreensOut,
} from '@/lib/telemetry/get-device-screens';
import { useHistory } from '@/lib/telemetry/get-history';
import { liveValuesQueryOptions, useLiveValues } from '@/lib/telemetry/get-live-values';
import { useWriteConfig, writeConfigQueryOptions } from '@/lib/telemetry/get-write-config';
import type {
  HistoryOut,
  HistoryParams,
  LiveDeviceOut,
  WriteConfigOut,
  WriteValueInput,
  WriteValueOut,
} from '@/lib/telemetry/types';
import { useWriteValue } from '@/lib/telemetry/write-value';
import { rtdClient, type RtdClient } from '@/lib/ws';

import type { ModelFilesOf } from '../elements/display/model3d/model-files';

/** A query's result (a source may `select` its part of a larger answer). */
export type FeedQuery<T> = UseQueryResult<T>;

/** The screen's device's unconfirmed alarms asked at once (the server's page size cap). */
export const DEVICE_ALARMS_PAGE = 200;

export interface FeedSource {
  /** The device's published screens (the main one and the others). */
  useScreens: (deviceId: number) => FeedQuery<DeviceScreensOut>;
  /** The seed: the device's data sources with their latest values, its state. */
  useSeed: (deviceId: number) => FeedQuery<LiveDeviceOut>;
  /** The write rules for the controls. */
  useWriteConfig: (deviceId: number) => FeedQuery<WriteConfigOut>;
  /** The device's unconfirmed alarms. */
  useAlarms: (deviceId: number) => FeedQuery<AlarmPage>;
  /** The device's past alarms (GET /hAlarmDev's filters): the confirmed, unrecovered ones keep a steady alarm
   * overlay; a source without alarm history answers nothing while `enabled` is false or always. */
  useAlarmHistory: (params: AlarmHistoryParams, enabled: boolean) => FeedQuery<AlarmPage>;
  /** What an alarm push of the device refetches. */
  alarmsKey: (deviceId: number) => QueryKey;
  /** The trend charts' history; null asks nothing. */
  useHistory: (params: HistoryParams | null) => FeedQuery<HistoryOut>;
  /** The live channel. */
  rtd: () => RtdClient;
  /** Where a 3D model element's files load from; absent: the gallery's URL with the session's token. */
  modelFiles?: ModelFilesOf;
  /** A share link's token: its cameras ask GET /yun/shared/camera with it (the signed-in endpoints need a
   * session); absent: the console's. */
  shareToken?: string;
  /** A value's write (the server checks every right again). */
  useWrite: () => Pick<
    UseMutationResult<WriteValueOut, unknown, WriteValueInput>,
    'mutateAsync' | 'isPending'
  >;
}

/** How long a screen's runtime takes the device's write rules as fresh: a dashboard's card asks for them beside the
 * screen's publication and the runtime mounting after it finds them (B6). */
const RUNTIME_WRITE_CONFIG_FRESH_MS = 10_000;

/** The page of the device's unconfirmed alarms the runtime reads. */
const deviceAlarms = (deviceId: number) => ({ device_id: deviceId, page: 1, page_size: DEVICE_ALARMS_PAGE });

const noop = (): void => undefined;

/** Asks into `client`, ahead of a screen's mount, what the console's runtime first reads of `deviceId` (its screens,
 * values, write rules and live alarms), under the keys of `consoleFeedSource`'s hooks: a dashboard's configuration
 * cards, as their document arrives (dashboards/data/prefetch.ts; B6). A failure is the screen's to show when it asks
 * again. */
export function prefetchConsoleFeed(client: QueryClient, deviceId: number): void {
  client.query(deviceScreensQueryOptions(deviceId)).catch(noop);
  client.query(liveValuesQueryOptions(deviceId)).catch(noop);
  client
    .query({ ...writeConfigQueryOptions(deviceId), staleTime: RUNTIME_WRITE_CONFIG_FRESH_MS })
    .catch(noop);
  client.query(realtimeAlarmsQueryOptions(deviceAlarms(deviceId))).catch(noop);
}

/** The signed-in console's source. */
export const consoleFeedSource: FeedSource = {
  useScreens: (deviceId) => useDeviceScreens(deviceId),
  useSeed: (deviceId) => useLiveValues(deviceId),
  useWriteConfig: (deviceId) => useWriteConfig(deviceId, true, RUNTIME_WRITE_CONFIG_FRESH_MS),
  useAlarms: (deviceId) => useRealtimeAlarms(deviceAlarms(deviceId)),
  useAlarmHistory: (params, enabled) => useAlarmHistory(params, enabled),
  alarmsKey: () => alarmKeys.realtime(),
  useHistory: (params) => useHistory(params),
  rtd: rtdClient,
  useWrite: () => useWriteValue(),
};

const FeedSourceContext = createContext<FeedSource>(consoleFeedSource);

export function FeedSourceProvider({ source, children }: { source: FeedSource; children: ReactNode }) {
  return <FeedSourceContext.Provider value={source}>{children}</FeedSourceContext.Provider>;
}

/** The source of the screens below (the console's unless a provider says otherwise). */
export function useFeedSource(): FeedSource {
  return useContext(FeedSourceContext);
}
