// The server reads the device and group widgets share, each asked only while a card that needs it is visible
// (`enabled`) and silently (the card shows a failure on itself; a dashboard page shows no error toast per card).
// Their keys are shared with the console's other readers where the answer is the same (the device groups), so the
// cards of one dashboard ask once.
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { DEVICE_GROUPS_KEY } from '@/components/pickers/picker-api';
import { get } from '@/lib/http';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { Schema } from '@/types/schema';

export type DeviceGroup = Schema<'DeviceGroupOut'>;
export type Device = Schema<'DeviceOut'>;
export type DeviceDetail = Schema<'DeviceDetailOut'>;

export interface DevicePage {
  items: Device[];
  total: number;
}

/** How many devices a tree or a group's alarm filter reads: the server's page size cap (a search narrows it). */
export const DEVICES_READ = PAGE_SIZE_MAX;

const SILENT = { silent: true } as const;

export const widgetKeys = {
  all: ['dashboard-widgets'] as const,
  devices: (params: DeviceParams) => [...widgetKeys.all, 'devices', params] as const,
  device: (id: number) => [...widgetKeys.all, 'device', id] as const,
};

// --- device groups (GET /yun/dev/group) ---------------------------------------------------------------------------

export function listDeviceGroups(): Promise<DeviceGroup[]> {
  return get<DeviceGroup[]>('/yun/dev/group', undefined, SILENT);
}

export function useDeviceGroups(enabled: boolean) {
  return useQuery({ queryKey: DEVICE_GROUPS_KEY, queryFn: listDeviceGroups, enabled, staleTime: 60_000 });
}

export type GroupCheck =
  /** No group chosen: every device the viewer reads. */
  | { state: 'none'; group: null }
  | { state: 'loading'; group: null }
  | { state: 'ok'; group: DeviceGroup }
  /** Not among the viewer's groups: deleted, or another tenant's. */
  | { state: 'gone'; group: null }
  /** The list could not be read (no right to it, a failure): the card goes on and the server decides. */
  | { state: 'unknown'; group: null };

/** Whether a card's group still exists for the viewer (GET /yun/dev/group, asked while `enabled`). */
export function useGroupCheck(groupId: number | null, enabled: boolean): GroupCheck {
  const groups = useDeviceGroups(enabled && groupId !== null);
  if (groupId === null) return { state: 'none', group: null };
  if (groups.data) {
    const group = groups.data.find((g) => g.id === groupId);
    return group ? { state: 'ok', group } : { state: 'gone', group: null };
  }
  if (groups.isError) return { state: 'unknown', group: null };
  return { state: 'loading', group: null };
}

// --- devices (GET /dev, GET /dev/basic/{id}) ----------------------------------------------------------------------

export interface DeviceParams {
  group_id?: number | undefined;
  q?: string | undefined;
}

export function listDevices(params: DeviceParams): Promise<DevicePage> {
  const query: Record<string, unknown> = { registered: true, page: 1, page_size: DEVICES_READ };
  if (params.group_id !== undefined) query.group_id = params.group_id;
  if (params.q) query.q = params.q;
  return get<DevicePage>('/dev', query, SILENT);
}

/** The registered devices the viewer reads (a group's, or matching `q`), their first DEVICES_READ. */
export function useDevices(params: DeviceParams, enabled: boolean, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: widgetKeys.devices(params),
    queryFn: () => listDevices(params),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: enabled ? refetchInterval : false,
  });
}

export function getDevice(id: number): Promise<DeviceDetail> {
  return get<DeviceDetail>(`/dev/basic/${String(id)}`, undefined, SILENT);
}

/** A device's name and whether it is still readable (110506 when not: gone, or another tenant's). */
export function useDevice(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: widgetKeys.device(id ?? 0),
    queryFn: () => getDevice(id ?? 0),
    enabled: enabled && id !== null,
    staleTime: 5 * 60_000,
  });
}

/** "alias", or the SN when it has none. */
export function deviceName(d: { alias?: string | null; sn_code: string }): string {
  return d.alias || d.sn_code;
}
