// Screen lists of the overview page: one kind in its order, and moving a screen.
import type { ScreenKind, ScreenOut } from '../types';

/** The screens of a kind in their order (sort, then id). */
export function screensOf(screens: readonly ScreenOut[], kind: ScreenKind): ScreenOut[] {
  return screens.filter((s) => s.kind === kind).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** The ids with the one at `index` moved one place up (-1) or down (+1); null when it cannot move. */
export function moveId(ids: readonly number[], index: number, delta: -1 | 1): number[] | null {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return null;
  const next = [...ids];
  const [moved] = next.splice(index, 1);
  if (moved === undefined) return null;
  next.splice(target, 0, moved);
  return next;
}
