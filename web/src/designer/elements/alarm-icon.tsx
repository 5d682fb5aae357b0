// The alarm-icon overlay (SPEC §4): shown on an element while any data source bound to it is in alarm, pulsing on
// the shared 1 s loop (flicker.css, every icon of a screen in one phase) until the alarm is confirmed, then steady
// while it is not recovered. The canvas or the runtime draws it once in the element's box, next to the element's
// component, so no element repeats it.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { useAlarmPhase } from './flicker';
import type { BoundValue } from './types';

export function hasAlarm(values: Readonly<Record<string, BoundValue | undefined>>): boolean {
  return Object.values(values).some((value) => value?.alarm === true);
}

/** Every alarm among the values is confirmed (not recovered): the overlay shows steady, no longer flashing. */
export function alarmConfirmed(values: Readonly<Record<string, BoundValue | undefined>>): boolean {
  const alarmed = Object.values(values).filter((value) => value?.alarm === true);
  return alarmed.length > 0 && alarmed.every((value) => value?.confirmed === true);
}

/** The icon itself, re-rendered only when the alarm or its confirmation changes (not on every value). */
const AlarmMark = memo(function AlarmMark({ steady }: { steady: boolean }) {
  const { t } = useTranslation();
  // Flashing in the screen's one phase until confirmed; confirmed and not recovered, the icon stays, steady.
  const phase = useAlarmPhase(!steady);
  return (
    <svg
      className={steady ? 'iot-alarm-icon iot-alarm-icon--confirmed' : 'iot-alarm-icon'}
      style={phase}
      viewBox="0 0 16 16"
      role="img"
      aria-label={t('designer.form.alarm')}
    >
      <path d="M8 1 15 14H1z" fill="var(--iot-color-danger)" />
      <path d="M8 6v4M8 11.5v1" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
});

export function AlarmIcon({ values }: { values: Readonly<Record<string, BoundValue | undefined>> }) {
  if (!hasAlarm(values)) return null;
  return <AlarmMark steady={alarmConfirmed(values)} />;
}
