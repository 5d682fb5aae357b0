// GET /dev/SN: what registering this SN would answer, so the register form can warn early.
import { get } from '@/lib/http';
import type { SnCheckOut } from '../types';

export function checkSn(snCode: string): Promise<SnCheckOut> {
  return get<SnCheckOut>('/dev/SN', { sn_code: snCode }, { silent: true });
}
