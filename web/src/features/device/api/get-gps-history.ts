// GET /dev/gps/history?device_id&start&end (ms): a device's track, ≤5000 points, range ≤31 days.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { GpsHistory } from '../lib/monitor-types';

export interface GpsHistoryParams {
  device_id: number;
  start: number;
  end: number;
}

export function getGpsHistory(params: GpsHistoryParams): Promise<GpsHistory> {
  return get<GpsHistory>('/dev/gps/history', { ...params });
}

export const gpsHistoryQueryOptions = (params: GpsHistoryParams) =>
  queryOptions({ queryKey: ['gps-history', params] as const, queryFn: () => getGpsHistory(params) });

export function useGpsHistory(params: GpsHistoryParams | null) {
  return useQuery({
    ...gpsHistoryQueryOptions(params ?? { device_id: 0, start: 0, end: 0 }),
    enabled: params !== null,
  });
}
