// POST /yun/v2/user/login (signed): answers the session payload.
import { post } from '@/lib/http';
import type { SessionPayload } from '@/types/session';

export interface LoginInput {
  username: string;
  password: string;
  code: string;
  code_key: string;
}

export function loginRequest(input: LoginInput): Promise<SessionPayload> {
  return post<SessionPayload>('/yun/v2/user/login', input, { silent: true });
}
