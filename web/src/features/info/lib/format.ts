// Display helpers of the user log.
import { zoned } from '@/lib/timezone';
import { EMPTY } from '@/lib/empty';

export function formatLogTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? zoned(ms).format('YYYY-MM-DD HH:mm:ss') : EMPTY;
}

/** One detail value as text: strings as they are, lists joined, anything else as JSON. */
export function formatDetailValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.length ? value.join(', ') : EMPTY;
  }
  return JSON.stringify(value);
}

export const hasDetail = (detail: Record<string, unknown> | null): detail is Record<string, unknown> =>
  detail !== null && Object.keys(detail).length > 0;
