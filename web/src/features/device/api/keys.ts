// Query keys of the device registry: mutations invalidate the lists they change.
import { DEVICE_GROUPS_KEY } from '@/components/pickers/picker-api';
import type { DeviceListParams, DeviceLogParams } from '../types';

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (params: DeviceListParams) => [...deviceKeys.lists(), params] as const,
  details: () => [...deviceKeys.all, 'detail'] as const,
  detail: (id: number) => [...deviceKeys.details(), id] as const,
  shares: (deviceId: number) => [...deviceKeys.all, 'shares', deviceId] as const,
  distributions: (deviceId: number) => [...deviceKeys.all, 'distributions', deviceId] as const,
  card: (deviceId: number) => [...deviceKeys.all, 'card', deviceId] as const,
  logs: () => [...deviceKeys.all, 'log'] as const,
  log: (params: DeviceLogParams) => [...deviceKeys.logs(), params] as const,
  groups: () => DEVICE_GROUPS_KEY,
  districts: (parentCode: string) => ['districts', parentCode] as const,
  tenantUsers: (keyword: string) => ['device-tenant-users', keyword] as const,
  // Device settings of docs/api-telemetry.md (live values, write rules and history: lib/telemetry/keys).
  controls: (deviceId: number) => [...deviceKeys.all, 'controls', deviceId] as const,
  access: () => ['device-access'] as const,
};

/** What any change to a device may touch: lists, details, group counts and the device log. */
export const deviceChangeKeys = [
  deviceKeys.lists(),
  deviceKeys.details(),
  deviceKeys.groups(),
  deviceKeys.logs(),
];
