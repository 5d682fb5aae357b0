// The server look-ups behind the shared pickers: devices (GET /dev, searched), device groups (GET /yun/dev/group), and
// the team's users (GET /yun/userInfo, searched), roles and user groups (lib/team).
import { get } from '@/lib/http';
import { listRoles } from '@/lib/team/list-roles';
import { listUserGroups } from '@/lib/team/list-user-groups';
import { listUsers } from '@/lib/team/list-users';
import type { GroupNode, RoleOut, UserOut } from '@/lib/team/types';
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

/** What a user picker shows of a user. */
export type PickerUser = Pick<UserOut, 'id' | 'user_name' | 'nick_name'>;

/** What a role picker shows of a role. */
export type PickerRole = Pick<RoleOut, 'id' | 'name'>;

export const userPickerKey = (q: string) => ['user-picker', q] as const;
export const ROLE_PICKER_KEY = ['role-picker'] as const;
export const USER_GROUP_PICKER_KEY = ['user-group-picker'] as const;

/** The tenant's users matching `q` (name or nickname), the first PAGE_SIZE_MAX; no toast (a caller without the
 * user list's right sees an empty list). */
export function listPickerUsers(q: string): Promise<PickerPage<PickerUser>> {
  return listUsers({ page: 1, page_size: PAGE_SIZE_MAX, ...(q ? { keyword: q } : {}) }, true);
}

/** The tenant's roles (the first PAGE_SIZE_MAX); no toast. */
export function listPickerRoles(): Promise<PickerRole[]> {
  return listRoles({ page: 1, page_size: PAGE_SIZE_MAX }, true).then((page) => page.items);
}

/** The tenant's user-group tree; no toast. */
export function listPickerUserGroups(): Promise<GroupNode[]> {
  return listUserGroups(true);
}
