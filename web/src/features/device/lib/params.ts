// The device list's query parameters: table sorter ↔ sort/order, and the filters as GET /dev takes them.
import type { DeviceFilters, DeviceListParams, DeviceSortField } from '../types';

export type SortOrder = 'ascend' | 'descend' | null | undefined;

export const SORTABLE_FIELDS: readonly DeviceSortField[] = [
  'sn_code',
  'alias',
  'dev_state',
  'report_time',
  'created_at',
  'group_name',
];

function isSortField(field: unknown): field is DeviceSortField {
  return typeof field === 'string' && (SORTABLE_FIELDS as readonly string[]).includes(field);
}

/** A table sorter change → `{sort, order}` (both undefined when the column is unsorted or not sortable). */
export function toSort(field: unknown, order: SortOrder): Pick<DeviceFilters, 'sort' | 'order'> {
  if (!isSortField(field) || !order) return { sort: undefined, order: undefined };
  return { sort: field, order: order === 'descend' ? 'desc' : 'asc' };
}

/** The antd sortOrder of a column under the current params. */
export function sortOrderOf(
  params: Pick<DeviceFilters, 'sort' | 'order'>,
  field: DeviceSortField,
): SortOrder {
  if (params.sort !== field) return null;
  return params.order === 'desc' ? 'descend' : 'ascend';
}

/** Filters (and paging) → query parameters: unset and empty values are left out, search text trimmed. */
export function toQueryParams(
  params: DeviceFilters | DeviceListParams,
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') out[key] = text;
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      out[key] = value;
    }
  }
  if (out.sort === undefined) delete out.order;
  return out;
}

/** The filter part of the list params (what an export must repeat), without paging. */
export function filtersOf(params: DeviceListParams): DeviceFilters {
  const filters: DeviceFilters & Partial<Pick<DeviceListParams, 'page' | 'page_size'>> = { ...params };
  delete filters.page;
  delete filters.page_size;
  return filters;
}

/** True when a search or filter narrows the list (the empty state then says "no match", not "no devices"). */
export function isFiltered(params: DeviceFilters): boolean {
  return (
    Boolean(params.q?.trim()) ||
    params.group_id !== undefined ||
    params.dev_state !== undefined ||
    params.registered !== undefined ||
    Boolean(params.model?.trim()) ||
    params.vpn_state !== undefined
  );
}

const DEV_STATES: readonly string[] = ['1', '2'];

const boolOf = (v: string | null): boolean | undefined =>
  v === 'true' ? true : v === 'false' ? false : undefined;

/** Filters given in the page URL (links from the home page: `?dev_state=1`, `?registered=false`, ...). */
export function fromSearch(search: URLSearchParams): DeviceFilters {
  const out: DeviceFilters = {};
  const state = search.get('dev_state');
  if (state !== null && DEV_STATES.includes(state))
    out.dev_state = Number(state) as DeviceFilters['dev_state'];
  const registered = boolOf(search.get('registered'));
  if (registered !== undefined) out.registered = registered;
  const vpn = boolOf(search.get('vpn_state'));
  if (vpn !== undefined) out.vpn_state = vpn;
  const group = Number(search.get('group_id'));
  if (Number.isInteger(group) && group > 0) out.group_id = group;
  const q = search.get('q')?.trim();
  if (q) out.q = q;
  const model = search.get('model')?.trim();
  if (model) out.model = model;
  return out;
}
