// Where a receiver files a device shared with them (PUT /dev/share/received): the dialog's choice ↔ group_id, and
// when the group list offers its "Shared with me" entry.
import type { DeviceGroupOut, DeviceOut } from '../types';

/** The select's value for "Shared with me" (no group of the caller's): group ids start at 1. */
export const SHARED_WITH_ME = 0;

/** The dialog's choice → the request's group_id. */
export function toGroupId(choice: number): number | null {
  return choice === SHARED_WITH_ME ? null : choice;
}

/** The dialog's starting choice: the caller's group the device shows in, else "Shared with me". */
export function initialChoice(
  device: Pick<DeviceOut, 'group_id'>,
  groups: Pick<DeviceGroupOut, 'id'>[],
): number {
  const id = device.group_id;
  return id !== null && groups.some((g) => g.id === id) ? id : SHARED_WITH_ME;
}

/**
 * Whether the group list shows its "Shared with me" entry: while devices shared from other tenants wait unfiled,
 * and while it is the selected entry (so filing the last one does not pull the list out from under the user).
 */
export function showSharedEntry(unfiled: number | undefined, selected: boolean): boolean {
  return selected || (unfiled ?? 0) > 0;
}
