// Display helpers shared by the team tables.
import dayjs from 'dayjs';
import { EMPTY } from '@/lib/empty';

export function formatTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? dayjs(ms).format('YYYY-MM-DD HH:mm') : EMPTY;
}
