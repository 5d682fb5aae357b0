// GET /yun/userInfo: a page of users (P53000; a secondary administrator sees their group's users only). The team's
// user pages and the user picker (components/pickers) ask with it.
import { get } from '../http';
import type { PageOf, UserListParams, UserOut } from './types';

export function listUsers(params: UserListParams, silent = false): Promise<PageOf<UserOut>> {
  return get<PageOf<UserOut>>('/yun/userInfo', { ...params }, { silent });
}
