// Geometry of the gauge element: a 270° arc from min (lower left) to max (lower right), angles in degrees clockwise
// from 12 o'clock. Pure, tested without a DOM.
import type { JsonValue } from '../../model/types';

export const GAUGE_START = -135;
export const GAUGE_END = 135;

/** The needle's angle for a value: clamped to the arc's ends; at the start with no value or an empty range. */
export function gaugeAngle(value: number | null, min: number, max: number): number {
  if (value === null || !Number.isFinite(value) || !(max > min)) return GAUGE_START;
  const share = Math.min(1, Math.max(0, (value - min) / (max - min)));
  return GAUGE_START + share * (GAUGE_END - GAUGE_START);
}

export function polar(cx: number, cy: number, r: number, angle: number): { x: number; y: number } {
  const rad = (angle * Math.PI) / 180;
  return { x: cx + r * Math.sin(rad), y: cy - r * Math.cos(rad) };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** An SVG path of the arc from angle `from` to `to`, clockwise. */
export function arcPath(cx: number, cy: number, r: number, from: number, to: number): string {
  const a = polar(cx, cy, r, from);
  const b = polar(cx, cy, r, to);
  const large = to - from > 180 ? 1 : 0;
  return `M ${round(a.x)} ${round(a.y)} A ${r} ${r} 0 ${large} 1 ${round(b.x)} ${round(b.y)}`;
}

/** A colour band of the scale, in values. */
export interface GaugeBand {
  from: number;
  to: number;
  color: string;
}

function isBand(raw: JsonValue): raw is GaugeBand {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const band = raw as Record<string, unknown>;
  return (
    typeof band.from === 'number' &&
    typeof band.to === 'number' &&
    Number.isFinite(band.from) &&
    Number.isFinite(band.to) &&
    typeof band.color === 'string'
  );
}

/** `settings.bands` as bands, in value order; entries that are not a band are skipped. */
export function readBands(raw: JsonValue): GaugeBand[] {
  if (!Array.isArray(raw)) return [];
  return (raw as JsonValue[])
    .filter(isBand)
    .map(({ from, to, color }) => ({ from, to, color }))
    .sort((a, b) => a.from - b.from);
}

/** The band a value falls in (from inclusive, to exclusive, the last band's end inclusive). */
export function bandAt(bands: readonly GaugeBand[], value: number | null): GaugeBand | undefined {
  if (value === null) return undefined;
  return bands.find(
    (band, i) => value >= band.from && (value < band.to || (i === bands.length - 1 && value === band.to)),
  );
}
