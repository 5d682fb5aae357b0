// The device list's query parameters: table sorter ↔ sort/order, the filters as GET /dev takes them and as the page
// URL keeps them.
import { param, type ParamSpec } from '@/lib/route-params';
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
    params.vpn_state !== undefined ||
    params.shared !== undefined
  );
}

/**
 * The list's filters and sort in the page URL (`?dev_state=1`, `?registered=false` from the home page's links, and
 * whatever the list was left at). No sort means the server's: newest first.
 */
export const LIST_PARAMS: ParamSpec<DeviceFilters> = {
  q: param.text,
  group_id: param.id,
  dev_state: param.oneOf([1, 2] as const),
  registered: param.bool,
  model: param.text,
  vpn_state: param.bool,
  shared: param.bool,
  sort: param.oneOf(SORTABLE_FIELDS),
  order: param.oneOf(['asc', 'desc'] as const),
};
