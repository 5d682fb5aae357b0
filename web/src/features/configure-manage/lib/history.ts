// Template-log actions (iotyun/templates/changes.py and the sub-packages that record through it) → i18n keys.

export const HISTORY_ACTIONS: readonly string[] = [
  'create',
  'update',
  'delete',
  'copy',
  'publish',
  'unpublish',
  'screen_create',
  'screen_update',
  'screen_delete',
  'screen_order',
  'screen_design',
  'screen_copy',
  'screen_version',
  'screen_version_delete',
  'screen_restore',
  'bind',
  'unbind',
  'share',
  'unshare',
  'transfer',
  'data_source_create',
  'data_source_update',
  'data_source_delete',
  'data_source_import',
  'data_source_group_create',
  'data_source_group_update',
  'data_source_group_delete',
  'monitor_table_create',
  'monitor_table_update',
  'monitor_table_delete',
  'monitor_table_copy',
  'monitor_table_order',
];

/** The key `configure.middleware.action.<action>`, or null for an action this console does not know yet. */
export function historyActionKey(action: string): string | null {
  return HISTORY_ACTIONS.includes(action) ? `configure.middleware.action.${action}` : null;
}

/** The detail worth showing next to an action: a screen's or template's name, the devices' SNs (first three). */
export function historySubject(detail: Readonly<Record<string, unknown>>): string {
  for (const key of ['name', 'from_name']) {
    const value = detail[key];
    if (typeof value === 'string' && value) return value;
  }
  for (const key of ['sn_codes', 'names']) {
    const value = detail[key];
    if (Array.isArray(value)) {
      const texts = value.filter((v): v is string => typeof v === 'string' && v !== '');
      if (texts.length > 0) return texts.slice(0, 3).join(', ') + (texts.length > 3 ? ' …' : '');
    }
  }
  return '';
}
