// Shapes of the device registry payloads in docs/api-devices.md: the payloads are the server's schemas
// (api.gen.ts through types/schema.ts); filters, params and form values are the console's own.
import type { Schema } from '@/types/schema';

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** SPEC §4: 1 online, 2 offline; null while unregistered. */
export type DevState = 1 | 2;

export type DeviceRelation = Schema<'DeviceOut'>['relation'];

/** The common device object `DeviceOut`. */
export type DeviceOut = Schema<'DeviceOut'>;

/** SPEC §4 flow card status: normal | shutdown | abnormal (a provider may add others). */
export type FlowCardStatus = string;
/** SPEC §4 operator state: test | silent | closed | activated | pre_closure. */
export type OperatorState = string;

export type FlowCardOut = Schema<'FlowCardOut'>;

/** GET /dev/basic/{id}. */
export type DeviceDetailOut = Schema<'DeviceDetailOut'>;

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
export type SnCheckOut = Schema<'SnCheckOut'>;

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

export type RegisterDeviceInput = Schema<'DeviceRegisterIn'>;

export type UpdateDeviceInput = Schema<'DeviceUpdateIn'>;

export type GrantUser = Schema<'GrantOut'>;

export type ShareList = Schema<'iotyun__devices__schemas__SharesOut'>;

export type ImportRowResult = Schema<'ImportRowOut'>;

export type ImportResult = Schema<'ImportOut'>;

export type CardBookInput = Schema<'CardBookIn'>;

export type DeviceLogOut = Schema<'DeviceLogOut'>;

export interface DeviceLogParams {
  page: number;
  page_size: number;
  device_id?: number;
  sn?: string;
  action?: string;
  start?: number;
  end?: number;
}

export type DeviceGroupOut = Schema<'DeviceGroupOut'>;

export type DistrictNode = Schema<'DistrictItem'>;

/** A tenant user as GET /yun/userInfo lists them (the fields the distribution picker needs). */
export interface TenantUser {
  id: number;
  user_name: string;
  nick_name: string | null;
  role_code: string | null;
}
