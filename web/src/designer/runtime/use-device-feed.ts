// What feeds a screen with one device's data: the GET /rDev seed and the WebSocket's pushes into the values store
// (pushes batched per frame by the store), the device's current alarms (GET /rAlarmDev, refetched on alarm pushes)
// as alarm flags and for the alarm list, and its write rules (GET /yun/v2/rDev/config) for the controls. A shared
// link's page reads all of it elsewhere (feed-source.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import type { AlarmOut } from '@/lib/alarms/types';
import type { LiveValue } from '@/lib/ws';
import type { ControlAccess } from '../elements/controls/write-rules';
import { useFeedSource } from './feed-source';
import { DEFAULT_OFFLINE_TIMEOUT_MS } from './stale';
import type { ValuesStore } from './values-store';

export { DEVICE_ALARMS_PAGE } from './feed-source';
/** GET /rAlarmDev's "produced": the alarm is active (2 recovered, 3 confirmed). */
const ACTIVE = 1;

export interface DeviceFeed {
  /** The seed's state: the values shown follow it. */
  status: 'loading' | 'error' | 'ready';
  /** The seed's failure, for the error state. */
  error: unknown;
  retry: () => void;
  /** 1 online, 2 offline; null before anything tells. */
  devState: number | null;
  /** The server's code when the live channel refused the device (110506 unreadable). */
  liveError: number | null;
  /** The controls' gate (ControlAccessContext); null until the write rules answer. */
  access: ControlAccess | null;
  /** The device guards writes with a password whatever the control says. */
  passwordRequired: boolean;
  /** The device's unconfirmed alarms (DeviceAlarmsContext). */
  alarms: readonly AlarmOut[];
  /** A value older than this (ms) greys out (GET /rDev's offline_timeout_ms); null before the seed answers. */
  offlineTimeoutMs: number | null;
  /** The data sources the device reports (the seed's items); null before the seed answers. */
  knownSources: ReadonlySet<number> | null;
}

interface LiveState {
  deviceId: number;
  devState: number | null;
  error: number | null;
}

const NO_ALARMS: readonly AlarmOut[] = Object.freeze([]);

/** The ids of the data sources with an active alarm. */
export function alarmedSources(alarms: readonly AlarmOut[]): Set<number> {
  const ids = new Set<number>();
  for (const alarm of alarms)
    if (alarm.alarm_type === ACTIVE && alarm.data_source_id !== null) ids.add(alarm.data_source_id);
  return ids;
}

/** Feeds `store` with the device's values while mounted; `sourceIds`: the data sources the screen shows (all when
 * empty); `canOperate`: the viewer may operate the screen's controls at all (false through a read-only share);
 * `watched`: the screen is seen — unseen, the device is unsubscribed from the socket, and seen again it subscribes
 * afresh (the socket's snapshot brings every value up to date). */
export function useDeviceFeed(
  store: ValuesStore,
  deviceId: number,
  sourceIds: readonly number[],
  canOperate = true,
  watched = true,
): DeviceFeed {
  const client = useQueryClient();
  const source = useFeedSource();
  const seed = source.useSeed(deviceId);
  const config = source.useWriteConfig(deviceId);
  const realtime = source.useAlarms(deviceId);
  // What the live channel last said of the device (kept with its id, so another device starts from nothing).
  const [live, setLive] = useState<LiveState>({ deviceId, devState: null, error: null });
  const sourcesKey = [...new Set(sourceIds)].sort((a, b) => a - b).join(',');

  // Another device (or none): nothing of the last one stays on screen.
  useEffect(() => {
    store.clear();
  }, [store, deviceId]);

  useEffect(() => {
    if (seed.data)
      store.seed(seed.data.items.map((item) => ({ id: item.id, value: item.value, ts: item.ts })));
  }, [store, seed.data]);

  useEffect(() => {
    if (!watched) return undefined;
    const rtd = source.rtd();
    const sources = sourcesKey ? sourcesKey.split(',').map(Number) : null;
    let seen: Readonly<Record<number, LiveValue>> = {};
    const onChange = () => {
      const current = rtd.getDevice(deviceId);
      // The client keeps a value's object until it is reported again: only new reports are pushed.
      const changed = Object.values(current.values).filter((value) => seen[value.id] !== value);
      seen = current.values;
      if (changed.length > 0) store.push(changed);
      setLive((prev) =>
        prev.deviceId === deviceId && prev.devState === current.devState && prev.error === current.error
          ? prev
          : { deviceId, devState: current.devState, error: current.error },
      );
    };
    const unsubscribe = rtd.subscribeDevice(deviceId, sources, onChange);
    onChange();
    return unsubscribe;
  }, [store, deviceId, sourcesKey, source, watched]);

  const alarms = realtime.data?.items ?? NO_ALARMS;
  useEffect(() => {
    store.setAlarms(alarmedSources(alarms));
  }, [store, alarms]);
  useEffect(
    () =>
      source.rtd().subscribeAlarms((alarm) => {
        if (alarm.device_id === deviceId)
          void client.invalidateQueries({ queryKey: source.alarmsKey(deviceId) });
      }),
    [client, source, deviceId],
  );

  const knownSources = useMemo(
    () => (seed.data ? new Set(seed.data.items.map((item) => item.id)) : null),
    [seed.data],
  );
  const heard = live.deviceId === deviceId ? live : { devState: null, error: null };
  const devState = heard.devState ?? seed.data?.dev_state ?? null;
  const access = useMemo<ControlAccess | null>(() => {
    if (!config.data) return null;
    const { user_can_write, device_can_write, online, password_required, device_password_set } = config.data;
    // The live state is newer than the rules' answer; the server checks every right again.
    return {
      user_can_write,
      device_can_write,
      online: devState === null ? online : devState === 1,
      can_operate: canOperate,
      password_required,
      device_password_set,
    };
  }, [config.data, devState, canOperate]);

  return {
    status: seed.isPending ? 'loading' : seed.isError ? 'error' : 'ready',
    error: seed.error,
    retry: () => void seed.refetch(),
    devState,
    liveError: heard.error,
    access,
    passwordRequired: config.data?.password_required ?? seed.data?.password_required ?? false,
    alarms,
    offlineTimeoutMs: seed.data ? (seed.data.offline_timeout_ms ?? DEFAULT_OFFLINE_TIMEOUT_MS) : null,
    knownSources,
  };
}
