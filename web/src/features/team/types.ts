// Shapes of the team payloads in docs/api-team.md (hand-written until api.gen.ts covers them).

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** SPEC §3 user tag kinds: 2 organisation (the group), 3 role, 4 user (e.g. "administrator2"). */
export type UserTagKind = 2 | 3 | 4;

export interface UserTag {
  kind: UserTagKind;
  label: string;
}

export interface UserOut {
  id: number;
  user_name: string;
  nick_name: string | null;
  phone: string | null;
  email: string | null;
  company: string | null;
  role_id: number | null;
  role_name: string | null;
  role_code: string | null;
  group_id: number | null;
  group_name: string | null;
  is_admin2: boolean;
  /** 0 locked, 1 active. */
  is_active: 0 | 1;
  must_change_password: boolean;
  last_login_time: number | null;
  create_time: number;
  direct_permissions: string[];
  tags: UserTag[];
}

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

export interface PrivilegeOut {
  role_permissions: string[];
  direct_permissions: string[];
}

export const QUOTA_FIELDS = [
  'device_share',
  'template_share',
  'template_create',
  'screens',
  'gallery_mb',
  'sms_push',
  'wechat_push',
  'alarm_storage',
  'history_storage_mb',
] as const;

export type QuotaField = (typeof QUOTA_FIELDS)[number];

/** Integers; null = unlimited. */
export type Quota = Record<QuotaField, number | null>;

export interface RoleOut {
  id: number;
  name: string;
  code: string;
  type: 'default' | 'custom';
  permissions: string[];
  home_page: string | null;
  dashboard_fullscreen: boolean;
  device_permissions: string[];
  template_permissions: string[];
  user_count: number;
  create_time: number;
}

export interface RoleInput {
  name: string;
  permissions: string[];
  home_page?: string | null;
  dashboard_fullscreen?: boolean;
}

/** A node of GET /userPrivileges (flat; `parent` links them into the tree). */
export interface PermissionNode {
  code: string;
  parent: string | null;
  zh: string;
  en: string;
  route: string | null;
}

export interface GroupOut {
  id: number;
  name: string;
  parent_id: number | null;
  user_count: number;
  children?: GroupOut[];
}
