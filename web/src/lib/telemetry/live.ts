// Live values of a device: the GET /rDev seed merged with the WebSocket's pushes, formatting, grouping, write gate.
import type { LiveValue } from '../ws';
import type { LiveItem, Quality, RawValue, StateText } from './types';
import { EMPTY } from '../empty';

export type QualityName = 'good' | 'bad' | 'stale' | 'none';

const QUALITY_NAMES: Record<Quality, QualityName> = { 0: 'good', 1: 'bad', 2: 'stale' };

export function qualityName(quality: number | null | undefined): QualityName {
  return quality === 0 || quality === 1 || quality === 2 ? QUALITY_NAMES[quality] : 'none';
}

export const QUALITY_COLORS: Record<QualityName, string> = {
  good: 'success',
  bad: 'error',
  stale: 'warning',
  none: 'default',
};

/** The value as shown: numbers with the data source's decimals, bits as 0/1, text as it is; '-' when none. */
/** The word the device's screens show for a value (运行 for 1), or null (issue 30 point 7). */
export function stateText(value: RawValue, texts: readonly StateText[] | undefined): string | null {
  if (!texts || value === null || value === '') return null;
  const number =
    typeof value === 'boolean' ? Number(value) : typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return null;
  const found = texts.find((t) =>
    t.min !== null && t.min === t.max
      ? number === t.min
      : (t.min === null || number >= t.min) && (t.max === null || number < t.max),
  );
  return found?.text ?? null;
}

/** A value as shown: the word the device's screens give it when they give one, else the number at its decimals. */
export function formatValue(
  value: RawValue,
  item: Pick<LiveItem, 'data_type' | 'decimals'> & Partial<Pick<LiveItem, 'state_texts'>>,
): string {
  if (value === null || value === '') return EMPTY;
  const word = stateText(value, item.state_texts);
  if (word !== null) return word;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  if (item.data_type === 'bit') return value ? '1' : '0';
  if (
    item.data_type !== 'float32' &&
    item.data_type !== 'float64' &&
    Number.isInteger(value) &&
    !item.decimals
  )
    return String(value);
  const decimals = Math.min(20, Math.max(0, item.decimals ?? 0));
  return value.toFixed(decimals);
}

/** "0.82 MPa", or the bare value when there is no unit or no value. */
export function formatWithUnit(
  value: RawValue,
  item: Pick<LiveItem, 'data_type' | 'decimals' | 'unit'> & Partial<Pick<LiveItem, 'state_texts'>>,
): string {
  const text = formatValue(value, item);
  // A word (运行) takes no unit.
  if (stateText(value, item.state_texts) !== null) return text;
  return text !== EMPTY && item.unit ? `${text} ${item.unit}` : text;
}

/** The seed with every pushed value that is at least as new as the seeded one. */
export function mergeLive(items: readonly LiveItem[], live: Readonly<Record<number, LiveValue>>): LiveItem[] {
  return items.map((item) => {
    const pushed = live[item.id];
    if (!pushed) return item;
    if (item.ts !== null && pushed.ts < item.ts) return item;
    return {
      ...item,
      value: pushed.v,
      ts: pushed.ts,
      quality: pushed.q === 0 || pushed.q === 1 || pushed.q === 2 ? pushed.q : null,
    };
  });
}

export interface ItemGroup {
  key: string;
  name: string | null;
  items: LiveItem[];
}

/** Data sources grouped by their group, in the order the server lists them. */
export function groupItems(items: readonly LiveItem[]): ItemGroup[] {
  const groups = new Map<string, ItemGroup>();
  for (const item of items) {
    const key = item.group_id === null ? 'none' : String(item.group_id);
    let group = groups.get(key);
    if (!group) {
      group = { key, name: item.group_name, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

export type WriteBlock = 'offline' | 'noPermission' | null;

/** Why the write button is off (SPEC §6: user and device write rights, and an online device), or null. */
export function writeBlock(canWrite: boolean, devState: number | null): WriteBlock {
  if (!canWrite) return 'noPermission';
  if (devState !== 1) return 'offline';
  return null;
}

/** True when no data source has a value yet. */
export function noValuesYet(items: readonly LiveItem[]): boolean {
  return items.length > 0 && items.every((item) => item.value === null);
}
