// The points of a polyline or a pipe: `settings.points` is a list of [x, y] in percent of the element's box (0–100),
// so the drawing follows a resize. The property panel edits them as text, "x,y x,y …".
import type { JsonValue } from '../../model/types';

export type Point = [number, number];

export const POINTS_MIN = 2;
export const POINTS_MAX = 200;

function isPoint(value: JsonValue): value is Point {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100)
  );
}

/** The stored points, or the fallback when they are missing or malformed. */
export function readPoints(
  settings: Readonly<Record<string, JsonValue>>,
  fallback: readonly Point[],
): readonly Point[] {
  const value = settings.points;
  if (!Array.isArray(value) || value.length < POINTS_MIN || value.length > POINTS_MAX) return fallback;
  return value.every(isPoint) ? value : fallback;
}

/** "x,y x,y …" as points, or null when it is not 2–200 pairs of numbers within 0–100. */
export function parsePoints(text: string): Point[] | null {
  const pairs = text.trim().split(/\s+/).filter(Boolean);
  if (pairs.length < POINTS_MIN || pairs.length > POINTS_MAX) return null;
  const points: Point[] = [];
  for (const pair of pairs) {
    const parts = pair.split(',');
    if (parts.length !== 2 || parts.some((part) => part.trim() === '')) return null;
    const point: Point = [Number(parts[0]), Number(parts[1])];
    if (!isPoint(point)) return null;
    points.push(point);
  }
  return points;
}

export function formatPoints(points: readonly Point[]): string {
  return points.map(([x, y]) => `${String(x)},${String(y)}`).join(' ');
}

/** The SVG `points` attribute in the box's pixels. */
export function svgPoints(points: readonly Point[], w: number, h: number): string {
  return points.map(([x, y]) => `${String((x * w) / 100)},${String((y * h) / 100)}`).join(' ');
}
