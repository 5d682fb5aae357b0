// What the verification page shows for the link's answer (pure).
import { isApiError } from '@/lib/http';

/** Codes of a link that cannot verify: 117806 invalid or used, 117807 expired. */
export const LINK_INVALID = '117806';
export const LINK_EXPIRED = '117807';

export type VerifyView = 'missing' | 'verifying' | 'verified' | 'expired' | 'invalid' | 'failed';

export function verifyView(token: string, pending: boolean, verified: boolean, error: unknown): VerifyView {
  if (!token) return 'missing';
  if (verified) return 'verified';
  if (pending) return 'verifying';
  if (isApiError(error) && error.code === LINK_EXPIRED) return 'expired';
  if (isApiError(error) && error.code === LINK_INVALID) return 'invalid';
  return 'failed';
}
