// GET /yun/user/group: the user-group tree (P51000 or a secondary administrator: their own subtree). The team's group
// pages and the user-group picker (components/pickers) ask with it.
import { get } from '../http';
import type { GroupNode } from './types';

export function listUserGroups(silent = false): Promise<GroupNode[]> {
  return get<GroupNode[]>('/yun/user/group', undefined, { silent });
}
