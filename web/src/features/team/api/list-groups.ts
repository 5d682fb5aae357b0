// GET /yun/user/group: the user-group tree (P51000 or a secondary administrator: their own subtree).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { listUserGroups as listGroups } from '@/lib/team/list-user-groups';
import { teamKeys } from './keys';

export const groupsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.groups(), queryFn: () => listGroups() });

/** For selects and filters outside the group page (no toast: the page still works without them). */
export const groupOptionsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.groups(), queryFn: () => listGroups(true) });

export function useGroups() {
  return useQuery(groupsQueryOptions());
}

export function useGroupOptions() {
  return useQuery(groupOptionsQueryOptions());
}
