// The role form's device and template permissions (issue 35 point 4): every item of the server's catalogue as a
// labelled checkbox with what it allows, the role's own checked, a template's "view" always held, the lists sent in
// the catalogue's order, and a refusal shown on its field.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { DEVICE_ITEMS, TEMPLATE_ITEMS } from '@/types/permissions.gen';
import type { RoleOut } from '../types';
import { RoleFormModal } from './role-form-modal';

const role: RoleOut = {
  id: 4,
  name: '运维',
  code: 'r_0123456789ab',
  type: 'custom',
  permissions: ['P00000', 'P10000'],
  home_page: null,
  dashboard_fullscreen: true,
  device_permissions: ['history', 'write'],
  template_permissions: ['view', 'bind'],
  user_count: 0,
  create_time: 1,
};

const tree = [
  { code: 'P00000', parent: null, zh: '控制台', en: 'Console', route: '/' },
  { code: 'P10000', parent: 'P00000', zh: '首页', en: 'Home', route: '/index' },
];

function renderForm(editing: RoleOut | null, handlers: Record<string, Handler> = {}) {
  const calls = mockApi({ 'GET /userPrivileges': () => ok(tree), ...handlers });
  renderRoutes([{ path: '/', element: <RoleFormModal open role={editing} onClose={() => undefined} /> }]);
  return calls;
}

const group = (name: string) => screen.getByRole('group', { name });
const box = (name: string, label: RegExp) => within(group(name)).getByRole('checkbox', { name: label });

beforeEach(() => {
  signInAs(['P10000', 'P52000']);
});

describe('RoleFormModal: device and template permissions', () => {
  it("lists every item with its label and hint and checks the role's own", async () => {
    renderForm(role);
    await screen.findByRole('dialog');
    expect(within(group('设备权限')).getAllByRole('checkbox')).toHaveLength(DEVICE_ITEMS.length);
    expect(within(group('模板权限')).getAllByRole('checkbox')).toHaveLength(TEMPLATE_ITEMS.length);
    for (const item of DEVICE_ITEMS)
      expect(within(group('设备权限')).getByText(item.zh_hint)).toBeInTheDocument();
    expect(box('设备权限', /查看历史数据/)).toBeChecked();
    expect(box('设备权限', /下发数据/)).toBeChecked();
    expect(box('设备权限', /导出历史数据/)).not.toBeChecked();
    expect(box('模板权限', /绑定设备/)).toBeChecked();
    // "view" is always held.
    expect(box('模板权限', /^查看/)).toBeChecked();
    expect(box('模板权限', /^查看/)).toBeDisabled();
  });

  it('sends both lists in the catalogue order', async () => {
    const user = userEvent.setup();
    const calls = renderForm(role, { 'PUT /yun/user/role/4': () => ok(role) });
    await screen.findByRole('dialog');
    await user.click(box('设备权限', /处理告警/));
    await user.click(box('设备权限', /查看历史数据/));
    await user.click(box('模板权限', /^发布/));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    const body = bodyOf(calls.find((c) => c.method === 'put')!) as Record<string, unknown>;
    expect(body.device_permissions).toEqual(['write', 'alarm_confirm']);
    expect(body.template_permissions).toEqual(['view', 'bind', 'publish']);
  });

  it('starts a new role with every item, as the built-in user role', async () => {
    const user = userEvent.setup();
    const calls = renderForm(null, { 'POST /yun/user/role': () => ok(role) });
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('角色名称'), '值班');
    await user.click(screen.getByRole('checkbox', { name: /首页/ }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    const body = bodyOf(calls.find((c) => c.method === 'post')!) as Record<string, unknown>;
    expect(body.device_permissions).toEqual(DEVICE_ITEMS.map((i) => i.code));
    expect(body.template_permissions).toEqual(TEMPLATE_ITEMS.map((i) => i.code));
  });

  it("shows the server's refusal on the field it names", async () => {
    const user = userEvent.setup();
    renderForm(role, {
      'PUT /yun/user/role/4': () => fail('110423', '不能分配权限高于自身的角色', 'device_permissions'),
    });
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('不能分配权限高于自身的角色')).toBeInTheDocument();
  });
});
