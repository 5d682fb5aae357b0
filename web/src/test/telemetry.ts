// Test data of the telemetry screens: one live data source of a device, as GET /rDev lists it.
import type { LiveItem } from '@/lib/telemetry/types';

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
