// Device state → colour and the clustering decision, shared by the map, thumbnails and charts.

/** Colours of device states (online green, offline grey, unregistered amber). */
export const STATE_COLORS = {
  online: '#00b42a',
  offline: '#86909c',
  unregistered: '#ff9a2e',
} as const;

export type DeviceStateKey = keyof typeof STATE_COLORS;

/** 1 online, 2 offline; an unregistered device has no state (SPEC §4, docs/api-devices.md). */
export function deviceStateKey(devState: number | null | undefined, registered = true): DeviceStateKey {
  if (!registered || devState === null || devState === undefined) return 'unregistered';
  return devState === 1 ? 'online' : 'offline';
}

export function stateColor(devState: number | null | undefined, registered = true): string {
  return STATE_COLORS[deviceStateKey(devState, registered)];
}

/** With more markers than this the map groups markers that sit within a few pixels of each other into a cluster
 * that shows their count (markers further apart stay single): devices at one site would otherwise stack into what
 * reads as one pin. */
export const CLUSTER_THRESHOLD = 1;

export function shouldCluster(markerCount: number, threshold = CLUSTER_THRESHOLD): boolean {
  return markerCount > threshold;
}

/** Markers with a usable position (finite, in range, not the 0,0 "never located" placeholder). */
export function hasPosition(p: { latitude: number | null; longitude: number | null }): boolean {
  const { latitude: lat, longitude: lng } = p;
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return false;
  return !(lat === 0 && lng === 0);
}
