// "No longer there": the server answers a gone id, and another tenant's id, as not found (issue 31 point 8). A card
// whose device, group or screen is gone shows that on itself while the rest of the dashboard keeps running. On a
// share link's page a read of something the dashboard no longer shows answers 118302 on its field: gone as well.
import { isApiError } from '@/lib/http';
import { isRefusedRead } from '@/lib/share-links/share-codes';

/** 100005 not found, 110506 device, 112005 device group, 115201 screen. */
export const GONE_CODES: ReadonlySet<string> = new Set(['100005', '110506', '112005', '115201']);

export function isGone(error: unknown): boolean {
  return (isApiError(error) && GONE_CODES.has(error.code)) || isRefusedRead(error);
}

/** The server's reason for a failure, when it gave one. */
export function errorDetail(error: unknown): string | undefined {
  return isApiError(error) && error.detail ? error.detail : undefined;
}
