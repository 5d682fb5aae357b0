// Shapes of the team payloads in docs/api-team.md: the payloads are the server's schemas
// (api.gen.ts through types/schema.ts); filters, params and form values are the console's own.
import type { Schema } from '@/types/schema';

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** SPEC §3 user tag kinds: 2 organisation (the group), 3 role, 4 user (e.g. "administrator2"). */
export type UserTagKind = 2 | 3 | 4;

export type UserTag = Schema<'UserTag'>;

export type UserOut = Schema<'UserOut'>;

export type UserSort =
  'create_time' | '-create_time' | 'last_login_time' | '-last_login_time' | 'user_name' | '-user_name';

export interface UserListParams {
  page: number;
  page_size: number;
  keyword?: string;
  role_id?: number;
  group_id?: number;
  is_active?: 0 | 1;
  sort?: UserSort;
}

export type PrivilegeOut = Schema<'PrivilegeOut'>;

export const QUOTA_FIELDS = [
  'device_share',
  'template_share',
  'template_create',
  'screens',
  'gallery_mb',
  'screen_versions_mb',
  'exports_kept',
  'sms_push',
  'wechat_push',
  'alarm_storage',
  'history_storage_mb',
] as const;

export type QuotaField = (typeof QUOTA_FIELDS)[number];

/** Integers; null = the platform's value. */
export type Quota = Record<QuotaField, number | null>;

/** GET …/quota: the user's own values (null = the platform's), the platform's values (the most an administrator
 * may set; the operator's IOTYUN_QUOTA_* settings) and the limits in force. */
export type QuotaOut = Schema<'QuotaOut'>;

export type RoleOut = Schema<'RoleOut'>;

export type RoleInput = Schema<'RoleIn'>;

/** A node of GET /userPrivileges (flat; `parent` links them into the tree). */
export type PermissionNode = Schema<'PermissionNodeOut'>;

export type GroupOut = Schema<'GroupOut'>;
/** A group of GET /yun/user/group, with its subgroups. */
export type GroupNode = Schema<'GroupNode'>;
