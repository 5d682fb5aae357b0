// Shapes of the data source payloads in docs/api-templates.md "Data sources": the payloads are the server's schemas
// (api.gen.ts through types/schema.ts); filters, params and form values are the console's own.
import type { Schema } from '@/types/schema';

/** One of limits.gen DATA_TYPES: bit, int16, uint16, int32, uint32, float32, float64, string. */
export type DataType = string;
/** One of limits.gen REGISTER_AREAS: coil (0x), discrete (1x), input (3x), holding (4x). */
export type RegisterArea = string;
export type ByteOrder = Schema<'DataSourceOut'>['byte_order'];
export type ReadWrite = Schema<'DataSourceOut'>['rw'];
/** One of limits.gen HISTORY_MODES: off, change, interval. */
export type HistoryMode = string;
export type FaultKind = Schema<'FaultOut'>['kind'];

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** An alarm condition of a data source: a comparison with a threshold, or a bit of the value that is 1. */
export type Fault = Schema<'FaultOut'>;

export type DataSourceOut = Schema<'DataSourceOut'>;

/** POST /yun/module/dataSource (PUT adds `id`). */
export type DataSourceIn = Schema<'DataSourceIn'>;

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

export type DataSourceGroupOut = Schema<'DataSourceGroupOut'>;

export type DataSourceImportError = Schema<'ImportErrorOut'>;

/** POST /yun/module/dataSource/import. */
export type DataSourceImportResult = Schema<'ImportReportOut'>;

/** A device of GET /dev, as the 2.0 device picker needs it. */
export interface PickerDevice {
  id: number;
  sn_code: string;
  alias: string;
}
