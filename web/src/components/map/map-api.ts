// GET /dev/map: tile settings, theme and the readable devices that have a position (all, or a device group's), for
// the device map page (/device/devGPS) and the dashboards' map widget.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get, type RequestOptions } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type MapOut = Schema<'MapOut'>;
export type MapItem = Schema<'MapItem'>;

export interface MapParams {
  group_id?: number;
  dev_state?: number;
}

export function getDeviceMap(params: MapParams = {}, options?: RequestOptions): Promise<MapOut> {
  return get<MapOut>('/dev/map', { ...params }, options);
}

export const deviceMapQueryOptions = (params: MapParams = {}) =>
  queryOptions({ queryKey: ['device-map', params] as const, queryFn: () => getDeviceMap(params) });

export function useDeviceMap(params: MapParams = {}) {
  return useQuery(deviceMapQueryOptions(params));
}
