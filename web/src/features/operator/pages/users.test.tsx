// Tenants and their users, and one user's permissions and quotas in the privilege drawer: the tenants with their
// counts, a tenant's users, both modes of PUT /administrator/user/privilege ({operator_type, req_data}) and the
// server's refusals where they belong (810106 / 810105 on the quota named, 810113 on the permissions), each opening
// of the drawer showing its own user, English, and a phone's width.
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { RequestConfig } from '@/lib/http';
import { setLanguage } from '@/lib/session';
import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import {
  operatorKeys,
  type Paged,
  type QuotaName,
  type TenantRow,
  type TenantUserRow,
  type UserPrivilege,
} from '../api/operator';
import { PrivilegeDrawer, QUOTA_NAMES } from '../components/privilege-drawer';
import { clearOperatorSession, setOperatorSession } from '../lib/session';
import OperatorUsersPage from './users';

type User = ReturnType<typeof userEvent.setup>;

const TENANTS: Paged<TenantRow> = {
  items: [
    { id: 1, name: '北方能源', code: 'north', created_at: 0, users: 4, devices: 9, online: 5 },
    { id: 2, name: '华东水务', code: 'east', created_at: 0, users: 2, devices: 3, online: 0 },
  ],
  total: 2,
  page: 1,
  page_size: 20,
};

const USERS: Paged<TenantUserRow> = {
  items: [
    {
      id: 11,
      user_name: 'zhang',
      nick_name: '张工',
      role_code: 'user',
      role_name: '运维',
      is_active: true,
      last_login_at: null,
    },
    {
      id: 12,
      user_name: 'li',
      nick_name: '',
      role_code: 'user',
      role_name: '值班',
      is_active: false,
      last_login_at: null,
    },
    {
      id: 10,
      user_name: 'admin',
      nick_name: '',
      role_code: 'administrator',
      role_name: '管理员',
      is_active: true,
      last_login_at: null,
    },
  ],
  total: 3,
  page: 1,
  page_size: 20,
};

const PLATFORM: Record<QuotaName, number> = {
  device_share: 10,
  template_share: 10,
  template_create: 20,
  screens: 50,
  gallery_mb: 500,
  screen_versions_mb: 200,
  exports_kept: 10,
  sms_push: 100,
  wechat_push: 100,
  alarm_storage: 100_000,
  history_storage_mb: 1024,
};

const NO_GRANT = Object.fromEntries(QUOTA_NAMES.map((n) => [n, null])) as Record<QuotaName, number | null>;

/** A user's view as GET /administrator/user/privilege answers (users/service.py `_view`). */
function privilege(
  userId: number,
  over: Partial<UserPrivilege> = {},
  granted: Partial<Record<QuotaName, number | null>> = {},
): UserPrivilege {
  const row = USERS.items.find((u) => u.id === userId)!;
  const grant = { ...NO_GRANT, ...granted };
  const effective = Object.fromEntries(QUOTA_NAMES.map((n) => [n, grant[n] ?? PLATFORM[n]])) as Record<
    QuotaName,
    number
  >;
  return {
    user_id: userId,
    user_name: row.user_name,
    tenant_id: 1,
    tenant_name: '北方能源',
    role_code: row.role_code,
    role_name: row.role_name,
    role_permissions:
      row.role_code === 'administrator' ? ['P00000', 'P10000', 'P30000'] : ['P10000', 'P30000'],
    direct_permissions: [],
    quotas: { user_id: userId, platform: effective, effective },
    granted: grant,
    used: { device_share: 3, template_create: 2, screens: 8, gallery_mb: 120, exports_kept: 1 },
    ...over,
  };
}

const VIEWS: Record<number, UserPrivilege> = {
  11: privilege(11, { direct_permissions: ['P71000'] }, { device_share: 12, screens: 40 }),
  12: privilege(12, { direct_permissions: ['P81000'], used: {} }, { device_share: 2, gallery_mb: 100 }),
  10: privilege(10),
};

function renderPage(handlers: Record<string, Handler> = {}) {
  const calls = mockApi({
    'GET /administrator/tenants': () => ok(TENANTS),
    'GET /administrator/users': () => ok(USERS),
    'GET /administrator/user/privilege': (config) =>
      ok(VIEWS[(config.params as { user_id: number }).user_id]),
    ...handlers,
  });
  renderRoutes(
    [
      { path: '/operator/users', Component: OperatorUsersPage },
      { path: '/operator/login', element: <div>operator sign-in</div> },
    ],
    { initialEntries: ['/operator/users'] },
  );
  return calls;
}

const callsTo = (calls: RequestConfig[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

/** The rows of the table in the card titled `title`, as their cells' texts. */
function rowsOf(title: string | RegExp): string[][] {
  const table = screen
    .getByText(title, { selector: '.ant-card-head-title' })
    .closest<HTMLElement>('.ant-card')!;
  return Array.from(table.querySelectorAll<HTMLElement>('tbody > tr.ant-table-row'), (row) =>
    Array.from(row.querySelectorAll('td'), (cell) => cell.textContent),
  );
}

/** Chooses the tenant 北方能源 and opens the drawer on user `name`. */
async function openDrawer(user: User, name: string) {
  await user.click(await screen.findByText('北方能源'));
  const row = (await screen.findByText(name, { selector: 'td' })).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: '权限与额度' }));
  return screen.findByRole('dialog');
}

/** The drawer's save button once it is no longer busy (antd ignores a click on a loading button). */
async function save(drawer: HTMLElement): Promise<HTMLElement> {
  const button = within(drawer).getByRole('button', { name: /保\s*存/ });
  await waitFor(() => {
    expect(button).not.toHaveClass('ant-btn-loading');
  });
  return button;
}

function quotaField(drawer: HTMLElement, label: string) {
  return within(drawer).getByRole('spinbutton', { name: label });
}

beforeEach(() => {
  setOperatorSession({
    token: 'op-token',
    operator: {
      id: 1,
      user_name: 'ops',
      display_name: '',
      scopes: ['users'],
      is_active: true,
      last_login_at: null,
      email: '',
      phone: '',
      alert_channels: [],
    },
  });
});

afterEach(() => {
  clearOperatorSession();
  resetScreenWidth();
  act(() => {
    setLanguage('zh');
  });
});

// Each test drives antd's forms, tables and pickers through many renders: on a loaded 2-core machine one can take
// longer than the suite's 20 s default without anything being wrong.
const HEAVY_TEST_MS = 60_000;

describe('OperatorUsersPage', { timeout: HEAVY_TEST_MS }, () => {
  it('lists the tenants with their counts, and a tenant’s users', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage();
    await screen.findByText('北方能源');
    expect(rowsOf('租户')).toEqual([
      ['北方能源', '4', '5 / 9'],
      ['华东水务', '2', '0 / 3'],
    ]);
    expect(screen.getByText('在左侧选择一个租户查看它的用户')).toBeInTheDocument();
    expect(callsTo(calls, 'get', '/administrator/tenants')[0]?.params).toEqual({
      search: '',
      page: 1,
      page_size: 20,
    });
    expect(callsTo(calls, 'get', '/administrator/users')).toHaveLength(0);

    await user.click(screen.getByText('北方能源'));
    expect(await screen.findByText('北方能源 的用户')).toBeInTheDocument();
    await screen.findByText('zhang');
    expect(rowsOf('北方能源 的用户').map((r) => r.slice(0, 5))).toEqual([
      ['zhang', '张工', '运维', '正常', '-'],
      ['li', '-', '值班', '已锁定', '-'],
      ['admin', '-', '管理员', '正常', '-'],
    ]);
    expect(callsTo(calls, 'get', '/administrator/users')[0]?.params).toEqual({
      tenant_id: 1,
      search: '',
      page: 1,
      page_size: 20,
    });
    expect(calls[0]?.headers['X-Token']).toBe('op-token');
  });

  it('searches the tenants and a tenant’s users', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage();
    await screen.findByText('北方能源');
    await user.type(screen.getByPlaceholderText('搜索租户名称或编码'), ' 华东 {Enter}');
    await waitFor(() => {
      expect(callsTo(calls, 'get', '/administrator/tenants').at(-1)?.params).toEqual({
        search: '华东',
        page: 1,
        page_size: 20,
      });
    });
    await user.click(screen.getByText('华东水务'));
    await user.type(await screen.findByPlaceholderText('搜索账号或昵称'), 'zh{Enter}');
    await waitFor(() => {
      expect(callsTo(calls, 'get', '/administrator/users').at(-1)?.params).toEqual({
        tenant_id: 2,
        search: 'zh',
        page: 1,
        page_size: 20,
      });
    });
  });

  it('shows a user’s quotas beside what is used and in force, and saves the ceilings', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage({
      'PUT /administrator/user/privilege': (config) => {
        const body = bodyOf(config) as { req_data: Record<string, number | null> };
        const granted = Object.fromEntries(QUOTA_NAMES.map((n) => [n, body.req_data[n] ?? null]));
        return ok(privilege(11, { direct_permissions: ['P71000'] }, granted));
      },
    });
    const drawer = await openDrawer(user, 'zhang');
    expect(await within(drawer).findByText('zhang 的权限与额度')).toBeInTheDocument();
    expect(within(drawer).getByText('运维')).toBeInTheDocument();
    expect(quotaField(drawer, '设备分享数')).toHaveValue('12');
    expect(quotaField(drawer, '组态画面数')).toHaveValue('40');
    // Empty: the platform's value.
    expect(quotaField(drawer, '图库空间')).toHaveValue('');
    const screens = quotaField(drawer, '组态画面数').closest<HTMLElement>('.ant-form-item')!;
    expect(within(screens).getByText('已使用 8 · 当前上限 40 · 生效 40')).toBeInTheDocument();
    const sms = quotaField(drawer, '短信推送数').closest<HTMLElement>('.ant-form-item')!;
    expect(within(sms).getByText('已使用 - · 当前上限 100 · 生效 100')).toBeInTheDocument();

    await user.clear(quotaField(drawer, '设备分享数'));
    await user.type(quotaField(drawer, '设备分享数'), '20');
    await user.clear(quotaField(drawer, '组态画面数'));
    await user.type(quotaField(drawer, '图库空间'), '800');
    await user.click(await save(drawer));
    expect(await screen.findByText('额度已保存')).toBeInTheDocument();
    const [put] = callsTo(calls, 'put', '/administrator/user/privilege');
    expect(bodyOf(put!)).toEqual({
      operator_type: 'quotas',
      req_data: { user_id: 11, ...NO_GRANT, device_share: 20, gallery_mb: 800 },
    });
    // The answer is what the drawer shows from then on.
    await waitFor(() => {
      expect(within(screens).getByText('已使用 8 · 当前上限 50 · 生效 50')).toBeInTheDocument();
    });
  });

  it('shows a quota below what the user holds (810106) and an invalid one (810105) on that quota', async () => {
    const user = userEvent.setup({ delay: null });
    let refusal = fail('810106', '额度不能低于已使用的数量', 'screens');
    renderPage({ 'PUT /administrator/user/privilege': () => refusal });
    const drawer = await openDrawer(user, 'zhang');
    const screens = await within(drawer).findByRole('spinbutton', { name: '组态画面数' });
    await user.clear(screens);
    await user.type(screens, '5');
    await user.click(await save(drawer));
    const screensItem = screens.closest<HTMLElement>('.ant-form-item')!;
    expect(await within(screensItem).findByText('额度不能低于已使用的数量')).toBeInTheDocument();
    expect(screensItem).toHaveClass('ant-form-item-has-error');
    // Only there: not at the top of the form, not on another quota.
    expect(within(drawer).queryByRole('alert', { name: /额度不能低于/ })).toBeNull();
    expect(within(drawer).getAllByText('额度不能低于已使用的数量')).toHaveLength(1);

    refusal = fail('810105', '额度须为非负整数', 'gallery_mb');
    const gallery = quotaField(drawer, '图库空间');
    await user.type(gallery, '99999999999');
    await user.click(await save(drawer));
    const galleryItem = gallery.closest<HTMLElement>('.ant-form-item')!;
    expect(await within(galleryItem).findByText('额度须为非负整数')).toBeInTheDocument();
    expect(within(drawer).queryByText('额度已保存')).toBeNull();
  });

  it('saves a user’s direct permissions and shows a refusal (810113) on them', async () => {
    const user = userEvent.setup({ delay: null });
    let refuse = false;
    const calls = renderPage({
      'PUT /administrator/user/privilege': (config) => {
        const body = bodyOf(config) as { req_data: { permissions: string[] } };
        return refuse
          ? fail('810113', '权限设置无效', 'permissions')
          : ok({ ...VIEWS[11]!, direct_permissions: [...body.req_data.permissions].sort() });
      },
    });
    const drawer = await openDrawer(user, 'zhang');
    await user.click(await within(drawer).findByRole('tab', { name: '直接权限' }));
    expect(
      within(drawer).getByText('角色已授予 2 项权限；这里是额外直接授予该用户的权限。'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('收件箱 (P71000)')).toBeInTheDocument();
    await user.type(within(drawer).getByRole('combobox', { name: '直接权限' }), 'P72000');
    const options = await screen.findAllByTitle('日志信息 (P72000)');
    await user.click(options.find((el) => el.classList.contains('ant-select-item-option')) ?? options[0]!);
    await user.click(await save(drawer));
    expect(await screen.findByText('权限已保存')).toBeInTheDocument();
    expect(bodyOf(callsTo(calls, 'put', '/administrator/user/privilege')[0]!)).toEqual({
      operator_type: 'permissions',
      req_data: { user_id: 11, permissions: ['P71000', 'P72000'] },
    });

    refuse = true;
    await user.click(await save(drawer));
    const panel = within(drawer).getByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('权限设置无效');
  });

  it('edits no permission of the tenant’s administrator, who holds them all', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const drawer = await openDrawer(user, 'admin');
    await user.click(await within(drawer).findByRole('tab', { name: '直接权限' }));
    expect(within(drawer).getByText('租户管理员拥有全部权限，无需单独授权')).toBeInTheDocument();
    expect(within(drawer).queryByRole('combobox', { name: '直接权限' })).toBeNull();
  });

  it('shows the user each opening is on, in the page', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'PUT /administrator/user/privilege': () => fail('810106', '额度不能低于已使用的数量', 'screens'),
    });
    let drawer = await openDrawer(user, 'zhang');
    await user.click(await within(drawer).findByRole('tab', { name: '直接权限' }));
    expect(within(drawer).getByText('收件箱 (P71000)')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('tab', { name: '额度' }));
    // Typed and refused on A …
    await user.clear(quotaField(drawer, '组态画面数'));
    await user.type(quotaField(drawer, '组态画面数'), '5');
    await user.click(await save(drawer));
    expect(await within(drawer).findByText('额度不能低于已使用的数量')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    // … then B: B's values, none of A's typing or refusal.
    const row = screen.getByText('li', { selector: 'td' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '权限与额度' }));
    drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('li 的权限与额度')).toBeInTheDocument();
    expect(quotaField(drawer, '设备分享数')).toHaveValue('2');
    expect(quotaField(drawer, '组态画面数')).toHaveValue('');
    expect(quotaField(drawer, '图库空间')).toHaveValue('100');
    expect(within(drawer).queryByText('额度不能低于已使用的数量')).toBeNull();
    await user.click(within(drawer).getByRole('tab', { name: '直接权限' }));
    expect(within(drawer).getByText('个性化 (P81000)')).toBeInTheDocument();
    expect(within(drawer).queryByText('收件箱 (P71000)')).toBeNull();
  });

  it('reads in English', async () => {
    act(() => {
      setLanguage('en');
    });
    const user = userEvent.setup({ delay: null });
    renderPage({
      'GET /administrator/tenants': () =>
        ok({ ...TENANTS, items: TENANTS.items.map((t) => ({ ...t, name: `Tenant ${String(t.id)}` })) }),
      'GET /administrator/users': () =>
        ok({ ...USERS, items: USERS.items.map((u) => ({ ...u, nick_name: '', role_name: 'Operator' })) }),
      'GET /administrator/user/privilege': (config) => {
        const view = VIEWS[(config.params as { user_id: number }).user_id]!;
        return ok({ ...view, tenant_name: 'Tenant 1', role_name: 'Operator' });
      },
    });
    expect(await screen.findByText('Choose a tenant on the left to see its users')).toBeInTheDocument();
    await user.click(await screen.findByText('Tenant 1'));
    expect(await screen.findByText('Users of Tenant 1')).toBeInTheDocument();
    expect(await screen.findByText('Locked')).toBeInTheDocument();
    const row = screen.getByText('zhang', { selector: 'td' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Permissions and quotas' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Permissions and quotas of zhang')).toBeInTheDocument();
    expect(quotaField(drawer, 'Configuration screens')).toHaveValue('40');
    expect(within(drawer).getByText('Used 8 · ceiling now 40 · in force 40')).toBeInTheDocument();
    const page = () => document.querySelector('.operator-frame')?.textContent ?? '';
    const inDrawer = () => drawer.textContent;
    expect(page()).not.toMatch(/[\u4e00-\u9fff]/);
    expect(inDrawer()).not.toMatch(/[\u4e00-\u9fff]/);
    await user.click(within(drawer).getByRole('tab', { name: 'Direct permissions' }));
    expect(within(drawer).getByText('Inbox (P71000)')).toBeInTheDocument();
    expect(inDrawer()).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('works on a phone: one column, the drawer across the screen', async () => {
    setScreenWidth(390);
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(document.querySelector('.operator-frame__sider')).toBeNull();
    const drawer = await openDrawer(user, 'zhang');
    expect(await within(drawer).findByText('zhang 的权限与额度')).toBeInTheDocument();
    expect(quotaField(drawer, '设备分享数')).toHaveValue('12');
    const wrapper = drawer.closest<HTMLElement>('.ant-drawer-content-wrapper')!;
    expect(wrapper.style.width).toBe('100%');
  });
});

describe('PrivilegeDrawer', () => {
  it('shows its own user at each opening: A, then B, then A', () => {
    mockApi({
      'GET /administrator/user/privilege': (config) =>
        ok(VIEWS[(config.params as { user_id: number }).user_id]),
    });
    // The views are known already (as after the first opening of each), so each opening shows them at once.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    for (const view of Object.values(VIEWS)) client.setQueryData(operatorKeys.privilege(view.user_id), view);
    const values = (v: UserPrivilege) => QUOTA_NAMES.map((n) => (v.granted[n] ?? '').toString());
    expectEachOpeningShowsItsOwn(
      (view: UserPrivilege, open) => (
        <PrivilegeDrawer open={open} userId={view.user_id} onClose={() => undefined} />
      ),
      [VIEWS[11]!, VIEWS[12]!, VIEWS[11]!],
      values,
      { numbers: true, client },
    );
  });
});
