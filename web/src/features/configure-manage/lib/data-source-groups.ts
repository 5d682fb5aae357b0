// Data source groups as the panel lists them: the default group first, then by sort.
import type { DataSourceGroupOut } from '../types-data-source';

export function sortGroups(groups: readonly DataSourceGroupOut[]): DataSourceGroupOut[] {
  return [...groups].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default) || a.sort - b.sort || a.id - b.id,
  );
}
