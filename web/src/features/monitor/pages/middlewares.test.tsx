import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';

import MiddlewaresPage from './middlewares';
import { liveTable, setting } from './monitor.fixtures';

function renderPage(handlers: Record<string, Handler>) {
  const calls = mockApi({ 'GET /yun/monitor/setting': () => ok(setting()), ...handlers });
  renderRoutes([{ path: '/monitor/middlewares/:idParam', element: <MiddlewaresPage /> }], {
    initialEntries: ['/monitor/middlewares/id=7'],
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

describe('One monitoring table', () => {
  it('is headed by its template and name and read once', async () => {
    const calls = renderPage({ 'GET /yun/monitor/table': () => ok(liveTable()) });
    expect(await screen.findByText('泵站 · 泵组')).toBeInTheDocument();
    expect(screen.getByText('一号泵')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/yun/monitor/table')).toHaveLength(1));
  });

  it('follows the setting: hides rows without fresh data', async () => {
    renderPage({
      'GET /yun/monitor/setting': () => ok(setting({ show_stale: false })),
      'GET /yun/monitor/table': () => ok(liveTable()),
    });
    expect(await screen.findByText('一号泵')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('二号泵')).toBeNull());
  });

  it('says a table is gone', async () => {
    renderPage({ 'GET /yun/monitor/table': () => fail('115501', '监控表不存在') });
    expect(await screen.findByText('监控表不存在或你无权查看')).toBeInTheDocument();
  });
});
