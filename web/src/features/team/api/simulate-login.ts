// POST /yun/v2/user/login/simulate: an administrator signs in as another user (session payload answered).
import { useMutation } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { SessionPayload } from '@/types/session';

export function simulateLogin(userId: number): Promise<SessionPayload> {
  return post<SessionPayload>('/yun/v2/user/login/simulate', { user_id: userId });
}

export function useSimulateLogin() {
  return useMutation({ mutationFn: simulateLogin });
}
