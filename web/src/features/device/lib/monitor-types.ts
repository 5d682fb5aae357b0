// Hand-written shapes of docs/api-devices.md for the monitoring screens: virtual devices, thumbnails, map, GPS,
// districts and the device pickers (until api.gen.ts covers them).

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

// --- device pickers (GET /dev?registered=true) ------------------------------------------------------------------

/** The DeviceOut fields the pickers and the child-device page use. */
export interface DeviceOption {
  id: number;
  sn_code: string;
  alias: string;
  dev_model: string;
  firmware_version: string | null;
  group_name: string | null;
  registered: boolean;
  /** 1 online, 2 offline, null when unregistered. */
  dev_state: number | null;
  report_time: number | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

// --- virtual devices (/yun/dev/fictitious) ---------------------------------------------------------------------

export const VIRTUAL_VERSIONS = ['1.0', '2.0'] as const;
export type VirtualVersion = (typeof VIRTUAL_VERSIONS)[number];

export const VIRTUAL_PERMISSIONS = ['view', 'write', 'alarm', 'history'] as const;
export type VirtualPermission = (typeof VIRTUAL_PERMISSIONS)[number];

export type BindingState = 'normal' | 'abnormal';
export type AbnormalReason = 'sn_empty' | 'version_differs';

export interface VirtualMember {
  device_id: number;
  sn_code: string;
  alias: string;
}

export interface VirtualOut {
  id: number;
  name: string;
  group_id: number | null;
  group_name: string | null;
  address: string;
  province_code: string;
  city_code: string;
  area_code: string;
  area_name: string;
  contact_name: string;
  contact_phone: string;
  device_id: number | null;
  /** "" when none is bound or the bound device is unregistered. */
  sn_code: string;
  device_alias: string | null;
  gps_device_id: number | null;
  gps_sn_code: string | null;
  template_id: number | null;
  template_name: string | null;
  version: VirtualVersion;
  firmware_version: string;
  device_firmware_version: string | null;
  binding_state: BindingState;
  abnormal_reason: AbnormalReason | null;
  permissions: VirtualPermission[];
  members: VirtualMember[];
  created_at: number;
}

export interface VirtualListParams {
  page: number;
  page_size: number;
  q?: string;
  group_id?: number;
  binding_state?: BindingState;
  version?: VirtualVersion;
}

export interface VirtualInput {
  name: string;
  group_id?: number | null;
  address?: string;
  province_code?: string;
  city_code?: string;
  area_code?: string;
  contact_name?: string;
  contact_phone?: string;
  device_id?: number | null;
  gps_device_id?: number | null;
  template_id?: number | null;
  version: VirtualVersion;
  permissions: VirtualPermission[];
  member_ids?: number[];
}

// --- thumbnails (/yun/dev/dashboard) ---------------------------------------------------------------------------

export interface ThumbnailItem {
  device_id: number;
  sn_code: string;
  alias: string;
  dev_state: number | null;
  registered: boolean;
  report_time: number | null;
  dev_model: string;
  address: string;
  /** False: the device is gone (a share withdrawn, a transfer): nothing of it but its id; shown as unavailable. */
  available: boolean;
}

export interface ThumbnailGroup {
  id: number;
  name: string;
  notes: string;
  position: number;
  items: ThumbnailItem[];
}

// --- map and GPS (/dev/map, /dev/gps/history) ------------------------------------------------------------------

// The map's shapes are the shared map's (components/map/map-api.ts, from api.gen.ts).
export type { MapItem, MapOut } from '@/components/map/map-api';

export interface TrackPoint {
  time: number;
  latitude: number;
  longitude: number;
  speed: number | null;
}

export interface GpsHistory {
  points: TrackPoint[];
}
