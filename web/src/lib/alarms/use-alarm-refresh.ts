// Refetches the alarm queries (lists and counts) when the WebSocket pushes an alarm, at most once a second.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { useAlarmFeed } from '../ws';
import { alarmKeys } from './keys';
import type { AlarmOut } from './types';

export const ALARM_REFRESH_THROTTLE_MS = 1_000;

export function useAlarmRefresh(enabled = true, onAlarm?: (alarm: AlarmOut) => void): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  useAlarmFeed((alarm) => {
    onAlarm?.(alarm);
    // A burst of pushes (a gateway reconnecting) refetches once.
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: alarmKeys.all });
    }, ALARM_REFRESH_THROTTLE_MS);
  }, enabled);
}
