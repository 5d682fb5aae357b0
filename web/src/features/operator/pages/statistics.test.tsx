// Device statistics across tenants: the grouping switch, the registration range and the tenant as sent to
// GET /administrator/devices/statistics, a range refused on its field before it is sent (and the server's 810107 /
// 810108 shown there), the empty and failed states, English, and a phone's width.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { RequestConfig } from '@/lib/http';
import { setLanguage } from '@/lib/session';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import type { DeviceStatistics, GroupBy, Paged, TenantRow } from '../api/operator';
import { clearOperatorSession, setOperatorSession } from '../lib/session';
import OperatorStatisticsPage from './statistics';

type User = ReturnType<typeof userEvent.setup>;

const TENANTS: Paged<TenantRow> = {
  items: [
    { id: 1, name: '北方能源', code: 'north', created_at: 0, users: 4, devices: 9, online: 5 },
    { id: 2, name: '华东水务', code: 'east', created_at: 0, users: 2, devices: 3, online: 2 },
  ],
  total: 2,
  page: 1,
  page_size: 20,
};

/** What the server answers for each grouping (statistics/service.py: labels, `other` keyed ""). */
function statistics(by: GroupBy): DeviceStatistics {
  const head = { by, total: 12, online: 7, offline: 5, tenants: 2, other: null };
  switch (by) {
    case 'state':
      return {
        ...head,
        buckets: [
          { key: '1', label: 'online', total: 7, online: 7 },
          { key: '2', label: 'offline', total: 5, online: 0 },
        ],
      };
    case 'model':
      return {
        ...head,
        buckets: [
          { key: 'IG-502', label: 'IG-502', total: 6, online: 4 },
          { key: '', label: '', total: 3, online: 2 },
        ],
        other: { key: '', label: '', total: 3, online: 1 },
      };
    case 'version':
      return { ...head, buckets: [{ key: 'V2.1.0', label: 'V2.1.0', total: 12, online: 7 }] };
    case 'province':
      return { ...head, buckets: [{ key: '330000', label: '浙江省', total: 12, online: 7 }] };
    case 'tenant':
      return {
        ...head,
        buckets: [
          { key: '1', label: '北方能源', total: 9, online: 5 },
          { key: '2', label: '华东水务', total: 3, online: 2 },
        ],
      };
  }
}

function renderPage(handlers: Record<string, Handler> = {}) {
  const calls = mockApi({
    'GET /administrator/devices/statistics': (config) =>
      ok(statistics((config.params as { by: GroupBy }).by)),
    'GET /administrator/tenants': () => ok(TENANTS),
    ...handlers,
  });
  renderRoutes(
    [
      { path: '/operator/statistics', Component: OperatorStatisticsPage },
      { path: '/operator/login', element: <div>operator sign-in</div> },
    ],
    { initialEntries: ['/operator/statistics'] },
  );
  return calls;
}

const statCalls = (calls: RequestConfig[]) =>
  calls.filter((c) => c.url === '/administrator/devices/statistics').map((c) => c.params);

/** The rows of the groups' table: [label, total, online]. */
function rows(): string[][] {
  const table = document.querySelector<HTMLElement>('.ant-table')!;
  return Array.from(table.querySelectorAll<HTMLElement>('tbody > tr.ant-table-row'), (row) =>
    Array.from(row.querySelectorAll('td'), (cell) => cell.textContent).slice(0, 3),
  );
}

/** Enters a registration range in the picker as typed dates (each confirmed with Enter), as a user may. */
async function pickRange(
  user: User,
  from: string,
  to: string,
  [first, last] = ['注册开始日期', '注册结束日期'],
) {
  const start = screen.getByPlaceholderText(first);
  await user.click(start);
  fireEvent.change(start, { target: { value: from } });
  await user.keyboard('{Enter}');
  const end = screen.getByPlaceholderText(last);
  await waitFor(() => {
    expect(end).toHaveFocus();
  });
  fireEvent.change(end, { target: { value: to } });
  await user.keyboard('{Enter}');
}

/** The range field's message (a request's failure may also show a toast, another alert). */
const rangeAlert = () =>
  within(document.querySelector<HTMLElement>('.operator-stats__filters')!).queryByRole('alert');
const findRangeAlert = () =>
  within(document.querySelector<HTMLElement>('.operator-stats__filters')!).findByRole('alert');

const bounds = (from: string, to: string) => ({
  start: dayjs(from).startOf('day').valueOf(),
  end: dayjs(to).endOf('day').valueOf() + 1,
});

beforeEach(() => {
  setOperatorSession({
    token: 'op-token',
    operator: {
      id: 1,
      user_name: 'ops',
      display_name: '',
      scopes: ['statistics', 'users'],
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

describe('OperatorStatisticsPage', { timeout: HEAVY_TEST_MS }, () => {
  it('shows the fleet by state, asked with the operator’s token and no range', async () => {
    const calls = renderPage();
    expect(await screen.findByText('设备总数', { selector: '.ant-statistic-title' })).toBeInTheDocument();
    await waitFor(() => {
      expect(rows()).toEqual([
        ['在线', '7', '7'],
        ['离线', '5', '0'],
      ]);
    });
    expect(statCalls(calls)[0]).toEqual({ by: 'state' });
    const sent = calls.find((c) => c.url === '/administrator/devices/statistics')!;
    expect(sent.headers['X-Token']).toBe('op-token');
  });

  it('asks each grouping and labels its groups', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage();
    await screen.findByText('在线', { selector: 'td' });
    const expected: Record<Exclude<GroupBy, 'state'>, string[][]> = {
      model: [
        ['IG-502', '6', '4'],
        ['未填写', '3', '2'],
        ['其他', '3', '1'],
      ],
      version: [['V2.1.0', '12', '7']],
      province: [['浙江省', '12', '7']],
      tenant: [
        ['北方能源', '9', '5'],
        ['华东水务', '3', '2'],
      ],
    };
    const labels = { model: '按型号', version: '按版本', province: '按省份', tenant: '按租户' } as const;
    for (const by of ['model', 'version', 'province', 'tenant'] as const) {
      await user.click(screen.getByText(labels[by], { selector: '.ant-segmented-item-label' }));
      await waitFor(() => {
        expect(rows()).toEqual(expected[by]);
      });
      expect(statCalls(calls).at(-1)).toEqual({ by });
      // The table's heading follows the grouping.
      expect(screen.getByRole('columnheader', { name: labels[by] })).toBeInTheDocument();
    }
  });

  it('sends the registration range and the tenant chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage();
    await screen.findByText('在线', { selector: 'td' });
    await pickRange(user, '2026-01-01', '2026-03-31');
    const range = bounds('2026-01-01', '2026-03-31');
    await waitFor(() => {
      expect(statCalls(calls).at(-1)).toEqual({ by: 'state', ...range });
    });
    await user.click(screen.getByRole('combobox', { name: '租户' }));
    const options = await screen.findAllByTitle('华东水务');
    await user.click(options.find((el) => el.classList.contains('ant-select-item-option')) ?? options[0]!);
    await waitFor(() => {
      expect(statCalls(calls).at(-1)).toEqual({ by: 'state', ...range, tenant_id: 2 });
    });
    await user.click(screen.getByText('按租户', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => {
      expect(statCalls(calls).at(-1)).toEqual({ by: 'tenant', ...range, tenant_id: 2 });
    });
    // All tenants again: no tenant_id.
    await user.click(screen.getByRole('combobox', { name: '租户' }));
    const all = await screen.findAllByTitle('全部租户');
    await user.click(all.find((el) => el.classList.contains('ant-select-item-option')) ?? all[0]!);
    await waitFor(() => {
      expect(statCalls(calls).at(-1)).toEqual({ by: 'tenant', ...range });
    });
    expect(rangeAlert()).toBeNull();
  });

  it('refuses a range over 366 days on its field, before sending it', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderPage();
    await screen.findByText('在线', { selector: 'td' });
    await pickRange(user, '2025-01-01', '2026-01-02');
    expect(await findRangeAlert()).toHaveTextContent('统计时间范围过长（最多 366 天）');
    expect(statCalls(calls).some((p) => 'start' in (p as object))).toBe(false);
    // The figures asked before stay.
    expect(rows()).toEqual([
      ['在线', '7', '7'],
      ['离线', '5', '0'],
    ]);
    // 366 days exactly is allowed (2024 is a leap year: 1 January to 31 December).
    await pickRange(user, '2024-01-01', '2024-12-31');
    await waitFor(() => {
      expect(statCalls(calls).at(-1)).toEqual({ by: 'state', ...bounds('2024-01-01', '2024-12-31') });
    });
    expect(rangeAlert()).toBeNull();
  });

  it('shows the server’s refusal of a range on the range field', async () => {
    const user = userEvent.setup({ delay: null });
    // The server refuses what began before 2026 (as if its limit were other than the console's).
    const limit = dayjs('2026-01-01').valueOf();
    renderPage({
      'GET /administrator/devices/statistics': (config) => {
        const params = config.params as { start?: number };
        return params.start !== undefined && params.start < limit
          ? fail('810107', '统计时间范围无效', 'end')
          : ok(statistics('state'));
      },
    });
    await screen.findByText('在线', { selector: 'td' });
    await pickRange(user, '2025-06-01', '2026-01-31');
    expect(await findRangeAlert()).toHaveTextContent('统计时间范围无效');
    // On the field, not as the page's failure.
    expect(document.querySelector('.ant-picker-status-error')).not.toBeNull();
    expect(document.querySelector('.ant-result')).toBeNull();
    // A range it takes clears it.
    await pickRange(user, '2026-01-01', '2026-01-31');
    await waitFor(() => {
      expect(rangeAlert()).toBeNull();
    });
    expect(document.querySelector('.ant-picker-status-error')).toBeNull();
    expect(await screen.findByText('在线', { selector: 'td' })).toBeInTheDocument();
  });

  it('says so when no device was registered in the range', async () => {
    renderPage({
      'GET /administrator/devices/statistics': () =>
        ok({ by: 'state', total: 0, online: 0, offline: 0, tenants: 0, buckets: [], other: null }),
    });
    expect(await screen.findByText('该范围内没有设备')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    renderPage({
      'GET /administrator/devices/statistics': () =>
        failing ? fail('100026', '数据库繁忙') : ok(statistics('state')),
    });
    expect(await screen.findByText('数据库繁忙', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('在线', { selector: 'td' })).toBeInTheDocument();
  });

  it('hides the tenant filter from an operator without the users scope', async () => {
    setOperatorSession({
      token: 'op-token',
      operator: {
        id: 2,
        user_name: 'stats',
        display_name: '',
        scopes: ['statistics'],
        is_active: true,
        last_login_at: null,
        email: '',
        phone: '',
        alert_channels: [],
      },
    });
    const calls = renderPage();
    await screen.findByText('在线', { selector: 'td' });
    expect(screen.queryByRole('combobox', { name: '租户' })).toBeNull();
    expect(calls.some((c) => c.url === '/administrator/tenants')).toBe(false);
  });

  it('reads in English', async () => {
    act(() => {
      setLanguage('en');
    });
    const user = userEvent.setup({ delay: null });
    renderPage({
      'GET /administrator/devices/statistics': (config) => {
        const by = (config.params as { by: GroupBy }).by;
        const out = statistics(by);
        return ok(by === 'model' ? out : { ...out, buckets: [] });
      },
      'GET /administrator/tenants': () => ok({ ...TENANTS, items: [] }),
    });
    expect(await screen.findByText('No device in this range')).toBeInTheDocument();
    await user.click(screen.getByText('By model', { selector: '.ant-segmented-item-label' }));
    expect(await screen.findByText('Not set')).toBeInTheDocument();
    expect(screen.getByText('Other')).toBeInTheDocument();
    await pickRange(user, '2025-01-01', '2026-06-30', ['Registered from', 'Registered to']);
    expect(await findRangeAlert()).toHaveTextContent('The statistics time range is too long (max 366 days)');
    // Nothing of the page left in Chinese: no key missing from the English texts (antd's own calendar follows the
    // test's antd locale, zh).
    expect(document.querySelector('.operator-frame')?.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('works on a phone', async () => {
    setScreenWidth(390);
    const user = userEvent.setup({ delay: null });
    const calls = renderPage();
    await screen.findByText('在线', { selector: 'td' });
    // The frame's menu is across the top, the side menu gone.
    expect(document.querySelector('.operator-frame__sider')).toBeNull();
    expect(screen.getByRole('menuitem', { name: /设备统计/ })).toBeInTheDocument();
    await user.click(screen.getByText('按租户', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => {
      expect(rows()[0]).toEqual(['北方能源', '9', '5']);
    });
    expect(statCalls(calls).at(-1)).toEqual({ by: 'tenant' });
  });
});
