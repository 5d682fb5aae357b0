// The server's answers that end a share link's page (errors 118301–118305): invalid, no access, access limit
// reached, expired, disabled. They come from any request of the page or from the live channel's last error frame.
// A shared dashboard's card reads more than the link: 118302 with a field (`device_id`, `group_id`, `id`, …) refuses
// that one read (something the dashboard no longer shows), not the link.
import { isApiError } from '../http';

export const SHARE_LINK_INVALID = 118301;
export const SHARE_LINK_NO_ACCESS = 118302;
export const SHARE_LINK_CODES: readonly number[] = [118301, 118302, 118303, 118304, 118305];

export const isShareEndCode = (code: number): boolean => SHARE_LINK_CODES.includes(code);

/** The link's end code an error carries, or null for any other failure. */
export function shareEndCode(error: unknown): number | null {
  if (!isApiError(error)) return null;
  const code = Number(error.code);
  return isShareEndCode(code) ? code : null;
}

/** The end code of a refusal of the link itself (no field), or null: a read refused on its own field (118302 with
 * `device_id`) ends nothing but that read. */
export function linkEndCode(error: unknown): number | null {
  const code = shareEndCode(error);
  return code !== null && isApiError(error) && error.field === null ? code : null;
}

/** 118302 on a field other than the token: the read's device, group, report or place is not one the shared page
 * shows (any more): the card says it is gone. */
export function isRefusedRead(error: unknown): boolean {
  return (
    isApiError(error) &&
    Number(error.code) === SHARE_LINK_NO_ACCESS &&
    error.field !== null &&
    error.field !== 'token'
  );
}
