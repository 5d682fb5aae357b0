// Virtual-device form rules and the mapping between VirtualOut, the form's values and the request body.
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

import { PHONE_RE } from '@/lib/validation';
import type {
  AbnormalReason,
  VirtualInput,
  VirtualOut,
  VirtualPermission,
  VirtualVersion,
} from './monitor-types';

/** docs/api-devices.md: name 1–32 (118809), contact name ≤32, phone 11 digits or empty, address ≤200. */
export const VIRTUAL_NAME_MAX = 32;
export const VIRTUAL_CONTACT_MAX = 32;
export const VIRTUAL_ADDRESS_MAX = 200;

export interface VirtualFormValues {
  name: string;
  group_id?: number | null;
  version: VirtualVersion;
  device_id?: number | null;
  member_ids?: number[];
  gps_device_id?: number | null;
  template_id?: number | null;
  region?: string[];
  address?: string;
  contact_name?: string;
  contact_phone?: string;
  permissions: VirtualPermission[];
}

export const DEFAULT_PERMISSIONS: VirtualPermission[] = ['view', 'history'];

export function toFormValues(v: VirtualOut | null): VirtualFormValues {
  if (!v) return { name: '', version: '1.0', permissions: DEFAULT_PERMISSIONS, member_ids: [], region: [] };
  return {
    name: v.name,
    group_id: v.group_id,
    version: v.version,
    device_id: v.device_id,
    member_ids: v.members.map((m) => m.device_id),
    gps_device_id: v.gps_device_id,
    template_id: v.template_id,
    region: [v.province_code, v.city_code, v.area_code].filter((c) => c !== ''),
    address: v.address,
    contact_name: v.contact_name,
    contact_phone: v.contact_phone,
    permissions: v.permissions,
  };
}

/** The request body: 1.0 binds one device, 2.0 its members (the other one is cleared). */
export function toInput(values: VirtualFormValues): VirtualInput {
  const [province = '', city = '', area = ''] = values.region ?? [];
  const v2 = values.version === '2.0';
  return {
    name: values.name.trim(),
    group_id: values.group_id ?? null,
    version: values.version,
    device_id: v2 ? null : (values.device_id ?? null),
    member_ids: v2 ? (values.member_ids ?? []) : [],
    gps_device_id: values.gps_device_id ?? null,
    template_id: values.template_id ?? null,
    address: (values.address ?? '').trim(),
    province_code: province,
    city_code: city,
    area_code: area,
    contact_name: (values.contact_name ?? '').trim(),
    contact_phone: (values.contact_phone ?? '').trim(),
    permissions: values.permissions,
  };
}

/** Repair applies to 1.0 virtual devices whose binding is abnormal (SPEC §4: not 2.0). */
export function canRepair(v: Pick<VirtualOut, 'version' | 'binding_state'>): boolean {
  return v.version === '1.0' && v.binding_state === 'abnormal';
}

export function abnormalReasonKey(reason: AbnormalReason | null): string {
  return reason === 'version_differs'
    ? 'device.virtual.binding.versionDiffers'
    : 'device.virtual.binding.snEmpty';
}

export function nameRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('device.virtual.rule.nameRequired') },
    { max: VIRTUAL_NAME_MAX, message: t('device.virtual.rule.nameMax', { max: VIRTUAL_NAME_MAX }) },
  ];
}

export function phoneRules(t: TFunction): FormRule[] {
  return [
    {
      validator: (_rule, value: unknown) =>
        typeof value !== 'string' || value.trim() === '' || PHONE_RE.test(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(t('device.virtual.rule.phone'))),
    },
  ];
}

export function membersRules(t: TFunction): FormRule[] {
  return [{ required: true, type: 'array', min: 1, message: t('device.virtual.rule.membersRequired') }];
}

export function childDevicePath(id: number): string {
  return `/device/virtualDevice/childDevice/${id}`;
}

export function deviceDetailPath(id: number): string {
  return `/deviceDetail/${id}`;
}
