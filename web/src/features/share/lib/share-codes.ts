// The server's answers that end a share link's page (errors 118301–118305): invalid, no access, access limit
// reached, expired, disabled. They come from any request of the page or from the live channel's last error frame.
import { isApiError } from '@/lib/http';

export const SHARE_LINK_INVALID = 118301;
export const SHARE_LINK_CODES: readonly number[] = [118301, 118302, 118303, 118304, 118305];

export const isShareEndCode = (code: number): boolean => SHARE_LINK_CODES.includes(code);

/** The link's end code an error carries, or null for any other failure. */
export function shareEndCode(error: unknown): number | null {
  if (!isApiError(error)) return null;
  const code = Number(error.code);
  return isShareEndCode(code) ? code : null;
}
