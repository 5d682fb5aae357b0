// The device tree's nodes: the groups in the order of the group list (the default group first), each with its
// devices; devices filed in no group of the viewer's (shares not filed) under one node of their own.
import type { WidgetDevice, WidgetGroup } from '../../data/source';

export interface GroupNode {
  key: string;
  id: number | null;
  name: string;
  devices: WidgetDevice[];
}

export const groupKey = (id: number | null) => (id === null ? 'g:none' : `g:${String(id)}`);
export const deviceKey = (id: number) => `d:${String(id)}`;

/** The id of a device node's key, or null for a group's. */
export function deviceOfKey(key: string): number | null {
  return key.startsWith('d:') ? Number(key.slice(2)) : null;
}

/**
 * Groups with their devices (`groups` undefined: the groups the devices name). `only`: the one group the card is narrowed to. `searching`: groups without a matching
 * device are left out. `unfiledName`: the name of the node holding devices of no listed group.
 */
export function groupDevices(
  groups: readonly Pick<WidgetGroup, 'id' | 'name'>[] | undefined,
  devices: readonly WidgetDevice[],
  options: { only: number | null; searching: boolean; unfiledName: string },
): GroupNode[] {
  // Without the group list (the viewer may not read it), the groups the devices name.
  const all = groups ?? groupsOf(devices);
  const listed = options.only === null ? all : all.filter((g) => g.id === options.only);
  const byGroup = new Map<number | null, WidgetDevice[]>();
  const known = new Set(listed.map((g) => g.id));
  for (const device of devices) {
    const id = device.group_id !== null && known.has(device.group_id) ? device.group_id : null;
    if (options.only !== null && id !== options.only) continue;
    const list = byGroup.get(id) ?? [];
    list.push(device);
    byGroup.set(id, list);
  }
  const out: GroupNode[] = listed.map((g) => ({
    key: groupKey(g.id),
    id: g.id,
    name: g.name,
    devices: byGroup.get(g.id) ?? [],
  }));
  const unfiled = byGroup.get(null);
  if (unfiled?.length)
    out.push({ key: groupKey(null), id: null, name: options.unfiledName, devices: unfiled });
  return options.searching ? out.filter((g) => g.devices.length > 0) : out;
}

/** The groups devices are shown in, in the order they first appear. */
export function groupsOf(devices: readonly WidgetDevice[]): Pick<WidgetGroup, 'id' | 'name'>[] {
  const seen = new Map<number, string>();
  for (const d of devices)
    if (d.group_id !== null && !seen.has(d.group_id)) seen.set(d.group_id, d.group_name ?? '');
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** A device matches a search by name (its alias) or SN, case apart. */
export function matches(device: Pick<WidgetDevice, 'name' | 'sn'>, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return device.name.toLowerCase().includes(needle) || device.sn.toLowerCase().includes(needle);
}
