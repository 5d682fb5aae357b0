// Puts a server error next to the form field it concerns (meta.field), or hands it back for a form-level alert.
import type { FormInstance } from 'antd';

import { isApiError } from './http';

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
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const field = error.field ? (aliases[error.field] ?? error.field) : null;
  if (field && fields.includes(field)) {
    form.setFields([{ name: field, errors: [error.detail] }]);
    return null;
  }
  return error.detail;
}

/** A `redirect` query value that is safe to navigate to inside the app. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return null;
  if (/^\/(login|register|findPass)(\?|$)/.test(raw)) return null;
  return raw;
}
