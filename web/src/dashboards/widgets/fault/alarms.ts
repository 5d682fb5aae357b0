// What the fault card lists: the seed (GET /rAlarmDev) with the alarm pushes since the card appeared applied over
// it, the unconfirmed ones of the card's device or group, newest first, at most `limit`.
import type { AlarmOut } from '@/lib/alarms/types';

const CONFIRMED = 3;

export function isUnconfirmed(alarm: Pick<AlarmOut, 'alarm_type' | 'confirm_time'>): boolean {
  return alarm.alarm_type !== CONFIRMED && alarm.confirm_time === null;
}

/** Newest first; the later id first at the same time. */
export function newestFirst(a: AlarmOut, b: AlarmOut): number {
  return b.alarm_time - a.alarm_time || b.id - a.id;
}

/**
 * The alarms shown: every alarm's latest push replaces its seed row (each change of an alarm is pushed in order, so
 * its latest push is never older than a seed read before it and agrees with one read after), those confirmed and
 * those `hidden` (confirmed here, their push not yet back) leave, `within` keeps the card's devices.
 */
export function shownAlarms(
  seed: readonly AlarmOut[],
  pushed: ReadonlyMap<number, AlarmOut>,
  within: (deviceId: number) => boolean,
  limit: number,
  hidden: ReadonlySet<number> = new Set(),
): AlarmOut[] {
  const held = new Map<number, AlarmOut>();
  for (const alarm of seed) held.set(alarm.id, alarm);
  for (const alarm of pushed.values()) held.set(alarm.id, alarm);
  return [...held.values()]
    .filter((a) => isUnconfirmed(a) && !hidden.has(a.id) && within(a.device_id))
    .sort(newestFirst)
    .slice(0, limit);
}
