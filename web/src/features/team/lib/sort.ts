// Table sorter ↔ the list's `sort` parameter (docs/api-team.md: field, or -field for descending).
import type { UserSort } from '../types';

export type SortOrder = 'ascend' | 'descend' | null | undefined;

const SORTABLE: readonly string[] = ['create_time', 'last_login_time', 'user_name'];

/** Every value of the list's `sort` parameter. */
export const USER_SORTS: readonly UserSort[] = SORTABLE.flatMap(
  (field) => [field, `-${field}`] as UserSort[],
);

export function toSortParam(field: unknown, order: SortOrder): UserSort | undefined {
  if (typeof field !== 'string' || !SORTABLE.includes(field) || !order) return undefined;
  return (order === 'descend' ? `-${field}` : field) as UserSort;
}

export function sortOrderOf(sort: UserSort | undefined, field: string): SortOrder {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}
