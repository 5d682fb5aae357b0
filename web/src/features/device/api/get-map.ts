// GET /dev/map: tile settings, theme and the readable devices that have a position.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { MapOut } from '../lib/monitor-types';

export interface MapParams {
  group_id?: number;
  dev_state?: number;
}

export function getDeviceMap(params: MapParams = {}): Promise<MapOut> {
  return get<MapOut>('/dev/map', { ...params });
}

export const deviceMapQueryOptions = (params: MapParams = {}) =>
  queryOptions({ queryKey: ['device-map', params] as const, queryFn: () => getDeviceMap(params) });

export function useDeviceMap(params: MapParams = {}) {
  return useQuery(deviceMapQueryOptions(params));
}
