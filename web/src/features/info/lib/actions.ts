// User log action names (the backend's write_log calls) and their labels.
import type { TFunction } from 'i18next';
import { EMPTY } from '@/lib/empty';

export const LOG_ACTIONS = [
  'login',
  'logout',
  'password_change',
  'password_find',
  'user_create',
  'user_edit',
  'user_delete',
  'user_lock',
  'user_unlock',
  'user_password_reset',
  'user_privilege',
  'user_privilege_reset',
  'user_quota',
  'role_create',
  'role_edit',
  'role_delete',
  'group_create',
  'group_edit',
  'group_delete',
  'group_members',
  'simulate_start',
  'simulate_stop',
  'simulated_request',
] as const;

/** "some_new_action" → "Some new action": readable when the console does not know the action yet. */
export function humanizeAction(action: string): string {
  const words = action.replace(/[_\-.]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : EMPTY;
}

/** The translated label of an action, or a readable form of its name for unknown actions. */
export function actionLabel(t: TFunction, action: string): string {
  const key = `info.log.action.${action}`;
  const text = t(key, { defaultValue: '' });
  return text && text !== key ? text : humanizeAction(action);
}
