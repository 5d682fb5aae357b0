// An alarm's value as the alarm table and the console's alarm banner show it (the banner without the table's antd
// Table: it is on every page).
import { EMPTY } from '../empty';
import { formatPoint } from '../telemetry/history';
import type { AlarmOut } from './types';

export function formatAlarmValue(value: AlarmOut['value']): string {
  if (value === null || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? '1' : '0';
  // The alarm holds no decimals of its own: a number reads without float noise (at most 4 places).
  return typeof value === 'number' ? formatPoint(value, null) : value;
}
