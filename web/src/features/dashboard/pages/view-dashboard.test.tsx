// The presentation page's Edit (only with the editor's right and the server's word on the dashboard, SPEC §6) and
// its full screen (asked of the server first; 118006 says the spec's short "no fullscreen permission").
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestConfig } from '@/lib/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { dashboardOf } from '@/dashboards/test-fixtures';
import type { DashboardOut } from '@/dashboards/widgets/types';
import { fail, mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import ViewDashboardPage from './view-dashboard';

const params = (c: RequestConfig) => c.params;

function renderPage(over: Partial<DashboardOut> = {}, fullscreenRefused = false) {
  const calls = mockApi({
    'GET /yun/dashboard/detail': (c) =>
      params(c).purpose === 'fullscreen' && fullscreenRefused
        ? fail('118006', '没有全屏查看看板的权限', 'id')
        : ok(dashboardOf([], { id: 7, name: '泵站总览', ...over })),
  });
  const { router } = renderRoutes(
    [
      { path: '/dashboard/view', Component: ViewDashboardPage },
      { path: '/editDashboard', element: <p data-testid="editor-page" /> },
    ],
    { initialEntries: ['/dashboard/view?id=7'] },
  );
  return { calls, router };
}

const heading = () => screen.findByText('泵站总览');
const editButton = () => screen.queryByRole('button', { name: /编\s*辑/ });

describe('ViewDashboardPage: Edit', () => {
  it('offers Edit to a dashboard maker (P21200) the server lets edit, and opens the editor', async () => {
    signInAs(['P10000', 'P20000', 'P21200']);
    const user = userEvent.setup();
    const { router } = renderPage({ can_edit: true });
    await heading();
    await user.click(editButton()!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/editDashboard'));
    expect(router.state.location.search).toBe('?id=7');
  });

  it('offers Edit to a sector dashboard editor (P101200) the server lets edit', async () => {
    signInAs(['P10000', 'P100000', 'P101200']);
    renderPage({ can_edit: true });
    await heading();
    expect(editButton()).toBeInTheDocument();
  });

  it('offers no Edit without the editor’s right, even when the dashboard says it may be edited', async () => {
    signInAs(['P10000', 'P20000']);
    renderPage({ can_edit: true });
    await heading();
    expect(editButton()).toBeNull();
  });

  it('offers no Edit when the server says this dashboard may not be edited', async () => {
    signInAs(['P10000', 'P100000', 'P101200']);
    renderPage({ can_edit: false });
    await heading();
    expect(editButton()).toBeNull();
  });
});

describe('ViewDashboardPage: full screen', () => {
  const requestFullscreen = vi.fn(() => Promise.resolve());

  beforeEach(() => {
    signInAs(['P10000', 'P20000']);
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
      configurable: true,
      value: requestFullscreen,
    });
  });

  afterEach(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).requestFullscreen;
    requestFullscreen.mockClear();
  });

  it('goes full screen once the server allows it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await heading();
    await user.click(screen.getByRole('button', { name: /全\s*屏/ }));
    await waitFor(() => expect(requestFullscreen).toHaveBeenCalledTimes(1));
    expect(calls.map(params)).toContainEqual({ id: 7, purpose: 'fullscreen' });
  });

  it('says the spec’s short "no fullscreen permission" when the server refuses (118006), and stays', async () => {
    const user = userEvent.setup();
    renderPage({}, true);
    await heading();
    await user.click(screen.getByRole('button', { name: /全\s*屏/ }));
    expect(await screen.findByText('无全屏查看权限')).toBeInTheDocument();
    expect(screen.queryByText('没有全屏查看看板的权限')).toBeNull();
    expect(requestFullscreen).not.toHaveBeenCalled();
  });
});
