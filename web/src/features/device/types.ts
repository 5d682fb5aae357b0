// Shapes of the device registry payloads in docs/api-devices.md (hand-written until api.gen.ts covers them).

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** SPEC §4: 1 online, 2 offline; null while unregistered. */
export type DevState = 1 | 2;

export type DeviceRelation = 'owner' | 'admin' | 'group' | 'distribution' | 'share';

/** The common device object `DeviceOut`. */
export interface DeviceOut {
  id: number;
  sn_code: string;
  alias: string;
  dev_model: string | null;
  firmware_version: string | null;
  back_end_version: string | null;
  shipment_no: string | null;
  group_id: number | null;
  group_name: string | null;
  address: string;
  province_code: string;
  city_code: string;
  area_code: string;
  /** "province city area" names joined. */
  area_name: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  site_type: string;
  remark: string;
  video_url: string;
  registered: boolean;
  registered_at: number | null;
  dev_state: DevState | null;
  ip: string | null;
  report_time: number | null;
  vpn_state: boolean | null;
  vpn_ip: string | null;
  /** The bound flow card's iccid. */
  flow_card: string | null;
  latitude: number | null;
  longitude: number | null;
  owner_id: number;
  owner_name: string;
  relation: DeviceRelation;
  can_manage: boolean;
  can_write: boolean;
  created_at: number;
}

/** SPEC §4 flow card status: normal | shutdown | abnormal (a provider may add others). */
export type FlowCardStatus = string;
/** SPEC §4 operator state: test | silent | closed | activated | pre_closure. */
export type OperatorState = string;

export interface FlowCardOut {
  iccid: string;
  package_name: string;
  /** ISO dates (YYYY-MM-DD) or null. */
  effective_date: string | null;
  expiry_date: string | null;
  total_mb: number;
  used_mb: number;
  remaining_mb: number;
  warning_mb: number;
  warning: boolean;
  status: FlowCardStatus;
  operator_state: OperatorState;
  provider: string;
  refreshed_at: number | null;
}

/** GET /dev/basic/{id}. */
export interface DeviceDetailOut extends DeviceOut {
  share_count: number;
  share_remaining: number;
  flow_card_info: FlowCardOut | null;
}

export type DeviceSortField = 'sn_code' | 'alias' | 'dev_state' | 'report_time' | 'created_at' | 'group_name';

export interface DeviceFilters {
  q?: string | undefined;
  group_id?: number | undefined;
  dev_state?: DevState | undefined;
  registered?: boolean | undefined;
  model?: string | undefined;
  vpn_state?: boolean | undefined;
  /** true: only the devices shared from other tenants that the caller has not filed in a group of theirs. */
  shared?: boolean | undefined;
  sort?: DeviceSortField | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export interface DeviceListParams extends DeviceFilters {
  page: number;
  page_size: number;
}

/** GET /dev/SN. */
export interface SnCheckOut {
  sn_code: string;
  valid: boolean;
  known: boolean;
  registered_here: boolean;
  registered_elsewhere: boolean;
}

export interface DeviceSiteInput {
  alias?: string;
  group_id?: number | null;
  address?: string;
  province_code?: string;
  city_code?: string;
  area_code?: string;
  contact_name?: string;
  contact_phone?: string;
  contact_email?: string;
  site_type?: string;
}

export interface RegisterDeviceInput extends DeviceSiteInput {
  sn_code: string;
  secret: string;
}

export interface UpdateDeviceInput extends DeviceSiteInput {
  id: number;
  remark?: string;
  video_url?: string;
  allow_write?: boolean;
}

export interface GrantUser {
  user_id: number;
  user_name: string;
  nick_name: string | null;
  can_write: boolean;
  created_at: number;
}

export interface ShareList {
  items: GrantUser[];
  remaining: number;
}

export interface ImportRowResult {
  row: number;
  sn_code: string;
  ok: boolean;
  code: string | number | null;
  message: string | null;
}

export interface ImportResult {
  total: number;
  succeeded: number;
  failed: number;
  /** All or nothing: false when any row failed, and then no row was registered. */
  imported: boolean;
  rows: ImportRowResult[];
}

export interface CardBookInput {
  device_id: number;
  package_name: string;
  effective_date: string | null;
  expiry_date: string | null;
  total_mb: number;
  warning_mb: number;
}

export interface DeviceLogOut {
  id: number;
  time: number;
  device_id: number | null;
  sn: string;
  action: string;
  user_name: string;
  detail: Record<string, unknown> | null;
  /** "user:<id>" / "group:<id>" → the name of a user or group the detail names by id (the caller's tenant). */
  names?: Record<string, string>;
}

export interface DeviceLogParams {
  page: number;
  page_size: number;
  device_id?: number;
  sn?: string;
  action?: string;
  start?: number;
  end?: number;
}

export interface DeviceGroupOut {
  id: number;
  name: string;
  notes: string;
  is_default: boolean;
  device_count: number;
  created_at: number;
  /** Whether the caller may rename and delete it. */
  editable: boolean;
}

export interface DistrictNode {
  code: string;
  name: string;
  leaf: boolean;
}

/** A tenant user as GET /yun/userInfo lists them (the fields the distribution picker needs). */
export interface TenantUser {
  id: number;
  user_name: string;
  nick_name: string | null;
  role_code: string | null;
}
