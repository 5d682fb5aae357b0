// The server look-ups behind the shared pickers: devices (GET /dev, searched; GET /dev/basic/{id} for a chosen one the
// first page lacks) and device groups (GET /yun/dev/group).
import { get } from '@/lib/http';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { Schema } from '@/types/schema';

export interface PickerPage<T> {
  items: T[];
}

/** What a device picker shows of a device: a listed device, or one the caller knows from elsewhere (a virtual
 * device's member, a data source's device) whose alias it may not have. */
export type PickerDevice = Pick<Schema<'DeviceOut'>, 'id' | 'sn_code'> & { alias: string | null };

/** What a device-group picker shows of a group. */
export type PickerDeviceGroup = Pick<Schema<'DeviceGroupOut'>, 'id' | 'name' | 'is_default'>;

export interface DeviceSearch {
  /** Only registered devices (the default), or every device of the caller. */
  registered?: boolean;
  pageSize?: number;
}

/** The query key of the device groups; the device screens invalidate it when a group changes. */
export const DEVICE_GROUPS_KEY = ['device-groups'] as const;

export const devicePickerKey = (q: string, search: DeviceSearch) =>
  ['device-picker', search.registered ?? true, search.pageSize ?? PAGE_SIZE_MAX, q] as const;

export function listPickerDevices(q: string, search: DeviceSearch = {}): Promise<PickerPage<PickerDevice>> {
  const { registered = true, pageSize = PAGE_SIZE_MAX } = search;
  return get<PickerPage<PickerDevice>>(
    '/dev',
    { ...(registered ? { registered } : {}), page: 1, page_size: pageSize, ...(q ? { q } : {}) },
    { silent: true },
  );
}

export const pickerDevicesKey = (ids: readonly number[]) => ['device-picker', 'named', ...ids] as const;

/** The devices of `ids` the caller may read, each as a picker shows it; one it may not read (or gone) is left out. */
export async function getPickerDevices(ids: readonly number[]): Promise<PickerDevice[]> {
  const found = await Promise.allSettled(
    ids.map((id) => get<PickerDevice>(`/dev/basic/${String(id)}`, undefined, { silent: true })),
  );
  return found.flatMap((r) =>
    r.status === 'fulfilled' ? [{ id: r.value.id, sn_code: r.value.sn_code, alias: r.value.alias }] : [],
  );
}

export function listPickerDeviceGroups(): Promise<PickerDeviceGroup[]> {
  return get<PickerDeviceGroup[]>('/yun/dev/group');
}
