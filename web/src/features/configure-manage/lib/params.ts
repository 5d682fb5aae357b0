// The template list's state in the URL (?q=&type=&published=&relation=&sort=&order=&page=&page_size=) and the
// query parameters GET /yun/module takes.
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@/types/limits.gen';
import type {
  ListRelation,
  TemplateFilters,
  TemplateListParams,
  TemplateSortField,
  TemplateType,
} from '../types';

export const DEFAULT_SORT: TemplateSortField = 'updated_at';
const SORT_FIELDS: readonly string[] = ['updated_at', 'name', 'created_at'];
const TYPES: readonly string[] = ['standard', 'nonstandard'];
const RELATIONS: readonly string[] = ['own', 'received', 'all'];

/** List params from the URL; anything unknown falls back to the defaults (own, newest change first, page 1). */
export function fromSearch(search: URLSearchParams): TemplateListParams {
  const out: TemplateListParams = { page: 1, page_size: PAGE_SIZE_DEFAULT };
  const q = search.get('q')?.trim();
  if (q) out.q = q;
  const type = search.get('type');
  if (type !== null && TYPES.includes(type)) out.type = type as TemplateType;
  const published = search.get('published');
  if (published === 'true' || published === 'false') out.published = published === 'true';
  const relation = search.get('relation');
  if (relation !== null && RELATIONS.includes(relation) && relation !== 'own')
    out.relation = relation as ListRelation;
  const sort = search.get('sort');
  if (sort !== null && SORT_FIELDS.includes(sort)) {
    out.sort = sort as TemplateSortField;
    out.order = search.get('order') === 'asc' ? 'asc' : 'desc';
  }
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page > 1) out.page = page;
  const size = Number(search.get('page_size'));
  if (Number.isInteger(size) && size > 0 && size <= PAGE_SIZE_MAX) out.page_size = size;
  return out;
}

/** The URL search of list params: defaults left out, so a plain visit keeps a clean URL. */
export function toSearch(params: TemplateListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.q?.trim()) out.set('q', params.q.trim());
  if (params.type) out.set('type', params.type);
  if (params.published !== undefined) out.set('published', String(params.published));
  if (params.relation && params.relation !== 'own') out.set('relation', params.relation);
  if (params.sort) {
    out.set('sort', params.sort);
    out.set('order', params.order ?? 'desc');
  }
  if (params.page > 1) out.set('page', String(params.page));
  if (params.page_size !== PAGE_SIZE_DEFAULT) out.set('page_size', String(params.page_size));
  return out;
}

/** Query parameters of GET /yun/module: unset values left out, search text trimmed. */
export function toQueryParams(params: TemplateListParams): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { page: params.page, page_size: params.page_size };
  if (params.q?.trim()) out.q = params.q.trim();
  if (params.type) out.type = params.type;
  if (params.published !== undefined) out.published = params.published;
  out.relation = params.relation ?? 'own';
  out.sort = params.sort ?? DEFAULT_SORT;
  out.order = params.order ?? 'desc';
  return out;
}

/** The sort select's choices, `<field>:<order>`; the first is the server's default. */
export const SORT_OPTIONS = [
  'updated_at:desc',
  'updated_at:asc',
  'created_at:desc',
  'created_at:asc',
  'name:asc',
  'name:desc',
] as const;

/** The sort select's value under the current params. */
export function sortValue(params: Pick<TemplateFilters, 'sort' | 'order'>): string {
  return `${params.sort ?? DEFAULT_SORT}:${params.order ?? 'desc'}`;
}

/** A sort select value → `{sort, order}`; the default is left out of the URL. */
export function parseSort(value: string): Pick<TemplateFilters, 'sort' | 'order'> {
  const [field = '', order = ''] = value.split(':');
  if (!SORT_FIELDS.includes(field) || (order !== 'asc' && order !== 'desc') || value === SORT_OPTIONS[0])
    return { sort: undefined, order: undefined };
  return { sort: field as TemplateSortField, order };
}

/** True when a search or filter narrows the list (the empty state then says "no match"). */
export function isFiltered(params: TemplateFilters): boolean {
  return Boolean(params.q?.trim()) || params.type !== undefined || params.published !== undefined;
}
