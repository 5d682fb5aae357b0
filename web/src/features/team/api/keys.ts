// Query keys of the team feature: mutations invalidate the lists they change.
import type { UserListParams } from '../types';

export const teamKeys = {
  all: ['team'] as const,
  users: () => [...teamKeys.all, 'users'] as const,
  userList: (params: UserListParams) => [...teamKeys.users(), 'list', params] as const,
  privilege: (userId: number) => [...teamKeys.users(), 'privilege', userId] as const,
  quota: (userId: number) => [...teamKeys.users(), 'quota', userId] as const,
  roles: () => [...teamKeys.all, 'roles'] as const,
  roleList: (params: { page: number; page_size: number; keyword?: string }) =>
    [...teamKeys.roles(), 'list', params] as const,
  groups: () => [...teamKeys.all, 'groups'] as const,
  permissionTree: () => [...teamKeys.all, 'permission-tree'] as const,
};
