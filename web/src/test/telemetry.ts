// Test data of the telemetry screens: one live data source of a device, as GET /rDev lists it, and what the caller
// may do on the device (GET /dev/privileges).
import type { DevicePrivileges } from '@/lib/telemetry/device-privileges';
import type { LiveItem } from '@/lib/telemetry/types';
import { DEVICE_ITEMS } from '@/types/permissions.gen';

/** A read-write float data source (出水压力, 0–1.6 MPa) holding 0.8, with `over` on top. */
export function liveItem(over: Partial<LiveItem> = {}): LiveItem {
  return {
    id: 41,
    name: '出水压力',
    group_id: 3,
    group_name: '默认分组',
    data_type: 'float32',
    rw: 'rw',
    unit: 'MPa',
    decimals: 2,
    min_value: 0,
    max_value: 1.6,
    value: 0.8,
    ts: 100,
    quality: 0,
    ...over,
  };
}

/** GET /dev/privileges of device 12 holding every device item (`items` to hold fewer). */
export function devicePrivileges(
  items: readonly string[] = DEVICE_ITEMS.map((i) => i.code),
): DevicePrivileges {
  return {
    device_id: 12,
    relation: 'owner',
    read: true,
    device_permissions: [...items],
    template_id: 3,
    template_permissions: ['view'],
  };
}
