// Select options of the alarm filters (level 1–5, type), labelled in the current language.
import type { TFunction } from 'i18next';

import { ALARM_LEVELS, ALARM_TYPES, alarmTypeKey } from '../../lib/alarms/tags';
import type { AlarmType } from '../../lib/alarms/types';

export function alarmLevelOptions(t: TFunction): { value: number; label: string }[] {
  return ALARM_LEVELS.map((n) => ({ value: n, label: t('telemetry.alarm.levelN', { n }) }));
}

export function alarmTypeOptions(t: TFunction): { value: AlarmType; label: string }[] {
  return ALARM_TYPES.map((n) => ({ value: n, label: t(alarmTypeKey(n)) }));
}
