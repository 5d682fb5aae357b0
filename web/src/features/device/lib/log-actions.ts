// Device log action names (docs/api-devices.md /yun/devLog) and their labels.
import type { TFunction } from 'i18next';

export const DEVICE_LOG_ACTIONS = [
  'register',
  'unregister',
  'edit',
  'group_move',
  'share',
  'share_cancel',
  'distribute',
  'distribution_cancel',
  'transfer_in',
  'transfer_out',
  'takeback',
  'card_bind',
  'card_unbind',
  'card_activate',
  'import',
  'online',
  'offline',
  'position',
] as const;

/** "some_new_action" → "Some new action": readable when the console does not know the action yet. */
export function humanizeAction(action: string): string {
  const words = action.replace(/[_\-.]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '-';
}

export function deviceActionLabel(t: TFunction, action: string): string {
  const key = `device.log.action.${action}`;
  const text = t(key, { defaultValue: '' });
  return text && text !== key ? text : humanizeAction(action);
}

/** Log detail → "key: value" pairs for display (nested values as compact JSON). */
export function detailEntries(detail: Record<string, unknown> | null | undefined): [string, string][] {
  if (!detail) return [];
  return Object.entries(detail).map(([key, value]) => [
    key,
    value === null || value === undefined
      ? '-'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as string | number | boolean),
  ]);
}
