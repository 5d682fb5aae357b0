// Query keys of the alarm calls shared by the header bell, the home figure, the fault page and the device page.
import type { AlarmHistoryParams, RealtimeAlarmParams } from './types';

export const alarmKeys = {
  all: ['alarms'] as const,
  realtime: () => [...alarmKeys.all, 'realtime'] as const,
  realtimeList: (params: RealtimeAlarmParams) => [...alarmKeys.realtime(), params] as const,
  history: () => [...alarmKeys.all, 'history'] as const,
  historyList: (params: AlarmHistoryParams) => [...alarmKeys.history(), params] as const,
  count: (tz: number) => [...alarmKeys.all, 'count', tz] as const,
};
