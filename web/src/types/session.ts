// Shapes of the platform-core payloads in docs/api.md (hand-written until api.gen.ts covers them).
import type { Schema } from './schema';

export interface ApiMeta {
  /** 1 on success (typed loosely: it is read from JSON at runtime). */
  success: number;
  /** The catalogue code, a string such as "100009" (numbers tolerated). */
  message: string | number;
  detail: string;
  field?: string | null;
  request_id?: string;
}

export interface Envelope<T> {
  meta: ApiMeta;
  data: T;
}

/** `data` of login, register and (without x_Token/pri_key) GET /yun/user/config. */
export interface SessionPayload {
  user_id: number;
  user_name: string;
  nick_name: string;
  tenant_id: number;
  tenant_name: string;
  /** Absent from GET /yun/user/config. */
  x_Token?: string | null;
  pub_key?: string | null;
  /** Absent from GET /yun/user/config. */
  pri_key?: string | null;
  expires_at: number;
  /** Role codes: administrator, administrator2 or a custom role's code. */
  roles: string[];
  role_name: string;
  /** Comma-separated permission codes. */
  grantedPermissions: string;
  /** The page code that picks the default page (SPEC §2 table). */
  menuPermissions: string;
  defaultPage: string;
  must_change_password: boolean;
  old_user: boolean;
  is_admin2: boolean;
  /** Administrator id when this is a simulated login. */
  simulated_by?: number | null;
  /** The role's device permission items in force (every item for the administrator; docs/api-team.md). */
  device_permissions?: string[];
  /** The role's template permission items in force. */
  template_permissions?: string[];
  /** The time zone every time of the console follows: the user's own, else the tenant's (docs/api-system.md). */
  time_zone?: string;
  /** The user's own choice (null: the tenant's). */
  user_time_zone?: string | null;
  /** The tenant's default. */
  tenant_time_zone?: string;
}

export type UserConfigPayload = Omit<SessionPayload, 'x_Token' | 'pri_key'>;

export interface UserInfo {
  user_id: number;
  user_name: string;
  x_Token: string;
  pub_key: string;
  pri_key: string;
}

export interface CaptchaPayload {
  enabled: boolean;
  code_key: string;
  /** data:image/png;base64,… */
  img: string;
  expires_in: number;
}

export interface SmsCodePayload {
  expires_in: number;
  resend_after: number;
}

/** GET /yun/customPage: the tenant's menus as the signed-in user sees them (lib/custom-menus). */
export type CustomPageConfig = Schema<'CustomPageOut'>;
