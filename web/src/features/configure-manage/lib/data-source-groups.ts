// Data source groups as the panel lists them: the default group first, then by sort; its name in the UI language.
import type { DataSourceGroupOut } from '../types-data-source';

/** The server's name of the default group, created with the template (docs/api-templates.md). */
export const DEFAULT_GROUP_NAME = '默认分组';

export function isDefaultGroup(group: Pick<DataSourceGroupOut, 'is_default' | 'name'>): boolean {
  return group.is_default ?? group.name === DEFAULT_GROUP_NAME;
}

export function sortGroups(groups: readonly DataSourceGroupOut[]): DataSourceGroupOut[] {
  return [...groups].sort(
    (a, b) => Number(isDefaultGroup(b)) - Number(isDefaultGroup(a)) || a.sort - b.sort || a.id - b.id,
  );
}

export function groupLabel(
  group: Pick<DataSourceGroupOut, 'is_default' | 'name'>,
  defaultName: string,
): string {
  return isDefaultGroup(group) && group.name === DEFAULT_GROUP_NAME ? defaultName : group.name;
}
