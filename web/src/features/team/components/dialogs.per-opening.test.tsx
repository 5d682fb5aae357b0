// Issue 30 point 1 for the team dialogs: opened on record A, then B, then "new", each shows its own values.
import { beforeEach, describe, it } from 'vitest';

import { mockApi, ok } from '@/test/mock-api';
import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { signInAs } from '@/test/session';
import type { GroupOut, RoleOut, UserOut } from '../types';
import { GroupNameModal, type GroupEdit } from './group-name-modal';
import { RoleFormModal } from './role-form-modal';
import { UserFormModal } from './user-form-modal';

const noop = () => undefined;

beforeEach(() => {
  signInAs(['P10000', 'P30000']);
  mockApi({
    'GET /role/options': () => ok([]),
    'GET /permissions': () => ok([]),
  });
});

describe('team dialogs show the record they are opened on', () => {
  it('roles: A, then B, then a new role', () => {
    const role = (id: number, name: string) =>
      ({ id, name, permissions: [], home_page: null, dashboard_fullscreen: false }) as unknown as RoleOut;
    expectEachOpeningShowsItsOwn(
      (r: RoleOut | null, open) => <RoleFormModal open={open} role={r} onClose={noop} />,
      [role(1, '运维'), role(2, '值班'), null],
      (r) => [r?.name ?? ''],
    );
  });

  it('users: A, then B, then a new user', () => {
    const user = (id: number, name: string, nick: string) =>
      ({
        id,
        user_name: name,
        nick_name: nick,
        phone: null,
        email: null,
        company: '',
        role_id: 1,
        group_id: null,
      }) as unknown as UserOut;
    expectEachOpeningShowsItsOwn(
      (u: UserOut | null, open) => <UserFormModal open={open} user={u} onClose={noop} />,
      [user(1, 'zhang', '张工'), user(2, 'li', '李工'), null],
      (u) => (u ? [u.user_name, u.nick_name] : ['']),
    );
  });

  it('user groups: rename A, then B, then a new group', () => {
    const rename = (id: number, name: string): GroupEdit => ({
      mode: 'rename',
      group: { id, name } as unknown as GroupOut,
    });
    expectEachOpeningShowsItsOwn(
      (edit: GroupEdit, open) => <GroupNameModal open={open} edit={edit} onClose={noop} />,
      [rename(1, '华东客户'), rename(2, '华北客户'), { mode: 'create', parent: null }],
      (edit) => [edit.mode === 'rename' ? edit.group.name : ''],
    );
  });
});
