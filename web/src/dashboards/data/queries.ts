// The console's device and group reads behind the widgets (console-source.ts asks them, silently: the card shows a
// failure on itself), and the settings forms' device detail.
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { Schema } from '@/types/schema';
import type { DeviceParams, WidgetDevice } from './source';

export type DeviceGroup = Schema<'DeviceGroupOut'>;
export type Device = Schema<'DeviceOut'>;
export type DeviceDetail = Schema<'DeviceDetailOut'>;

export interface DevicePage {
  items: Device[];
  total: number;
}

/** How many devices a tree reads: the server's page size cap (a search narrows it). */
export const DEVICES_READ = PAGE_SIZE_MAX;

const SILENT = { silent: true } as const;

export const widgetKeys = {
  all: ['dashboard-widgets'] as const,
  devices: (params: DeviceParams) => [...widgetKeys.all, 'devices', params] as const,
  device: (id: number) => [...widgetKeys.all, 'device', id] as const,
};

// --- the console's calls (GET /yun/dev/group, GET /dev, GET /dev/basic/{id}) -------------------------------------

export function listDeviceGroups(): Promise<DeviceGroup[]> {
  return get<DeviceGroup[]>('/yun/dev/group', undefined, SILENT);
}

export function listDevices(params: DeviceParams): Promise<DevicePage> {
  const query: Record<string, unknown> = { registered: true, page: 1, page_size: DEVICES_READ };
  if (params.group_id !== undefined) query.group_id = params.group_id;
  if (params.q) query.q = params.q;
  return get<DevicePage>('/dev', query, SILENT);
}

export function getDevice(id: number): Promise<DeviceDetail> {
  return get<DeviceDetail>(`/dev/basic/${String(id)}`, undefined, SILENT);
}

/** "alias", or the SN when it has none. */
export function deviceName(d: { alias?: string | null; sn_code: string }): string {
  return d.alias || d.sn_code;
}

/** A console device as the widgets show one. */
export function toWidgetDevice(d: Device): WidgetDevice {
  return {
    id: d.id,
    name: deviceName(d),
    sn: d.sn_code,
    dev_state: d.dev_state,
    registered: d.registered,
    group_id: d.group_id,
    group_name: d.group_name ?? null,
  };
}

/** A device's detail for the settings forms (the editor's, always the console's): its label, and whether it is
 * still readable (110506 when not: gone, or another tenant's). */
export function useDeviceDetail(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: widgetKeys.device(id ?? 0),
    queryFn: () => getDevice(id ?? 0),
    enabled: enabled && id !== null,
    staleTime: 5 * 60_000,
  });
}
