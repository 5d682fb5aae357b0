// SPEC §9 numbers the client uses. Those the server owns come from types/limits.gen.ts (`make gen`).
import {
  COMPANY_MAX,
  ERROR_TOAST_MS,
  PASSWORD_MAX,
  PAGE_SIZE_MAX,
  PASSWORD_MIN,
  REQUEST_TIMEOUT_MS,
  SIGNATURE_TTL_S,
  TIMESTAMP_REFRESH_S,
  TOAST_FADE_MS,
  TOAST_MS,
  USER_NAME_MAX,
  USER_NAME_MIN,
} from '@/types/limits.gen';

export const DEFAULT_LANGUAGE = 'zh';
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const TOAST_DURATION_MS = TOAST_MS;
export { TOAST_FADE_MS, REQUEST_TIMEOUT_MS };
export const ERROR_TOAST_DURATION_MS = ERROR_TOAST_MS;

export const CLOCK_SYNC_INTERVAL_MS = TIMESTAMP_REFRESH_S * 1000;
export const SIGN_TTL_SECONDS = SIGNATURE_TTL_S;

/** Resend delay of verification codes when the server does not say (resend_after). */
export const SMS_RESEND_SECONDS = 60;
/** Tabs kept in the nav list (it lives in a cookie, so it stays small). */
export const MAX_NAV_TABS = 20;

export { USER_NAME_MIN, USER_NAME_MAX, PASSWORD_MIN, PASSWORD_MAX, COMPANY_MAX };

/** The page sizes a list offers (its size changer); a `page_size` in the URL must be one of them. */
export const PAGE_SIZE_OPTIONS: number[] = [10, 20, 50, 100].filter((size) => size <= PAGE_SIZE_MAX);
