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
