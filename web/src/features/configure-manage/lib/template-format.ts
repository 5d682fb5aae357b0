// Display helpers of the template screens.
import { zoned } from '@/lib/timezone';
import { EMPTY } from '@/lib/empty';

export function formatTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? zoned(ms).format('YYYY-MM-DD HH:mm') : EMPTY;
}
