// Which device or group a card shows (issue 31 point 4): a card linked to a tree follows the dashboard's selection,
// and shows its own setting until something is picked there; an unlinked card shows its own setting.
import type { Card, Linkage } from '../widgets/types';

type Link = Card['link'];

/** The device a card shows: the picked one when it follows the device tree and one is picked, else its own. */
export function targetDevice(link: Link, own: number | null | undefined, linkage: Linkage): number | null {
  if (link === 'device' && linkage.deviceId !== null) return linkage.deviceId;
  return own ?? null;
}

/** The group a card shows (null: every device the viewer reads). */
export function targetGroup(link: Link, own: number | null | undefined, linkage: Linkage): number | null {
  if (link === 'group' && linkage.groupId !== null) return linkage.groupId;
  return own ?? null;
}

export type Scope =
  { kind: 'all' } | { kind: 'group'; groupId: number } | { kind: 'device'; deviceId: number };

/** A card that shows a device or a group (the fault list): a picked device or group replaces both settings; a device
 * setting wins over a group setting (the form offers one or the other). */
export function targetScope(
  link: Link,
  own: { device_id?: number | null; group_id?: number | null },
  linkage: Linkage,
): Scope {
  if (link === 'device' && linkage.deviceId !== null) return { kind: 'device', deviceId: linkage.deviceId };
  if (link === 'group' && linkage.groupId !== null) return { kind: 'group', groupId: linkage.groupId };
  if (own.device_id != null) return { kind: 'device', deviceId: own.device_id };
  if (own.group_id != null) return { kind: 'group', groupId: own.group_id };
  return { kind: 'all' };
}
