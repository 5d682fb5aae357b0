// History-track playback: the time range rule, interpolation of the position at a moment, and stepping the clock.
import type { TrackPoint } from './monitor-types';

/** GET /dev/gps/history refuses ranges over 31 days (110557). */
export const MAX_TRACK_DAYS = 31;
const DAY_MS = 86_400_000;

export const PLAYBACK_SPEEDS = [1, 2, 5, 10] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** At 1× a track plays in about a minute (tracks span hours or days; real time would be unwatchable). */
export const BASE_PLAY_MS = 60_000;

export type RangeProblem = 'order' | 'tooLong' | null;

export function checkRange(start: number, end: number): RangeProblem {
  if (end < start) return 'order';
  if (end - start > MAX_TRACK_DAYS * DAY_MS) return 'tooLong';
  return null;
}

/** Track milliseconds per real millisecond at 1×; never slower than real time. */
export function playbackRate(points: readonly TrackPoint[]): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 1;
  return Math.max(1, (last.time - first.time) / BASE_PLAY_MS);
}

/** The clock after `elapsedMs` of real time at `speed`, clamped to `end`. */
export function advance(time: number, elapsedMs: number, speed: number, rate: number, end: number): number {
  return Math.min(end, time + Math.max(0, elapsedMs) * speed * rate);
}

export interface TrackPosition {
  latitude: number;
  longitude: number;
  /** Index of the last point at or before the moment. */
  index: number;
  speed: number | null;
}

/** Index of the last point whose time is ≤ `time` (binary search; -1 before the first). */
export function indexAt(points: readonly TrackPoint[], time: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = points[mid];
    if (p && p.time <= time) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The position at `time`, linearly interpolated between the surrounding points (clamped to the ends). */
export function positionAt(points: readonly TrackPoint[], time: number): TrackPosition | null {
  const first = points[0];
  if (!first) return null;
  const i = indexAt(points, time);
  if (i < 0) return { latitude: first.latitude, longitude: first.longitude, index: 0, speed: first.speed };
  const a = points[i];
  const b = points[i + 1];
  if (!a) return null;
  if (!b || b.time === a.time)
    return { latitude: a.latitude, longitude: a.longitude, index: i, speed: a.speed };
  const f = Math.min(1, Math.max(0, (time - a.time) / (b.time - a.time)));
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * f,
    longitude: a.longitude + (b.longitude - a.longitude) * f,
    index: i,
    speed: a.speed,
  };
}

/** The travelled part of the track up to `time`, ending at the interpolated position. */
export function pathUntil(points: readonly TrackPoint[], time: number): [number, number][] {
  const pos = positionAt(points, time);
  if (!pos) return [];
  const path = points.slice(0, pos.index + 1).map((p) => [p.latitude, p.longitude] as [number, number]);
  const last = path[path.length - 1];
  if (last?.[0] !== pos.latitude || last[1] !== pos.longitude) path.push([pos.latitude, pos.longitude]);
  return path;
}

/** Points sorted by time (the server sends them ordered; this keeps the player safe if not). */
export function sortTrack(points: readonly TrackPoint[]): TrackPoint[] {
  return [...points].sort((a, b) => a.time - b.time);
}
