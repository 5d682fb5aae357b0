// SPEC §5/§9 thumbnail limits, enforced in the form as the server does (117001, 117002), and group counts.
import { deviceStateKey } from '@/components/map/markers';
import type { ThumbnailItem } from './monitor-types';

import {
  THUMBNAIL_GROUP_NAME_MAX,
  THUMBNAIL_GROUP_NOTES_MAX,
  THUMBNAIL_GROUPS_MAX,
  THUMBNAILS_PER_GROUP_MAX,
} from '@/types/limits.gen';

export { THUMBNAIL_GROUPS_MAX, THUMBNAILS_PER_GROUP_MAX };
export const THUMBNAIL_NAME_MAX = THUMBNAIL_GROUP_NAME_MAX;
export const THUMBNAIL_NOTES_MAX = THUMBNAIL_GROUP_NOTES_MAX;

export function canAddGroup(groupCount: number): boolean {
  return groupCount < THUMBNAIL_GROUPS_MAX;
}

export function withinDeviceLimit(deviceIds: readonly unknown[]): boolean {
  return deviceIds.length <= THUMBNAILS_PER_GROUP_MAX;
}

/** Keeps the chosen order and drops what is beyond the limit or repeated. */
export function clampDevices(deviceIds: readonly number[]): number[] {
  return [...new Set(deviceIds)].slice(0, THUMBNAILS_PER_GROUP_MAX);
}

export interface StateCounts {
  online: number;
  offline: number;
  unregistered: number;
}

/** Online, offline and unregistered tiles; a device no longer available (gone) is none of them. */
export function stateCounts(
  items: readonly (Pick<ThumbnailItem, 'dev_state' | 'registered'> & { available?: boolean })[],
): StateCounts {
  const out: StateCounts = { online: 0, offline: 0, unregistered: 0 };
  for (const item of items) {
    if (item.available === false) continue;
    out[deviceStateKey(item.dev_state, item.registered)] += 1;
  }
  return out;
}
