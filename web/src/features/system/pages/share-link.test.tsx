import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ShareLinkOut } from '@/lib/share-links/api';
import { forgetShareLinkTokens } from '@/lib/share-links/known-urls';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import ShareLinkPage from './share-link';

function link(over: Partial<ShareLinkOut> = {}): ShareLinkOut {
  return {
    id: 7,
    link_type: 1,
    permission: 2,
    devices: [{ id: 12, name: '一号泵站', sn: 'IOT0000012', available: true }],
    expire_at: null,
    access_limit: 50,
    use_count: 3,
    note: '给维保商',
    use_state: 1,
    state: 'active',
    token: null,
    created_at: Date.UTC(2026, 10, 1, 8, 0),
    ...over,
  };
}

const LINKS = [
  link(),
  link({
    id: 8,
    permission: 1,
    devices: [{ id: 13, name: '二号泵站', sn: 'IOT0000013', available: true }],
    access_limit: null,
    use_count: 9,
    note: '',
    use_state: 0,
    state: 'disabled',
    token: null,
  }),
];

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/components/share': () => ok({ items: LINKS, total: 2, page: 1, page_size: 20 }),
    'GET /dev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
    ...over,
  };
}

function renderPage(search = '') {
  return renderRoutes([{ path: '/system/shareLink', element: <ShareLinkPage /> }], {
    initialEntries: [`/system/shareLink${search}`],
  });
}

/** The open dialog whose title is `title` (antd's ids are not unique in tests: its name cannot be asked). */
const dialogTitled = async (title: string) => {
  const [heading] = await screen.findAllByText(title, {
    selector: '.ant-modal-title, .ant-modal-confirm-title',
  });
  const dialog = heading?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
};

const rowOf = async (text: string) => {
  const cell = await screen.findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

beforeEach(() => {
  forgetShareLinkTokens();
  signInAs(['P80000', 'P82000']);
  resetScreenWidth();
});

describe('ShareLinkPage', () => {
  it('lists the links with their devices, permission, opens, note and state', async () => {
    mockApi(handlers());
    renderPage();
    const first = await rowOf('一号泵站');
    expect(within(first).getByText('可控制')).toBeInTheDocument();
    expect(within(first).getByText('永不过期')).toBeInTheDocument();
    expect(within(first).getByText('3 / 50')).toBeInTheDocument();
    expect(within(first).getByText('给维保商')).toBeInTheDocument();
    expect(within(first).getByText('有效')).toBeInTheDocument();
    const second = await rowOf('二号泵站');
    expect(within(second).getByText('只读')).toBeInTheDocument();
    expect(within(second).getByText('9 / 不限')).toBeInTheDocument();
    expect(within(second).getByText('已停用')).toBeInTheDocument();
  });

  it('searches and filters by state through the list’s query', async () => {
    const user = userEvent.setup();
    const calls = mockApi(handlers());
    const { router } = renderPage();
    await rowOf('一号泵站');
    await user.type(screen.getByRole('searchbox', { name: '搜索备注或设备' }), '维保{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('keyword='));
    await user.click(screen.getByRole('combobox', { name: '启用状态' }));
    await user.click(await screen.findByTitle('已停用'));
    await waitFor(() => expect(router.state.location.search).toContain('use_state=0'));
    await waitFor(() =>
      expect(calls.at(-1)?.params).toMatchObject({ keyword: '维保', use_state: 0, page: 1 }),
    );
  });

  it('says when there is no link yet', async () => {
    mockApi(
      handlers({ 'GET /yun/components/share': () => ok({ items: [], total: 0, page: 1, page_size: 20 }) }),
    );
    renderPage();
    expect(await screen.findByText('还没有分享链接')).toBeInTheDocument();
  });

  it('shows a failed list with a retry', async () => {
    mockApi(handlers({ 'GET /yun/components/share': () => fail('100003', '服务异常') }));
    renderPage();
    expect(await screen.findByText('分享链接加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重试/ })).toBeInTheDocument();
  });

  it('shows a device no longer available as gone, without its name', async () => {
    const gone = link({ id: 9, devices: [{ id: 30, name: '', sn: '', available: false }], note: '失效设备' });
    mockApi(
      handlers({
        'GET /yun/components/share': () => ok({ items: [gone], total: 1, page: 1, page_size: 20 }),
      }),
    );
    renderPage();
    const row = await rowOf('失效设备');
    expect(within(row).getByText('设备已不可用')).toBeInTheDocument();
  });

  it('shows the address of a link reset in this tab in its row, with a copy button (issue 30 point 7)', async () => {
    const user = userEvent.setup();
    mockApi(handlers({ 'POST /yun/components/share/reset': () => ok(link({ token: 'tok-row' })) }));
    renderPage();
    const row = await rowOf('一号泵站');
    // The server keeps only the token's hash: a link not made or reset here says how to get its address.
    expect(within(row).getByText('仅在创建或重置时显示')).toBeInTheDocument();
    await user.click(within(row).getByText('重置链接'));
    await user.click(
      within(await dialogTitled('重置这个分享链接的地址？')).getByRole('button', { name: '重置链接' }),
    );
    const shown = await dialogTitled('分享链接已重置');
    await user.click(within(shown).getByRole('button', { name: /完\s*成/ }));
    const url = `${window.location.origin}/iotyun/share-cfg?token=tok-row`;
    const cell = await within(await rowOf('一号泵站')).findByText(url);
    expect(cell).toHaveClass('share-links-address');
    await user.click(within(cell.closest('td')!).getByRole('button', { name: '复制链接' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
    // The other link, never given here, still has none.
    expect(within(await rowOf('二号泵站')).getByText('仅在创建或重置时显示')).toBeInTheDocument();
  }, 60_000); // a bound for a stall only

  it('resets its address after confirming', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const reset: unknown[] = [];
    mockApi(
      handlers({
        'POST /yun/components/share/reset': (config) => {
          reset.push(bodyOf(config));
          return ok(link({ token: 'tok-new' }));
        },
      }),
    );
    renderPage();
    const row = await rowOf('一号泵站');
    await user.click(within(row).getByText('重置链接'));
    const confirm = await dialogTitled('重置这个分享链接的地址？');
    await user.click(within(confirm).getByRole('button', { name: '重置链接' }));
    await waitFor(() => expect(reset).toEqual([{ id: 7 }]));
    const shown = await dialogTitled('分享链接已重置');
    const url = `${window.location.origin}/iotyun/share-cfg?token=tok-new`;
    expect(within(shown).getByRole('textbox', { name: '链接地址' })).toHaveValue(url);
    expect(within(shown).getByText(/不会再给出它/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: /复\s*制/ }));
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
    await user.click(within(shown).getByRole('button', { name: '打开链接' }));
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener');
    open.mockRestore();
  });

  it('shows a new link’s address once, right after creating it', async () => {
    const user = userEvent.setup();
    mockApi(
      handlers({
        'GET /dev': () =>
          ok({
            items: [{ id: 12, sn_code: 'IOT0000012', alias: '一号泵站', registered: true, dev_state: 1 }],
            total: 1,
            page: 1,
            page_size: 200,
          }),
        'POST /yun/components/share': () => ok(link({ id: 11, token: 'tok-once' })),
      }),
    );
    renderPage();
    await rowOf('一号泵站');
    await user.click(screen.getByRole('button', { name: /新建分享链接/ }));
    const dialog = await dialogTitled('新建分享链接');
    await user.click(within(dialog).getByRole('combobox', { name: '设备' }));
    await user.click(await screen.findByTitle('一号泵站 (IOT0000012)'));
    await user.click(within(dialog).getByRole('button', { name: '创建链接' }));
    const shown = await dialogTitled('分享链接已创建');
    const url = `${window.location.origin}/iotyun/share-cfg?token=tok-once`;
    expect(within(shown).getByRole('textbox', { name: '链接地址' })).toHaveValue(url);
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
  });

  it('revokes a link after confirming, and enables a revoked one', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi(
      handlers({
        'PUT /yun/components/share': (config) => {
          sent.push(bodyOf(config));
          return ok(link());
        },
      }),
    );
    renderPage();
    await user.click(within(await rowOf('一号泵站')).getByRole('button', { name: '更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '停用' }));
    const confirm = await dialogTitled('停用这个分享链接？');
    await user.click(within(confirm).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(sent).toEqual([{ id: 7, use_state: 0 }]));
    await user.click(within(await rowOf('二号泵站')).getByRole('button', { name: '更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '启用' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { id: 7, use_state: 0 },
        { id: 8, use_state: 1 },
      ]),
    );
  });

  it('deletes a link after confirming', async () => {
    const user = userEvent.setup();
    const deleted: unknown[] = [];
    mockApi(
      handlers({
        'DELETE /yun/components/share': (config) => {
          deleted.push(config.params);
          return ok(null);
        },
      }),
    );
    renderPage();
    await user.click(within(await rowOf('一号泵站')).getByRole('button', { name: '更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '删除' }));
    const confirm = await dialogTitled('删除这个分享链接？');
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(deleted).toEqual([{ id: 7 }]));
  });

  it('edits a link’s note, limit and enabled switch', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi(
      handlers({
        'PUT /yun/components/share': (config) => {
          sent.push(bodyOf(config));
          return ok(link());
        },
      }),
    );
    renderPage();
    await user.click(within(await rowOf('一号泵站')).getByText('编辑'));
    const dialog = await dialogTitled('编辑分享链接');
    const note = within(dialog).getByLabelText('备注');
    await user.clear(note);
    await user.type(note, '  新备注 ');
    await user.clear(within(dialog).getByLabelText('访问次数上限'));
    await user.click(within(dialog).getByRole('switch', { name: '启用' }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          id: 7,
          device_ids: [12],
          permission: 2,
          access_limit: null,
          note: '新备注',
          use_state: 0,
        },
      ]),
    );
  });

  it('keeps an expired link’s expiry when another field is edited (the server refuses a past one)', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const expired = link({ expire_at: Date.now() - 10 * 86_400_000, state: 'expired' });
    mockApi(
      handlers({
        'GET /yun/components/share': () => ok({ items: [expired], total: 1, page: 1, page_size: 20 }),
        'PUT /yun/components/share': (config) => {
          sent.push(bodyOf(config));
          return ok(expired);
        },
      }),
    );
    renderPage();
    await user.click(within(await rowOf('一号泵站')).getByText('编辑'));
    const dialog = await dialogTitled('编辑分享链接');
    await user.type(within(dialog).getByLabelText('备注'), '！');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('expire_at');
    expect(sent[0]).toMatchObject({ id: 7, note: '给维保商！' });
  });

  it('asks for a device before creating a link, and offers no enabled switch on a new one', async () => {
    const user = userEvent.setup();
    mockApi(handlers());
    renderPage();
    await rowOf('一号泵站');
    await user.click(screen.getByRole('button', { name: /新建分享链接/ }));
    const dialog = await dialogTitled('新建分享链接');
    expect(within(dialog).queryByRole('switch')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '创建链接' }));
    expect(await within(dialog).findByText('请至少选择一台设备')).toBeInTheDocument();
  });

  it('shows each link as a card on a phone', async () => {
    setScreenWidth(390);
    mockApi(handlers());
    renderPage();
    expect(await screen.findByText('一号泵站')).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
  });

  describe('sector links', () => {
    const SECTOR_LINK = link({
      id: 31,
      link_type: 3,
      permission: 1,
      devices: [],
      sector: { id: 5, name: '生产运营', available: true },
      device_id: null,
      group_id: 4,
      note: '指挥中心',
    });
    const GONE_SECTOR = link({
      id: 32,
      link_type: 3,
      permission: 1,
      devices: [],
      sector: { id: 6, name: '', available: false },
      note: '旧板块',
    });
    const withSectors = (over: Record<string, Handler> = {}) =>
      handlers({
        'GET /yun/components/share': () =>
          ok({ items: [...LINKS, SECTOR_LINK, GONE_SECTOR], total: 4, page: 1, page_size: 20 }),
        ...over,
      });

    it('lists them with their type and sector, or that the sector is gone', async () => {
      mockApi(withSectors());
      renderPage();
      const row = await rowOf('生产运营');
      expect(within(row).getByText('业务板块')).toHaveAttribute('data-link-type', '3');
      expect(within(row).getByText('指挥中心')).toBeInTheDocument();
      expect(within(row).getByText('只读')).toBeInTheDocument();
      const gone = await rowOf('旧板块');
      expect(within(gone).getByText('业务板块已不可用')).toBeInTheDocument();
      expect(within(gone).queryByText('生产运营')).toBeNull();
    });

    it('shows a reset sector link’s address at /detail', async () => {
      const user = userEvent.setup();
      mockApi(
        withSectors({
          'POST /yun/components/share/reset': () => ok({ ...SECTOR_LINK, token: 'tok-sector-new' }),
        }),
      );
      renderPage();
      await user.click(within(await rowOf('生产运营')).getByText('重置链接'));
      const confirm = await dialogTitled('重置这个分享链接的地址？');
      await user.click(within(confirm).getByRole('button', { name: '重置链接' }));
      const shown = await dialogTitled('分享链接已重置');
      const url = `${window.location.origin}/iotyun/detail?token=tok-sector-new`;
      expect(within(shown).getByRole('textbox', { name: '链接地址' })).toHaveValue(url);
      await user.click(within(shown).getByRole('button', { name: /完\s*成/ }));
      // The row shows the address this tab was given.
      expect(await within(await rowOf('生产运营')).findByText(url)).toBeInTheDocument();
    });

    it('edits where its trees start and its note, sending no devices or permission', async () => {
      const user = userEvent.setup();
      const sent: unknown[] = [];
      mockApi(
        withSectors({
          'GET /yun/dev/group': () => ok([{ id: 4, name: '空压站', is_default: false }]),
          'PUT /yun/components/share': (config) => {
            sent.push(bodyOf(config));
            return ok(SECTOR_LINK);
          },
        }),
      );
      renderPage();
      await user.click(within(await rowOf('生产运营')).getByText('编辑'));
      const dialog = await dialogTitled('编辑业务板块分享链接');
      expect(within(dialog).getByTestId('share-link-sector')).toHaveTextContent('生产运营');
      expect(within(dialog).queryByRole('radio', { name: '可控制' })).toBeNull();
      expect(within(dialog).queryByRole('combobox', { name: '设备' })).toBeNull();
      const note = within(dialog).getByLabelText('备注');
      await user.clear(note);
      await user.type(note, '大厅屏');
      await user.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        id: 31,
        device_id: null,
        group_id: 4,
        access_limit: 50,
        note: '大厅屏',
        use_state: 1,
      });
    });

    it('shows a gone sector in its edit dialog, and can still disable the link', async () => {
      const user = userEvent.setup();
      const sent: unknown[] = [];
      mockApi(
        withSectors({
          'PUT /yun/components/share': (config) => {
            sent.push(bodyOf(config));
            return ok({ ...GONE_SECTOR, use_state: 0, state: 'disabled' });
          },
        }),
      );
      renderPage();
      await user.click(within(await rowOf('旧板块')).getByText('编辑'));
      const dialog = await dialogTitled('编辑业务板块分享链接');
      expect(within(dialog).getByTestId('share-link-sector')).toHaveTextContent('业务板块已不可用');
      await user.click(within(dialog).getByRole('switch'));
      await user.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ id: 32, use_state: 0 });
    });
  });

  describe('dashboard links', () => {
    const DASHBOARD_LINK = link({
      id: 21,
      link_type: 2,
      permission: 1,
      devices: [],
      dashboard: { id: 11, name: '厂区总览', available: true },
      device_id: 12,
      group_id: null,
      note: '大厅屏',
    });
    const GONE_LINK = link({
      id: 22,
      link_type: 2,
      permission: 1,
      devices: [],
      dashboard: { id: 12, name: '', available: false },
      note: '旧看板',
    });
    const withDashboards = (over: Record<string, Handler> = {}) =>
      handlers({
        'GET /yun/components/share': () =>
          ok({ items: [...LINKS, DASHBOARD_LINK, GONE_LINK], total: 4, page: 1, page_size: 20 }),
        ...over,
      });

    it('lists them with their type and dashboard, or that the dashboard is gone', async () => {
      mockApi(withDashboards());
      renderPage();
      const row = await rowOf('厂区总览');
      expect(within(row).getByText('看板')).toBeInTheDocument();
      expect(within(row).getByText('大厅屏')).toBeInTheDocument();
      expect(within(await rowOf('一号泵站')).getByText('组态')).toBeInTheDocument();
      const gone = await rowOf('旧看板');
      expect(within(gone).getByText('看板已不可用')).toBeInTheDocument();
    });

    it('shows a reset dashboard link’s address at /share-db', async () => {
      const user = userEvent.setup();
      mockApi(
        withDashboards({
          'POST /yun/components/share/reset': () => ok({ ...DASHBOARD_LINK, token: 'tok-db-new' }),
        }),
      );
      renderPage();
      await user.click(within(await rowOf('厂区总览')).getByText('重置链接'));
      const confirm = await dialogTitled('重置这个分享链接的地址？');
      await user.click(within(confirm).getByRole('button', { name: '重置链接' }));
      const shown = await dialogTitled('分享链接已重置');
      expect(within(shown).getByRole('textbox', { name: '链接地址' })).toHaveValue(
        `${window.location.origin}/iotyun/share-db?token=tok-db-new`,
      );
    });

    it('edits where its trees start, sending no devices or permission', async () => {
      const user = userEvent.setup();
      const sent: unknown[] = [];
      mockApi(
        withDashboards({
          'GET /yun/dev/group': () => ok([{ id: 4, name: '空压站', is_default: false }]),
          'PUT /yun/components/share': (config) => {
            sent.push(bodyOf(config));
            return ok(DASHBOARD_LINK);
          },
        }),
      );
      renderPage();
      await user.click(within(await rowOf('厂区总览')).getByText('编辑'));
      const dialog = await dialogTitled('编辑看板分享链接');
      expect(within(dialog).getByTestId('share-link-dashboard')).toHaveTextContent('厂区总览');
      expect(within(dialog).queryByRole('radio', { name: '可控制' })).toBeNull();
      await user.click(within(dialog).getByRole('combobox', { name: '起始分组' }));
      await user.click(await screen.findByTitle('空压站'));
      await user.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        id: 21,
        device_id: 12,
        group_id: 4,
        access_limit: 50,
        note: '大厅屏',
        use_state: 1,
      });
    });
  });
});
