// The operators' audit: who did what to which tenant and target, the state before and after, the result; filtered by
// action (back to the first page), paged by the server, empty, and in English.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { RequestConfig } from '@/lib/http';
import { setLanguage } from '@/lib/session';
import { formatTime } from '@/lib/telemetry/format';
import { mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { AuditRow, Paged } from '../api/operator';
import { clearOperatorSession, setOperatorSession } from '../lib/session';
import OperatorAuditPage from './audit';

type User = ReturnType<typeof userEvent.setup>;

const NOW = Date.UTC(2026, 11, 1, 2, 0, 0);

/** One record as GET /administrator/audit answers it (operations/service.py `audit_log`). */
function row(over: Partial<AuditRow> = {}): AuditRow {
  return {
    id: 1,
    operator_id: 1,
    operator_name: 'ops',
    action: 'user_quotas',
    tenant_id: 1,
    tenant_name: '北方能源',
    target_kind: 'user',
    target_id: 11,
    target_name: 'zhang',
    before: { granted: { screens: 40 } },
    after: { granted: { screens: 60 } },
    result: 'ok',
    client_ip: '10.0.0.8',
    created_at: NOW,
    ...over,
  };
}

const ROWS: AuditRow[] = [
  row(),
  row({
    id: 2,
    action: 'vpn_reset',
    target_kind: 'device',
    target_id: 7,
    target_name: 'IG5020230001',
    before: { vpn_state: false, vpn_ip: '' },
    after: { error: 'timeout' },
    result: 'failed',
    created_at: NOW - 60_000,
  }),
  row({
    id: 3,
    operator_name: 'night',
    action: 'user_permissions',
    before: { direct_permissions: [] },
    after: { direct_permissions: ['P99999'] },
    result: 'refused',
    created_at: NOW - 120_000,
  }),
  row({
    id: 4,
    action: 'login',
    tenant_id: null,
    tenant_name: '',
    target_kind: 'operator',
    target_id: 1,
    target_name: 'ops',
    before: null,
    after: null,
    created_at: NOW - 180_000,
  }),
];

function page(items: AuditRow[], total = items.length, n = 1): Paged<AuditRow> {
  return { items, total, page: n, page_size: 20 };
}

function renderPage(handlers: Record<string, Handler> = {}) {
  const calls = mockApi({ 'GET /administrator/audit': () => ok(page(ROWS)), ...handlers });
  renderRoutes(
    [
      { path: '/operator/audit', Component: OperatorAuditPage },
      { path: '/operator/login', element: <div>operator sign-in</div> },
    ],
    { initialEntries: ['/operator/audit'] },
  );
  return calls;
}

const auditCalls = (calls: RequestConfig[]) =>
  calls.filter((c) => c.url === '/administrator/audit').map((c) => c.params);

/** The table's rows as their cells' texts. */
function rows(): string[][] {
  const table = document.querySelector<HTMLElement>('.ant-table')!;
  return Array.from(table.querySelectorAll<HTMLElement>('tbody > tr.ant-table-row'), (row) =>
    Array.from(row.querySelectorAll('td'), (cell) => cell.textContent),
  );
}

async function chooseAction(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: '操作' }));
  const options = await screen.findAllByTitle(label);
  await user.click(options.find((el) => el.classList.contains('ant-select-item-option')) ?? options[0]!);
}

beforeEach(() => {
  setOperatorSession({
    token: 'op-token',
    operator: {
      id: 1,
      user_name: 'ops',
      display_name: '',
      scopes: [],
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
  act(() => {
    setLanguage('zh');
  });
});

// Each test drives antd's forms, tables and pickers through many renders: on a loaded 2-core machine one can take
// longer than the suite's 20 s default without anything being wrong.
const HEAVY_TEST_MS = 60_000;

describe('OperatorAuditPage', { timeout: HEAVY_TEST_MS }, () => {
  it('lists who did what, to what, before and after, and how it ended', async () => {
    const calls = renderPage();
    await screen.findByText('修改额度');
    expect(rows()).toEqual([
      [
        formatTime(NOW),
        'ops',
        '修改额度',
        '北方能源 / zhang',
        '{"granted":{"screens":40}}',
        '{"granted":{"screens":60}}',
        '成功',
      ],
      [
        formatTime(NOW - 60_000),
        'ops',
        '重置 VPN',
        '北方能源 / IG5020230001',
        '{"vpn_state":false,"vpn_ip":""}',
        '{"error":"timeout"}',
        '失败',
      ],
      [
        formatTime(NOW - 120_000),
        'night',
        '修改权限',
        '北方能源 / zhang',
        '{"direct_permissions":[]}',
        '{"direct_permissions":["P99999"]}',
        '已拒绝',
      ],
      [formatTime(NOW - 180_000), 'ops', '登录', 'ops', '-', '-', '成功'],
    ]);
    expect(auditCalls(calls)[0]).toEqual({ page: 1, page_size: 20, action: '' });
    expect(calls[0]?.headers['X-Token']).toBe('op-token');
    // A refusal or failure stands out from what was done.
    expect(screen.getByText('失败').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(screen.getAllByText('成功', { selector: '.ant-tag' })[0]).toHaveClass('ant-tag-green');
  });

  it('filters by action, from the first page again', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage({
      'GET /administrator/audit': (config) => {
        const { page: n, action } = config.params as { page: number; action: string };
        if (action === 'vpn_reset') return ok(page([ROWS[1]!], 1));
        return ok(page(n === 1 ? ROWS : [row({ id: 21, action: 'logout', target_name: 'night' })], 24, n));
      },
    });
    await screen.findByText('修改额度');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({ page: 2, page_size: 20, action: '' });
    });
    await chooseAction(user, '重置 VPN');
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({ page: 1, page_size: 20, action: 'vpn_reset' });
    });
    await waitFor(() => {
      expect(rows().map((r) => r[2])).toEqual(['重置 VPN']);
    });
    // All actions again.
    await chooseAction(user, '全部操作');
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({ page: 1, page_size: 20, action: '' });
    });
  });

  it('narrows to an operator or a tenant picked from a record, and to the chosen days', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage();
    await screen.findByText('修改额度');
    await user.click(screen.getAllByTitle('只看 ops 的操作')[0]!);
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({ page: 1, page_size: 20, action: '', operator_id: 1 });
    });
    expect(screen.getByText('运维人员：ops')).toBeInTheDocument();
    await user.click(screen.getAllByTitle('只看租户 北方能源')[0]!);
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({
        page: 1,
        page_size: 20,
        action: '',
        operator_id: 1,
        tenant_id: 1,
      });
    });
    // The operator's filter cleared; the tenant's stays.
    await user.click(screen.getByLabelText('清除筛选：ops'));
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({ page: 1, page_size: 20, action: '', tenant_id: 1 });
    });
    expect(screen.queryByText('运维人员：ops')).toBeNull();
    await user.click(screen.getByLabelText('清除筛选：北方能源'));
    // Days: from the first day's start to the end of the last.
    await user.click(screen.getByPlaceholderText('开始日期'));
    await user.type(screen.getByPlaceholderText('开始日期'), '2026-11-01{enter}');
    await user.type(screen.getByPlaceholderText('结束日期'), '2026-11-03{enter}');
    await waitFor(() => {
      expect(auditCalls(calls).at(-1)).toEqual({
        page: 1,
        page_size: 20,
        action: '',
        start: new Date(2026, 10, 1).getTime(),
        end: new Date(2026, 10, 4).getTime(),
      });
    });
  });

  it('pages through the records the server counts', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage({
      'GET /administrator/audit': (config) => {
        const n = (config.params as { page: number }).page;
        return ok(n === 1 ? page(ROWS, 45) : page([row({ id: 30 + n, action: 'logout' })], 45, n));
      },
    });
    await screen.findByText('修改额度');
    // 45 records, 20 a page: three pages.
    expect(screen.getByRole('listitem', { name: '3' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: '4' })).toBeNull();
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => {
      expect(rows().map((r) => r[2])).toEqual(['退出']);
    });
    expect(auditCalls(calls).at(-1)).toEqual({ page: 3, page_size: 20, action: '' });
  });

  it('says so when nothing was recorded', async () => {
    renderPage({ 'GET /administrator/audit': () => ok(page([])) });
    expect(await screen.findByText('暂无审计记录')).toBeInTheDocument();
  });

  it('shows an action it does not know by its name', async () => {
    renderPage({ 'GET /administrator/audit': () => ok(page([row({ action: 'operator_export' })])) });
    expect(await screen.findByText('operator_export')).toBeInTheDocument();
  });

  it('reads in English', async () => {
    act(() => {
      setLanguage('en');
    });
    const user = userEvent.setup({ delay: null });
    renderPage({
      'GET /administrator/audit': () =>
        ok(page(ROWS.map((r) => ({ ...r, tenant_name: r.tenant_name ? 'North Energy' : '' })))),
    });
    expect(await screen.findByText('Quotas changed')).toBeInTheDocument();
    expect(rows().map((r) => [r[2], r[6]])).toEqual([
      ['Quotas changed', 'Done'],
      ['VPN reset', 'Failed'],
      ['Permissions changed', 'Refused'],
      ['Sign in', 'Done'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Before' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    expect(await screen.findAllByTitle('Quotas changed')).not.toHaveLength(0);
    expect(document.querySelector('.operator-frame')?.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect(document.querySelector('.ant-select-dropdown')?.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
