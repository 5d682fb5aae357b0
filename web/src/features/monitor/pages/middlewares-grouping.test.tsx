import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';

import MiddlewaresGroupingPage from './middlewares-grouping';
import { group, liveTable, setting } from './monitor.fixtures';

function renderPage(handlers: Record<string, Handler>, entry = '/monitor/middlewaresGrouping/id=5') {
  const calls = mockApi({
    'GET /yun/monitor/setting': () => ok(setting()),
    'GET /yun/monitor/table': (c) => {
      const id = (c.params as { id: number }).id;
      return ok(liveTable({ id, name: id === 9 ? '风机组' : '泵组' }));
    },
    ...handlers,
  });
  renderRoutes([{ path: '/monitor/middlewaresGrouping/:idParam', element: <MiddlewaresGroupingPage /> }], {
    initialEntries: [entry],
  });
  return calls;
}

beforeEach(() => {
  signInAs(['P10000', 'P110000', 'P111000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('A group of monitoring tables', () => {
  it("shows the group's tables one after another, live", async () => {
    const calls = renderPage({ 'GET /yun/monitor/group': () => ok(group({ hidden: 1 })) });
    expect(await screen.findByText('一车间')).toBeInTheDocument();
    expect(screen.getByTestId('group-table-7')).toHaveTextContent('泵站 · 泵组');
    expect(screen.getByTestId('group-table-9')).toHaveTextContent('风机 · 风机组');
    expect(screen.getByText(/另有 1 个你无权查看的监控表/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/yun/monitor/group')?.params).toEqual({ id: 5 });
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/yun/monitor/table').map((c) => c.params)).toEqual([
        { id: 7 },
        { id: 9 },
      ]),
    );
    expect((await screen.findAllByText('一号泵')).length).toBe(2);
    expect(screen.getByText('实时')).toBeInTheDocument();
    expect(FakeSocket.last).not.toBeNull();
    // No right to set: no way to the groups' management.
    expect(screen.queryByRole('button', { name: /管理分组/ })).toBeNull();
  });

  it('says when the viewer watches none of its tables', async () => {
    renderPage({ 'GET /yun/monitor/group': () => ok(group({ tables: [], hidden: 2 })) });
    expect(await screen.findByText('此分组中没有你可查看的监控表')).toBeInTheDocument();
  });

  it('shows the not-found state for an unknown or foreign group', async () => {
    renderPage({ 'GET /yun/monitor/group': () => fail('115507', '监控分组不存在') });
    expect(await screen.findByText('它可能已被删除，或不属于你的租户')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回监控设备/ })).toBeInTheDocument();
  });

  it('is not found without asking for an address without an id', async () => {
    const calls = renderPage({}, '/monitor/middlewaresGrouping/id=x');
    expect(await screen.findByText('它可能已被删除，或不属于你的租户')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/yun/monitor/group')).toBe(false);
  });
});
