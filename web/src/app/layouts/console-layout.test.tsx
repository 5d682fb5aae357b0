import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { CustomMenus } from '@/lib/custom-menus/types';
import { setCustomPage } from '@/lib/session';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { filterRoutes } from '../guard';
import { guardedRoutes } from '../routes';
import { ConsoleLayout } from './console-layout';

const PERMS = ['P00000', 'P30000', 'P31000', 'P34000'];
// The setup's stand-in (every query false), put back after each test.
const setupMatchMedia = Object.getOwnPropertyDescriptor(window, 'matchMedia');

/** A window `width` px wide, as antd's breakpoints ask it: `(min-width: Npx)` and `(max-width: Npx)` queries. */
function resizeTo(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
    },
  });
}

function renderConsole() {
  return renderRoutes(
    [
      {
        path: '/',
        element: <ConsoleLayout />,
        children: [
          { path: 'index', element: <p>home page</p> },
          { path: 'device/devgroup', element: <p>device list</p> },
          { path: 'dashboard/view', element: <p>dashboard view</p> },
          { path: 'customPage/view/:id', element: <p>framed page</p> },
        ],
      },
    ],
    { initialEntries: ['/index'] },
  );
}

beforeEach(() => {
  signInAs(PERMS, { name: 'admin', allowedRoutes: filterRoutes(guardedRoutes, new Set(PERMS)) });
  mockApi({
    'GET /yun/user/heart': () => ok({ server_time: Date.now(), expires_at: Date.now() + 3_600_000 }),
  });
});

afterEach(() => {
  if (setupMatchMedia) Object.defineProperty(window, 'matchMedia', setupMatchMedia);
});

describe('console layout', () => {
  it('keeps the sidebar inline from the md breakpoint up', async () => {
    resizeTo(1024);
    renderConsole();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(document.querySelector('aside.console__sider')).not.toBeNull();
    expect(screen.getByRole('button', { name: '收起菜单' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打开菜单' })).not.toBeInTheDocument();
    // The header has room for the user's name and the language's.
    expect(screen.getByRole('button', { name: '用户菜单' })).toHaveTextContent('admin');
    expect(screen.getByRole('button', { name: '切换语言' })).toHaveTextContent('中文');
  });

  it('puts the menu in a drawer on a phone, closed again once a page is picked', async () => {
    resizeTo(390);
    const { router } = renderConsole();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(document.querySelector('aside.console__sider')).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /设备分组/ })).not.toBeInTheDocument();
    // One row: icons only, the user's name in the menu.
    expect(screen.getByRole('button', { name: '用户菜单' })).not.toHaveTextContent('admin');
    expect(screen.getByRole('button', { name: '切换语言' })).not.toHaveTextContent('中文');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog', { name: '菜单' });
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
    await user.click(within(drawer).getByRole('menuitem', { name: /设备管理/ }));
    await user.click(await within(drawer).findByRole('menuitem', { name: /设备分组/ }));

    expect(await screen.findByText('device list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/device/devgroup');
    // The drawer is closed: it drops its open state at once (its closing motion, which jsdom ends only by a timer a
    // busy machine may hold for many seconds, is antd's own and not waited for).
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    expect(document.querySelector('.ant-drawer')).not.toBeNull();
  });
});

const entry = (id: string, name: string, over: Partial<CustomMenus['side'][number]> = {}) => ({
  id,
  name,
  kind: 'page' as const,
  url: 'https://example.com/',
  dashboard_id: null,
  icon: null,
  children: [],
  ...over,
});

/** The menus GET /yun/customPage answered (as the guard stores them before permissions). */
const MENUS: CustomMenus = {
  sidebar_title: '工厂页面',
  top_bar_title: '快捷入口',
  side: [
    entry('board', '厂区大屏', { kind: 'dashboard', url: '', dashboard_id: 5 }),
    entry('g', '外部系统', {
      kind: 'group',
      url: '',
      children: [
        {
          id: 'mes',
          name: 'MES',
          kind: 'page',
          url: 'https://mes.example.com/',
          dashboard_id: null,
          icon: null,
        },
      ],
    }),
  ],
  top: [entry('help', '帮助中心', { url: 'https://help.example.com/' })],
};

describe('the tenant custom menus', () => {
  beforeEach(() => {
    setCustomPage({ custom_page_name: '工厂页面', custom_page_json: MENUS, version: 2 });
  });

  it('lists the sidebar entries under its title, and a dashboard entry opens the dashboard', async () => {
    resizeTo(1024);
    const { router } = renderConsole();
    expect(await screen.findByText('工厂页面')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('menuitem', { name: /厂区大屏/ }));
    expect(await screen.findByText('dashboard view')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard/view?id=5');
    // The entry of the page shown is highlighted.
    expect(screen.getByRole('menuitem', { name: /厂区大屏/ })).toHaveClass('ant-menu-item-selected');
    // A group opens its entries; a framed page's entry opens its page under /customPage/view.
    await user.click(screen.getByRole('menuitem', { name: /外部系统/ }));
    await user.click(await screen.findByRole('menuitem', { name: /MES/ }));
    expect(await screen.findByText('framed page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customPage/view/mes');
  });

  it('shows the top bar entries in the header on a desktop', async () => {
    resizeTo(1024);
    const { router } = renderConsole();
    const nav = await screen.findByRole('navigation', { name: '快捷入口' });
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('menuitem', { name: /帮助中心/ }));
    expect(router.state.location.pathname).toBe('/customPage/view/help');
  });

  it('puts the top bar entries in the phone drawer under the top bar title', async () => {
    resizeTo(390);
    renderConsole();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '快捷入口' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog', { name: '菜单' });
    expect(within(drawer).getByText('快捷入口')).toBeInTheDocument();
    expect(within(drawer).getByRole('menuitem', { name: /帮助中心/ })).toBeInTheDocument();
    expect(within(drawer).getByRole('menuitem', { name: /厂区大屏/ })).toBeInTheDocument();
  });

  it('shows nothing of its own without a configuration', async () => {
    setCustomPage({ custom_page_name: '', custom_page_json: null, version: 0 });
    resizeTo(1024);
    renderConsole();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.queryByText('工厂页面')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '快捷入口' })).not.toBeInTheDocument();
  });
});
