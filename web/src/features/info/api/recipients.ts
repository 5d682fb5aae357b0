// Whom a written message may be addressed to: the tenant's users, roles and user groups, through the team's list
// calls (lib/team). A secondary administrator is shown their group's users and subtree by the server; the roles are
// every role of the tenant (a role reaches only the users the writer manages). No toasts: a picker that cannot load
// shows its empty list.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { listRoles } from '@/lib/team/list-roles';
import { listUserGroups } from '@/lib/team/list-user-groups';
import { listUsers } from '@/lib/team/list-users';
import type { GroupNode, PageOf, RoleOut, UserOut } from '@/lib/team/types';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import { systemMsgKeys } from './system-msg-keys';
import type { RecipientKind } from './system-msg-types';

export type { GroupNode, RecipientKind, RoleOut, UserOut };

/** How many users a search offers at once. */
export const USER_OPTIONS = 50;

/** The users whose name or nickname holds `q` (the first USER_OPTIONS). */
export function searchUsers(q: string): Promise<PageOf<UserOut>> {
  return listUsers(
    { page: 1, page_size: USER_OPTIONS, sort: 'user_name', ...(q ? { keyword: q } : {}) },
    true,
  );
}

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: systemMsgKeys.recipients('role'),
    queryFn: () => listRoles({ page: 1, page_size: PAGE_SIZE_MAX }, true).then((page) => page.items),
    staleTime: 60_000,
  });

export function useRecipientRoles(enabled = true) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}

export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: systemMsgKeys.recipients('group'),
    queryFn: () => listUserGroups(true),
    staleTime: 60_000,
  });

export function useRecipientGroups(enabled = true) {
  return useQuery({ ...groupsQueryOptions(), enabled });
}
