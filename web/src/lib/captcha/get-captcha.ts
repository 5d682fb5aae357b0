// GET /yun/login/check/code: graphic captcha (signed). Fetched by use-captcha-state.ts (the sign-in pages of tenants and of operators).
import { get } from '@/lib/http';
import type { CaptchaPayload } from '@/types/session';

export function getCaptcha(): Promise<CaptchaPayload> {
  return get<CaptchaPayload>('/yun/login/check/code', undefined, { silent: true });
}
