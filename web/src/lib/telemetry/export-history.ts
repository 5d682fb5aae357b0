// A device's history as an xlsx file, made in the export centre (POST /yun/exportFile, kind "history", the
// parameters /yun/his/export takes): over 5000 rows the user is asked first (lib/exports/start-export).
import type { ExportRequest } from '../exports/types';
import { viewerZone } from '../timezone';
import type { HistoryParams } from './types';

/** The export centre's request for the history query the tab shows (its time zone by name). */
export function historyExportRequest(params: HistoryParams, zone: string = viewerZone()): ExportRequest {
  return {
    kind: 'history',
    device_id: params.device_id,
    data_source_ids: params.ids
      .split(',')
      .filter((id) => id !== '')
      .map(Number),
    start: params.start,
    end: params.end,
    bucket: params.bucket,
    ...(params.agg ? { agg: params.agg } : {}),
    fill: params.fill,
    tz: zone,
    confirm: false,
  };
}
