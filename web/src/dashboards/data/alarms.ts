// The alarm pushes and the alarm marks of a dashboard's cards, through its source's socket (the tab's one in the
// console, the link's on a shared page, which pushes only the alarms of the devices the dashboard shows).
import { useEffect, useMemo, useRef, useState } from 'react';

import { applyAlarm, summarise, type AlarmSummary } from '@/lib/alarms/use-device-alarms';
import { isActive } from '@/lib/alarms/tags';
import type { AlarmOut } from '@/lib/alarms/types';
import { useDashboardSource } from './source';

/** Calls `callback` with every alarm push while `enabled`. */
export function useSourceAlarmFeed(callback: (alarm: AlarmOut) => void, enabled: boolean): void {
  const { rtd } = useDashboardSource();
  const ref = useRef(callback);
  useEffect(() => {
    ref.current = callback;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return rtd().subscribeAlarms((alarm) => {
      ref.current(alarm);
    });
  }, [enabled, rtd]);
}

/**
 * The active alarms (produced, not yet recovered) by device, for the map's pulsing pins and the device tree's marks:
 * the source's unconfirmed alarms (of `groupId`, or every device's shown) with the pushes since the card appeared
 * applied over them (lib/alarms/use-device-alarms.ts applyAlarm). `enabled` false asks and listens to nothing.
 */
export function useAlarmMarks(groupId: number | null, enabled: boolean) {
  const seed = useDashboardSource().useAlarmMarks(groupId, enabled);
  const [pushed, setPushed] = useState<ReadonlyMap<number, AlarmOut>>(() => new Map());
  useSourceAlarmFeed((alarm) => {
    setPushed((held) => new Map(held).set(alarm.id, alarm));
  }, enabled);
  const byDevice: ReadonlyMap<number, AlarmSummary> = useMemo(() => {
    let held = new Map<number, AlarmOut>((seed.data ?? []).filter((a) => isActive(a)).map((a) => [a.id, a]));
    for (const alarm of pushed.values()) held = applyAlarm(held, alarm);
    return summarise(held.values());
  }, [seed.data, pushed]);
  return { byDevice, isPending: seed.isPending };
}
