// The custom page configuration screen: the tree of entries added in the drawer with translated refusals, moved,
// deleted after a confirmation, saved whole against the version loaded, a conflict offered to reload; the drawer
// shows each opening its own entry.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { CustomPageConfigOut } from '@/lib/custom-menus/types';
import { sessionStore } from '@/lib/session';
import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { EntryDrawer } from '../components/entry-drawer';
import type { DraftChild } from '../lib/editor-model';
import CustomPagePage from './custom-page';

const ROLES = [
  { id: 1, name: 'administrator', code: 'administrator' },
  { id: 4, name: '运维', code: 'r4' },
];

const page = (id: string, name: string, url = 'https://example.com/'): DraftChild => ({
  id,
  name,
  kind: 'page',
  url,
  dashboard_id: null,
  icon: null,
  visibility: 'all',
  role_ids: [],
});

function config(over: Partial<CustomPageConfigOut> = {}): CustomPageConfigOut {
  return {
    version: 3,
    updated_at: 1,
    roles: ROLES,
    document: {
      sidebar_title: '我的页面',
      top_bar_title: '快捷入口',
      side: [
        { ...page('a', '甲'), children: [] },
        { ...page('b', '乙', '/device/devgroup'), children: [] },
      ],
      top: [],
    },
    ...over,
  };
}

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/customPage/config': () => ok(config()),
    'GET /yun/dashboard': () => ok([{ id: 9, name: '厂区总览' }]),
    'GET /yun/customPage': () => ok({ custom_page_name: '我的页面', custom_page_json: null, version: 4 }),
    ...over,
  };
}

function renderPage() {
  return renderRoutes([{ path: '/customPage', element: <CustomPagePage /> }], {
    initialEntries: ['/customPage'],
  });
}

const side = () => screen.getByRole('list', { name: '侧边栏菜单' });
const names = () =>
  within(side())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.cp-entry__name')?.textContent)
    .filter(Boolean);
const drawer = async () => {
  const title = await screen.findByText(/^(添加菜单|编辑菜单)$/, { selector: '.ant-drawer-title' });
  const found = title.closest<HTMLElement>('[role="dialog"]');
  if (!found) throw new Error('no drawer');
  return found;
};

/** Replaces a field's text at once (typing a long address key by key is slow on a busy machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

beforeEach(() => {
  signInAs(['P00000', 'P90000', 'P20000']);
});

describe('custom page configuration', () => {
  it('shows the loaded configuration as a tree with its titles', async () => {
    mockApi(handlers());
    renderPage();
    expect(await screen.findByDisplayValue('我的页面')).toBeInTheDocument();
    expect(screen.getByDisplayValue('快捷入口')).toBeInTheDocument();
    expect(names()).toEqual(['甲', '乙']);
    expect(within(side()).getByText('内嵌网页 · example.com')).toBeInTheDocument();
    expect(within(side()).getByText('/device/devgroup')).toBeInTheDocument();
    expect(screen.getByText('顶部栏还没有自定义菜单')).toBeInTheDocument();
  });

  it('adds an entry through the drawer, refusing what the server refuses with translated messages', async () => {
    const user = userEvent.setup();
    mockApi(handlers());
    renderPage();
    await screen.findByDisplayValue('我的页面');
    const [addSide] = screen.getAllByRole('button', { name: /添加菜单/ });
    await user.click(addSide!);
    const form = await drawer();
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('菜单名称须为 1 到 15 个字符')).toBeInTheDocument();
    expect(
      within(form).getByText('请输入以 http:// 或 https:// 开头的网址，或以 / 开头的控制台地址'),
    ).toBeInTheDocument();
    await fill(user, within(form).getByLabelText('菜单名称'), '甲');
    await fill(user, within(form).getByLabelText('页面地址'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('菜单名称不能与其他菜单重复')).toBeInTheDocument();
    expect(
      within(form).getByText('请输入以 http:// 或 https:// 开头的网址，或以 / 开头的控制台地址'),
    ).toBeInTheDocument();
    await fill(user, within(form).getByLabelText('菜单名称'), '丙');
    await fill(user, within(form).getByLabelText('页面地址'), 'https://kanban.example.com/');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => {
      expect(names()).toEqual(['甲', '乙', '丙']);
    });
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  }, 60_000); // a bound for a stall only: three submissions of a drawer on a loaded machine

  it('moves entries up and down, and deletes one after a confirmation', async () => {
    const user = userEvent.setup();
    mockApi(handlers());
    renderPage();
    await screen.findByDisplayValue('我的页面');
    expect(screen.getByRole('button', { name: '上移「甲」' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '下移「甲」' }));
    expect(names()).toEqual(['乙', '甲']);
    await user.click(screen.getByRole('button', { name: '上移「甲」' }));
    expect(names()).toEqual(['甲', '乙']);
    await user.click(screen.getByRole('button', { name: '删除「乙」' }));
    // Nothing is deleted before the confirmation.
    expect(names()).toEqual(['甲', '乙']);
    const confirm = await screen.findByText('删除菜单「乙」？');
    const pop = confirm.closest<HTMLElement>('.ant-popover')!;
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => {
      expect(names()).toEqual(['甲']);
    });
  }, 60_000); // a bound for a stall only

  it('saves the whole document against the version loaded, and refreshes the menus', async () => {
    const user = userEvent.setup();
    let saved: unknown = null;
    const calls = mockApi(
      handlers({
        'PUT /yun/customPage': (c) => {
          saved = bodyOf(c);
          return ok(config({ version: 4 }));
        },
      }),
    );
    renderPage();
    await screen.findByDisplayValue('我的页面');
    await user.click(screen.getByRole('button', { name: '下移「甲」' }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(saved).not.toBeNull();
    });
    expect(saved).toMatchObject({
      version: 3,
      document: { sidebar_title: '我的页面', side: [{ id: 'b' }, { id: 'a' }] },
    });
    await waitFor(() => {
      expect(sessionStore.getState().customPage?.version).toBe(4);
    });
    expect(calls.map((c) => `${c.method.toUpperCase()} ${c.url}`)).toContain('GET /yun/customPage');
  });

  it('does not save a document the server would refuse: the problems show on their entries', async () => {
    const user = userEvent.setup();
    const calls = mockApi(handlers());
    renderPage();
    const title = await screen.findByDisplayValue('我的页面');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入侧边栏标题')).toBeInTheDocument();
    expect(calls.some((c) => c.method.toUpperCase() === 'PUT')).toBe(false);
  });

  it('offers to load the latest configuration when someone saved meanwhile', async () => {
    const user = userEvent.setup();
    let version = 3;
    mockApi(
      handlers({
        'GET /yun/customPage/config': () => ok(config({ version })),
        'PUT /yun/customPage': () => fail('100023', '数据已被他人修改，请刷新后重试', 'version'),
      }),
    );
    renderPage();
    await screen.findByDisplayValue('我的页面');
    await user.click(screen.getByRole('button', { name: '下移「甲」' }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('配置已被他人修改')).toBeInTheDocument();
    version = 5;
    await user.click(screen.getByRole('button', { name: '加载最新配置' }));
    await waitFor(() => {
      expect(screen.queryByText('配置已被他人修改')).not.toBeInTheDocument();
    });
    expect(names()).toEqual(['甲', '乙']);
  });

  it('shows a server refusal on the entry it names', async () => {
    const user = userEvent.setup();
    mockApi(
      handlers({
        'PUT /yun/customPage': () => fail('118001', '看板不存在', 'document.side.1.dashboard_id'),
      }),
    );
    renderPage();
    await screen.findByDisplayValue('我的页面');
    await user.click(screen.getByRole('button', { name: '下移「甲」' }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    const row = await screen.findByTestId('entry-a');
    expect(await within(row).findByText('看板不存在')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    mockApi(handlers({ 'GET /yun/customPage/config': () => fail('100003', '服务繁忙') }));
    renderPage();
    expect(await screen.findByText('无法加载自定义页面配置')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});

describe('the entry drawer', () => {
  it('shows each opening its own entry', () => {
    mockApi(handlers());
    expectEachOpeningShowsItsOwn<DraftChild | null>(
      (entry, open) => (
        <EntryDrawer
          open={open}
          entry={entry}
          newId="new"
          firstLevel
          holdsEntries={false}
          takenNames={new Set()}
          roles={[]}
          dashboards={[]}
          dashboardsAllowed
          consolePages={[]}
          onSave={() => undefined}
          onClose={() => undefined}
        />
      ),
      [page('a', '甲', 'https://a.example.com/'), page('b', '乙', '/index'), null],
      // The address is a combobox (its console pages offered), the name the one text field.
      (entry) => [entry?.name ?? ''],
    );
  });
});
