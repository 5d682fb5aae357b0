// The team lists' shapes that more than the team pages read (the dashboard audience pickers, components/pickers): the
// server's schemas (api.gen.ts) and the list parameters.
import type { Schema } from '@/types/schema';

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export type UserOut = Schema<'UserOut'>;

export type UserSort =
  'create_time' | '-create_time' | 'last_login_time' | '-last_login_time' | 'user_name' | '-user_name';

export interface UserListParams {
  page: number;
  page_size: number;
  keyword?: string;
  role_id?: number;
  group_id?: number;
  is_active?: 0 | 1;
  sort?: UserSort;
}

export type RoleOut = Schema<'RoleOut'>;

export interface RoleListParams {
  page: number;
  page_size: number;
  keyword?: string;
}

/** A group of GET /yun/user/group, with its subgroups. */
export type GroupNode = Schema<'GroupNode'>;
