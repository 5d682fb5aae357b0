// Shapes of the data source payloads in docs/api-templates.md "Data sources" (hand-written until api.gen.ts covers them).

/** One of limits.gen DATA_TYPES: bit, int16, uint16, int32, uint32, float32, float64, string. */
export type DataType = string;
/** One of limits.gen REGISTER_AREAS: coil (0x), discrete (1x), input (3x), holding (4x). */
export type RegisterArea = string;
export type ByteOrder = 'big' | 'little';
export type ReadWrite = 'r' | 'rw';
/** One of limits.gen HISTORY_MODES: off, change, interval. */
export type HistoryMode = string;
export type FaultKind = 'compare' | 'bit';

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** An alarm condition of a data source: a comparison with a threshold, or a bit of the value that is 1. */
export interface Fault {
  kind: FaultKind;
  /** compare: one of limits.gen FAULT_OPS. */
  op: string | null;
  threshold: number | null;
  /** bit: 0–63. */
  bit_index: number | null;
  alarm_name: string;
  /** 1–5. */
  level: number;
  info: string;
}

export interface DataSourceOut {
  id: number;
  template_id: number;
  group_id: number;
  group_name: string;
  name: string;
  data_type: DataType;
  area: RegisterArea;
  address: number;
  bit_index: number | null;
  byte_order: ByteOrder;
  word_order: ByteOrder;
  string_length: number | null;
  rw: ReadWrite;
  scale: number;
  offset: number;
  unit: string;
  decimals: number;
  min_value: number | null;
  max_value: number | null;
  history: HistoryMode;
  history_interval_s: number | null;
  aggregate: string;
  faults: Fault[];
  device_id: number | null;
  device_sn: string | null;
  sort: number;
  created_at: number;
}

/** POST /yun/module/dataSource (PUT adds `id`). */
export interface DataSourceIn {
  template_id: number;
  group_id: number | null;
  name: string;
  data_type: DataType;
  area: RegisterArea;
  address: number;
  bit_index: number | null;
  byte_order: ByteOrder;
  word_order: ByteOrder;
  string_length: number | null;
  rw: ReadWrite;
  scale: number;
  offset: number;
  unit: string;
  decimals: number;
  min_value: number | null;
  max_value: number | null;
  history: HistoryMode;
  history_interval_s: number | null;
  aggregate: string;
  faults: Fault[];
  device_id: number | null;
}

export interface DataSourceFilters {
  q?: string | undefined;
  group_id?: number | undefined;
  data_type?: DataType | undefined;
}

export interface DataSourceListParams extends DataSourceFilters {
  template_id: number;
  page: number;
  page_size: number;
}

export interface DataSourceGroupOut {
  id: number;
  template_id: number;
  name: string;
  sort: number;
  count: number;
  /** The template's default group ("默认分组"), which cannot be deleted. */
  is_default?: boolean;
}

export interface DataSourceImportError {
  row: number;
  field: string | null;
  code: number | string | null;
  message: string;
}

/** POST /yun/module/dataSource/import. */
export interface DataSourceImportResult {
  total: number;
  created: number;
  updated: number;
  failed: number;
  errors: DataSourceImportError[];
}

/** A device of GET /dev, as the 2.0 device picker needs it. */
export interface PickerDevice {
  id: number;
  sn_code: string;
  alias: string;
}
