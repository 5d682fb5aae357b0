// Select options of alarm levels (1–5, each with its colour) and types, labelled in the current language.
import { Badge } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

import { ALARM_LEVELS, ALARM_TYPES, alarmLevelColor, alarmTypeKey } from '@/lib/alarms/tags';
import type { AlarmType } from '@/lib/alarms/types';

/** Level options: the label carries the level's colour dot; `title` keeps the plain words for search and tooltips. */
export function alarmLevelOptions(t: TFunction): { value: number; label: ReactNode; title: string }[] {
  return ALARM_LEVELS.map((n) => {
    const title = t('telemetry.alarm.levelN', { n });
    return { value: n, title, label: <Badge color={alarmLevelColor(n)} text={title} /> };
  });
}

export function alarmTypeOptions(t: TFunction): { value: AlarmType; label: string }[] {
  return ALARM_TYPES.map((n) => ({ value: n, label: t(alarmTypeKey(n)) }));
}
