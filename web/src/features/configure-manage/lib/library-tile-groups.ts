// Tile groups: the caller's templates laid out per group (and those in none), and the name rules of a group.
import { TILE_GROUP_NAME_MAX } from '@/types/limits.gen';
import type { LibraryTemplate, TileGroup } from '../types-library';

export { TILE_GROUP_NAME_MAX };

export interface GroupedTemplates<T> {
  groups: { group: TileGroup; templates: T[] }[];
  ungrouped: T[];
}

/** Groups in their order (sort, then id); templates by name within each; unknown group ids count as none. */
export function groupTemplates<T extends Pick<LibraryTemplate, 'id' | 'name' | 'group_id'>>(
  groups: readonly TileGroup[],
  templates: readonly T[],
): GroupedTemplates<T> {
  const ordered = [...groups].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const byGroup = new Map<number, T[]>(ordered.map((g) => [g.id, []]));
  const ungrouped: T[] = [];
  const byName = [...templates].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  for (const template of byName) {
    const bucket = template.group_id === null ? undefined : byGroup.get(template.group_id);
    if (bucket) bucket.push(template);
    else ungrouped.push(template);
  }
  return { groups: ordered.map((group) => ({ group, templates: byGroup.get(group.id) ?? [] })), ungrouped };
}

export type GroupNameProblem = 'required' | 'tooLong' | 'duplicate';

/** The first problem of a group name: empty, longer than 32, or the name of another of the caller's groups. */
export function groupNameProblem(
  name: string,
  groups: readonly Pick<TileGroup, 'id' | 'name'>[],
  excludeId: number | null = null,
): GroupNameProblem | null {
  const value = name.trim();
  if (!value) return 'required';
  if (Array.from(value).length > TILE_GROUP_NAME_MAX) return 'tooLong';
  if (groups.some((g) => g.id !== excludeId && g.name.trim() === value)) return 'duplicate';
  return null;
}

/** Whether a group can be deleted from the client's point of view (the server refuses a non-empty one, 115309). */
export function canDeleteGroup(group: Pick<TileGroup, 'count'>, templatesShown: number): boolean {
  return group.count === 0 && templatesShown === 0;
}
