// The server look-ups behind the shared pickers: devices (GET /dev, searched) and device groups (GET /yun/dev/group).
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

export function listPickerDeviceGroups(): Promise<PickerDeviceGroup[]> {
  return get<PickerDeviceGroup[]>('/yun/dev/group');
}
