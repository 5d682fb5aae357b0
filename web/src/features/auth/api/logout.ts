// POST /yun/user/logout: revokes the token server-side.
import { post } from '@/lib/http';

export function logoutRequest(): Promise<null> {
  return post<null>('/yun/user/logout', undefined, { silent: true, skipAuthRedirect: true });
}
