// Display rules of alarms: level and type colours, the i18n keys of their labels.
import type { AlarmOut, AlarmType } from './types';

export const ALARM_LEVELS = [1, 2, 3, 4, 5] as const;
export const ALARM_TYPES: readonly AlarmType[] = [1, 2, 3];

/** The one colour scale of alarm levels, everywhere they show: level 1 is the most urgent (red), 5 the least
 * (blue). */
const LEVEL_COLORS: Record<number, string> = {
  1: 'red',
  2: 'volcano',
  3: 'orange',
  4: 'gold',
  5: 'blue',
};

export function alarmLevelColor(level: number): string {
  return LEVEL_COLORS[level] ?? 'default';
}

/** The most urgent of some levels (the lowest number), or null when there are none. */
export function mostUrgentLevel(levels: readonly number[]): number | null {
  return levels.length ? Math.min(...levels) : null;
}

const TYPE_COLORS: Record<AlarmType, string> = { 1: 'error', 2: 'warning', 3: 'success' };
const TYPE_KEYS: Record<AlarmType, string> = {
  1: 'telemetry.alarm.type.produced',
  2: 'telemetry.alarm.type.recovered',
  3: 'telemetry.alarm.type.confirmed',
};

export function isAlarmType(value: unknown): value is AlarmType {
  return value === 1 || value === 2 || value === 3;
}

export function alarmTypeColor(type: number): string {
  return isAlarmType(type) ? TYPE_COLORS[type] : 'default';
}

export function alarmTypeKey(type: number): string {
  return isAlarmType(type) ? TYPE_KEYS[type] : 'telemetry.alarm.type.unknown';
}

/** An alarm can be confirmed until it is; recovered ones too (alarm_type 2 is "recovered, not confirmed"). */
export function canConfirm(alarm: Pick<AlarmOut, 'alarm_type' | 'confirm_time'>): boolean {
  return alarm.alarm_type !== 3 && alarm.confirm_time === null;
}

/** Whether the condition is still active: produced and not yet recovered. */
export function isActive(alarm: Pick<AlarmOut, 'recover_time'>): boolean {
  return alarm.recover_time === null;
}

/** Whether an alarm is shelved at `now` (epoch ms). */
export function isShelved(alarm: Pick<AlarmOut, 'shelved_until'>, now: number = Date.now()): boolean {
  return typeof alarm.shelved_until === 'number' && alarm.shelved_until > now;
}
