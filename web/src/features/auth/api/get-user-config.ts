// GET /yun/user/config: the session payload without secrets (roles, permissions, default page).
import { get } from '@/lib/http';
import type { UserConfigPayload } from '@/types/session';

export function getUserConfig(): Promise<UserConfigPayload> {
  return get<UserConfigPayload>('/yun/user/config', undefined, { skipAuthRedirect: true });
}
