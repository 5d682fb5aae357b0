// Puts a server error next to the form field it concerns (meta.field), or hands it back for a form-level alert.
import type { FormInstance } from 'antd';

import { isApiError } from './http';

/**
 * Where an error belongs: on one of `fields` when the server named it (aliases map server field names to form
 * names), else `field` is null and the text is for a form-level alert. Forms without antd (the sign-in page) use
 * this directly.
 */
export function serverErrorPlace(
  error: unknown,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): { field: string | null; text: string } {
  if (!isApiError(error))
    return { field: null, text: error instanceof Error ? error.message : String(error) };
  const field = error.field ? (aliases[error.field] ?? error.field) : null;
  return field && fields.includes(field)
    ? { field, text: error.detail }
    : { field: null, text: error.detail };
}

/**
 * Shows the error on `fields` when the server named one of them (aliases map server field names to form
 * names) and returns null; otherwise returns the text for a form-level alert.
 */
export function applyServerError(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): string | null {
  const { field, text } = serverErrorPlace(error, fields, aliases);
  if (!field) return text;
  form.setFields([{ name: field, errors: [text] }]);
  return null;
}

/** A `redirect` query value that is safe to navigate to inside the app. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return null;
  if (/^\/(login|register|findPass)(\?|$)/.test(raw)) return null;
  return raw;
}

/** A server field name as antd's name path: "actions.2.source_id" → ['actions', 2, 'source_id'] ("trigger.*" →
 * ['trigger']). */
export function fieldPath(field: string): (string | number)[] {
  return field
    .split('.')
    .filter((part) => part !== '' && part !== '*')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const samePath = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

const under = (name: readonly (string | number)[], path: readonly (string | number)[]) =>
  path.length > 0 && name.length > path.length && path.every((part, i) => String(part) === String(name[i]));

/**
 * The nested forms' applyServerError (a rule's `trigger.hold_s`, `actions.2.source_id`): the server's dotted field
 * goes on the form field of that name path; when the form has no field of exactly that name (`trigger.schedule`),
 * on the first field under it (its time). Returns the path the error went on and null, or no path and the text for a
 * form-level alert.
 */
export function applyNestedServerError(
  form: Pick<FormInstance, 'setFields' | 'getFieldsError'>,
  error: unknown,
  aliases: Readonly<Record<string, string>> = {},
): { path: (string | number)[] | null; text: string | null } {
  if (!isApiError(error) || !error.field)
    return { path: null, text: isApiError(error) || error instanceof Error ? error.message : String(error) };
  const path = fieldPath(aliases[error.field] ?? error.field);
  const names = form.getFieldsError().map((f) => f.name);
  const name = names.find((n) => samePath(n, path)) ?? names.find((n) => under(n, path));
  if (!name) return { path: null, text: error.detail };
  form.setFields([{ name, errors: [error.detail] }]);
  return { path: name, text: null };
}
