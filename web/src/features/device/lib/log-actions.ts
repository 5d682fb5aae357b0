// Device log action names (docs/api-devices.md /yun/devLog) and their labels.
import type { TFunction } from 'i18next';
import { EMPTY } from '@/lib/empty';

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
  'write',
  'control_password',
  'template_bind',
  'template_unbind',
  'vpn_open',
  'vpn_close',
] as const;

/** "some_new_action" → "Some new action": readable when the console does not know the action yet. */
export function humanizeAction(action: string): string {
  const words = action.replace(/[_\-.]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : EMPTY;
}

export function deviceActionLabel(t: TFunction, action: string): string {
  const key = `device.log.action.${action}`;
  const text = t(key, { defaultValue: '' });
  return text && text !== key ? text : humanizeAction(action);
}

// Detail keys that hold ids, with the kind of thing they name (DeviceLogOut.names).
const NAMED_BY_ID: Record<string, 'user' | 'group'> = {
  user_ids: 'user',
  from_user_id: 'user',
  group_id: 'group',
};
// Detail keys shown as words rather than their raw values.
const HIDDEN_KEYS = new Set(['data_source_id', 'template_id', 'req_id']);

function plain(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? t('device.log.yes') : t('device.log.no');
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * Log detail → [label, value] pairs in the console's language: keys translated, ids as the names the server sent
 * (a user or group it could not name reads "unknown"), field lists and results as words, booleans as yes/no.
 */
export function detailEntries(
  detail: Record<string, unknown> | null | undefined,
  t: TFunction,
  names: Record<string, string> = {},
): [string, string][] {
  if (!detail) return [];
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (HIDDEN_KEYS.has(key)) continue;
    const label = t(`device.log.detailKey.${key}`, { defaultValue: humanizeAction(key) });
    const kind = NAMED_BY_ID[key];
    let text: string;
    if (kind) {
      const ids = Array.isArray(value) ? (value as unknown[]) : [value];
      text = ids
        .map((id) => names[`${kind}:${String(id)}`] ?? t('device.log.unknown'))
        .join(t('device.log.listSeparator'));
    } else if (key === 'fields' && Array.isArray(value)) {
      text = (value as unknown[])
        .map((f) => t(`device.log.fieldName.${String(f)}`, { defaultValue: String(f) }))
        .join(t('device.log.listSeparator'));
    } else if (key === 'result' && typeof value === 'string') {
      text = t(`device.log.result.${value}`, { defaultValue: value });
    } else if (key === 'by' && typeof value === 'string') {
      text = t(`device.log.by.${value}`, { defaultValue: value });
    } else {
      text = plain(value, t);
    }
    out.push([label, text]);
  }
  return out;
}
