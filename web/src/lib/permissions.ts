// Permission codes (SPEC §2) and role codes, generated from the server's core/permissions.py.
import { Perm } from '@/types/permissions.gen';

export { Perm, Role } from '@/types/permissions.gen';

export type PermCode = (typeof Perm)[keyof typeof Perm];

/** A route's list opens it when any code is held; no list (or an empty one) opens it to every logged-in user. */
export function permitted(perms: readonly string[] | undefined, codes: ReadonlySet<string>): boolean {
  return !perms || perms.length === 0 || perms.some((code) => codes.has(code));
}

/** Whether the caller's role holds a device permission item (`alarm_confirm`, …) for screens acting on many devices
 * at once; true while the session has not said (the server refuses what the role lacks). One device's actions ask
 * lib/telemetry/device-privileges instead. */
export function holdsDeviceItem(items: readonly string[] | null, item: string): boolean {
  return items === null || items.includes(item);
}
