// Shapes of the alarm payloads in docs/api-telemetry.md "Alarms" (hand-written until api.gen.ts covers them).

/** 1 produced (active), 2 recovered (not confirmed), 3 confirmed. */
export type AlarmType = 1 | 2 | 3;

export interface AlarmOut {
  id: number;
  device_id: number;
  sn_code: string;
  dev_alias: string;
  data_source_id: number | null;
  data_source_name: string | null;
  alarm_name: string;
  /** 1–5. */
  alarm_level: number;
  alarm_type: AlarmType;
  alarm_info: string | null;
  value: number | string | boolean | null;
  alarm_time: number;
  recover_time: number | null;
  confirm_time: number | null;
  confirm_userName: string | null;
  alarm_note: string | null;
  /** Shelved until (epoch ms), by whom and why; null (or absent in older fixtures) when not shelved now. */
  shelved_until?: number | null;
  shelved_by?: string | null;
  shelve_reason?: string | null;
}

export interface AlarmPage {
  items: AlarmOut[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /rAlarmDev filters. */
export interface RealtimeAlarmParams {
  page: number;
  page_size: number;
  device_id?: number | undefined;
  /** The devices the caller reads in this device group. */
  group_id?: number | undefined;
  level?: number | undefined;
  keyword?: string | undefined;
  /** true: only the alarms shelved now (without it, the list leaves them out). */
  shelved?: boolean | undefined;
}

/** GET /hAlarmDev filters: alarm_time within start…end (epoch ms). */
export interface AlarmHistoryParams extends Omit<RealtimeAlarmParams, 'shelved'> {
  start: number;
  end: number;
  alarm_type?: AlarmType | undefined;
}

/** GET /rAlarmDev/count. */
export interface AlarmCount {
  unconfirmed: number;
  today: number;
}

/** POST /rAlarmDev/confirmation. */
export interface ConfirmAlarmsInput {
  ids: number[];
  note: string;
}

/** POST /rAlarmDev/shelve: silence alarms for ALARM_SHELVE_MIN_MINUTES…ALARM_SHELVE_MAX_MINUTES, saying why. */
export interface ShelveAlarmsInput {
  ids: number[];
  minutes: number;
  reason: string;
}

/** DELETE /rAlarmDev/shelve: ends the shelving now. */
export interface UnshelveAlarmsInput {
  ids: number[];
}
