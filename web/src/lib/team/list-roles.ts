// GET /yun/user/role: a page of roles with their user counts (P52000, or whoever creates users). The team's role
// pages and the role picker (components/pickers) ask with it.
import { get } from '../http';
import type { PageOf, RoleListParams, RoleOut } from './types';

export function listRoles(params: RoleListParams, silent = false): Promise<PageOf<RoleOut>> {
  return get<PageOf<RoleOut>>('/yun/user/role', { ...params }, { silent });
}
