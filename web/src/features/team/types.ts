// Shapes of the team payloads in docs/api-team.md: the payloads are the server's schemas
// (api.gen.ts through types/schema.ts); filters, params and form values are the console's own.
import type { Schema } from '@/types/schema';

export type { GroupNode, PageOf, RoleOut, UserListParams, UserOut, UserSort } from '@/lib/team/types';

/** SPEC §3 user tag kinds: 2 organisation (the group), 3 role, 4 user (e.g. "administrator2"). */
export type UserTagKind = 2 | 3 | 4;

export type UserTag = Schema<'UserTag'>;

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

export type RoleInput = Schema<'RoleIn'>;

/** A node of GET /userPrivileges (flat; `parent` links them into the tree). */
export type PermissionNode = Schema<'PermissionNodeOut'>;

export type GroupOut = Schema<'GroupOut'>;
