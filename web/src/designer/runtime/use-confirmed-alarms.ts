// The device's confirmed alarms not yet recovered (issue 16 point 1): a confirmed alarm stops flashing but its element
// keeps the alarm overlay, steady, until the value recovers. GET /rAlarmDev lists only unconfirmed alarms, so these
// come from GET /hAlarmDev (confirmed, `alarm_type` 3, within the last CONFIRMED_WINDOW_MS, without a recover time),
// asked again on every alarm push of the device (produced, recovered or confirmed).
import { useEffect, useMemo, useState } from 'react';

import type { AlarmHistoryParams, AlarmOut } from '@/lib/alarms/types';
import { useFeedSource } from './feed-source';
import type { ValuesStore } from './values-store';

/** How far back a confirmed, unrecovered alarm is looked for. */
export const CONFIRMED_WINDOW_MS = 7 * 24 * 3_600_000;
/** GET /hAlarmDev's alarm_type for a confirmed alarm. */
const CONFIRMED = 3;
const PAGE = 200;

/** The ids of the data sources with a confirmed alarm that has not recovered. */
export function confirmedSources(alarms: readonly AlarmOut[]): Set<number> {
  const ids = new Set<number>();
  for (const alarm of alarms)
    if (alarm.alarm_type === CONFIRMED && alarm.recover_time === null && alarm.data_source_id !== null)
      ids.add(alarm.data_source_id);
  return ids;
}

const NONE: ReadonlySet<number> = new Set();

/** The device's data sources whose alarm is confirmed and not recovered. */
export function useConfirmedAlarms(deviceId: number, enabled = true): ReadonlySet<number> {
  // The window's end moves on each alarm push of the device: a new ask that sees what the push changed.
  const [end, setEnd] = useState(() => Date.now());
  const params = useMemo<AlarmHistoryParams>(
    () => ({
      device_id: deviceId,
      alarm_type: CONFIRMED,
      start: end - CONFIRMED_WINDOW_MS,
      end: end + 60_000,
      page: 1,
      page_size: PAGE,
    }),
    [deviceId, end],
  );
  const source = useFeedSource();
  const history = source.useAlarmHistory(params, enabled);
  useEffect(() => {
    if (!enabled) return undefined;
    return source.rtd().subscribeAlarms((alarm) => {
      if (alarm.device_id === deviceId) setEnd(Date.now());
    });
  }, [source, deviceId, enabled]);
  const items = history.data?.items;
  return useMemo(() => (items ? confirmedSources(items) : NONE), [items]);
}

/** Keeps `store`'s steady alarm flags (ValuesStore.setConfirmed) to the device's confirmed, unrecovered alarms. */
export function useConfirmedAlarmFlags(store: ValuesStore, deviceId: number, enabled = true): void {
  const confirmed = useConfirmedAlarms(deviceId, enabled);
  useEffect(() => {
    store.setConfirmed(confirmed);
  }, [store, confirmed]);
}
