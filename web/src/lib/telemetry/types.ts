// Shapes of the telemetry payloads in docs/api-telemetry.md: live values, writes and history (hand-written until
// api.gen.ts covers them). The live channel's frames are generated (lib/ws).

/** 0 good, 1 bad, 2 stale; null before the first value. */
export type Quality = 0 | 1 | 2;

export type RawValue = number | string | boolean | null;

/** One published data source of GET /rDev with its latest value. */
export interface LiveItem {
  id: number;
  name: string;
  group_id: number | null;
  group_name: string | null;
  /** limits.gen DATA_TYPES: bit, int16, uint16, int32, uint32, float32, float64, string. */
  data_type: string;
  rw: 'r' | 'rw';
  unit: string | null;
  decimals: number | null;
  min_value: number | null;
  max_value: number | null;
  /** Only for string data sources, when the server sends it (the write rule "text ≤ string_length"). */
  string_length?: number | null;
  value: RawValue;
  ts: number | null;
  quality: Quality | null;
  /** The words the device's published screens show for its values (运行 / 停止), first match wins: min == max an
   * exact value, else min ≤ value < max (absent from older servers). */
  state_texts?: readonly StateText[];
}

export interface StateText {
  min: number | null;
  max: number | null;
  text: string;
}

/** GET /rDev?device_id=. */
export interface LiveDeviceOut {
  device_id: number;
  sn_code: string;
  dev_alias: string;
  dev_state: number | null;
  report_time: number | null;
  template_id: number | null;
  template_version: number | null;
  can_write: boolean;
  password_required: boolean;
  /** The device has its own control password (absent from older servers). */
  device_password_set?: boolean;
  /** The server's offline timeout in ms: a value older than this greys out on screens (absent from older servers). */
  offline_timeout_ms?: number;
  items: LiveItem[];
}

/** GET /yun/v2/rDev/config?device_id=. */
export interface WriteConfigOut {
  user_can_write: boolean;
  device_can_write: boolean;
  online: boolean;
  /** A password guards the device's writes (its own, else the tenant's default), whatever a control says. */
  password_required: boolean;
  /** The device has its own control password (absent from older servers). */
  device_password_set?: boolean;
}

/** POST /yun/rDev. */
export interface WriteValueInput {
  device_id: number;
  data_source_id: number;
  value: number | string;
  password?: string;
  /** The password a screen's control names (its settings.password); absent is none. A write naming one that is
   * not set is refused (110583 the device's own, 110584 any). */
  password_mode?: 'global' | 'device';
}

/** The gateway's ack. */
export interface WriteValueOut {
  req_id: string;
  value: RawValue;
  old_value: RawValue;
  ack_time: number;
}

export type HistoryBucket = 'raw' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
export type HistoryAgg = 'avg' | 'max' | 'min' | 'sum' | 'count' | 'distinct_count' | 'first' | 'last';
export type HistoryFillMode = 'none' | 'null' | 'zero' | 'previous' | 'linear' | 'number';

/** GET /hDev (and /yun/his/export) query parameters as sent. */
export interface HistoryParams {
  device_id: number;
  ids: string;
  start: number;
  end: number;
  bucket: HistoryBucket;
  agg?: HistoryAgg;
  /** none | null | zero | previous | linear | a number. */
  fill: string;
  width: number;
  tz: number;
}

export interface HistorySeries {
  id: number;
  name: string;
  unit: string | null;
  decimals: number | null;
  points: [number, number | null][];
}

export interface HistoryOut {
  device_id: number;
  bucket: HistoryBucket;
  agg: HistoryAgg;
  downsampled: boolean;
  series: HistorySeries[];
}
