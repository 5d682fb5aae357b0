// Whether a card's group is still there for the viewer: every card with a group asks its dashboard's source for the
// groups (the console's GET /yun/dev/group, or a share link's /yun/shared/dashboard/groups) and looks for it.
import { useDashboardSource, type WidgetGroup } from './source';

export type GroupCheck =
  /** No group chosen: every device the viewer reads. */
  | { state: 'none'; group: null }
  | { state: 'loading'; group: null }
  | { state: 'ok'; group: WidgetGroup }
  /** Not among the viewer's groups: deleted, or another tenant's. */
  | { state: 'gone'; group: null }
  /** The list could not be read (no right to it, a failure, a shared dashboard without a tree): the card goes on
   * and the server decides. */
  | { state: 'unknown'; group: null };

/** Whether a card's group still exists for the viewer (the source's groups, asked while `enabled`). */
export function useGroupCheck(groupId: number | null, enabled: boolean): GroupCheck {
  const groups = useDashboardSource().useGroups(enabled && groupId !== null);
  if (groupId === null) return { state: 'none', group: null };
  if (groups.data) {
    const group = groups.data.find((g) => g.id === groupId);
    return group ? { state: 'ok', group } : { state: 'gone', group: null };
  }
  if (groups.isError) return { state: 'unknown', group: null };
  return { state: 'loading', group: null };
}
