// The active alarms (produced, not yet recovered) of every device the user reads, summed up per device for the
// central monitoring grid and the dashboards' map and net monitor: how many and the most urgent level. Seeded by
// GET /rAlarmDev (the real-time list: unconfirmed alarms, newest first, its first 200) and kept live by the socket's
// alarm pushes: an alarm counts from its production until its recovery, confirmed or not. An alarm confirmed before
// the page opened and still active is not in the seed (the list holds unconfirmed ones only); its recovery is.
import { useMemo, useState } from 'react';

import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import { useAlarmFeed } from '../ws';
import { useRealtimeAlarms } from './list-realtime-alarms';
import { isActive } from './tags';
import type { AlarmOut } from './types';

export interface AlarmSummary {
  count: number;
  /** The most urgent level (1 is the most urgent). */
  level: number;
}

/** The seed's query: the first page of the real-time list at the server's page size cap (its key is shared, so the
 * widgets of one dashboard that read it ask once). */
export const ACTIVE_ALARMS_SEED = { page: 1, page_size: PAGE_SIZE_MAX } as const;

/** Alarm id → the active alarm, with a push applied: a recovered one leaves, an active one enters or stays. */
export function applyAlarm(held: ReadonlyMap<number, AlarmOut>, alarm: AlarmOut): Map<number, AlarmOut> {
  const next = new Map(held);
  if (isActive(alarm)) next.set(alarm.id, alarm);
  else next.delete(alarm.id);
  return next;
}

export function summarise(alarms: Iterable<AlarmOut>): Map<number, AlarmSummary> {
  const out = new Map<number, AlarmSummary>();
  for (const alarm of alarms) {
    const held = out.get(alarm.device_id);
    out.set(
      alarm.device_id,
      held
        ? { count: held.count + 1, level: Math.min(held.level, alarm.alarm_level) }
        : { count: 1, level: alarm.alarm_level },
    );
  }
  return out;
}

/** The active alarms by device; `enabled` false (a dashboard card out of sight) asks and listens to nothing. */
export function useDeviceAlarms(enabled = true) {
  const seed = useRealtimeAlarms(ACTIVE_ALARMS_SEED, enabled);
  // The latest push of each alarm since the page opened. Every change of an alarm is pushed, in order, so its
  // latest push is never older than a seed read before it, and agrees with one read after: applying it over any
  // seed (a refetch) is right.
  const [pushed, setPushed] = useState<ReadonlyMap<number, AlarmOut>>(() => new Map());
  useAlarmFeed((alarm) => {
    setPushed((held) => new Map(held).set(alarm.id, alarm));
  }, enabled);
  const byDevice = useMemo(() => {
    let held = new Map<number, AlarmOut>(
      (seed.data?.items ?? []).filter((a) => isActive(a)).map((a) => [a.id, a]),
    );
    for (const alarm of pushed.values()) held = applyAlarm(held, alarm);
    return summarise(held.values());
  }, [seed.data, pushed]);
  return { byDevice, isPending: seed.isPending, isError: seed.isError, refetch: seed.refetch };
}
