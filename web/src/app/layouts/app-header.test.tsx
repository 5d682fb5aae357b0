import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { logout, sessionStore } from '../../lib/session';
import { RtdClient, setRtdClient, type SocketLike } from '../../lib/ws';
import { mockApi, ok } from '../../test/mock-api';
import { AppHeader } from './app-header';

class FakeSocket implements SocketLike {
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: unknown[] = [];
  constructor() {
    FakeSocket.last = this;
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
}

beforeEach(() => {
  logout();
  sessionStore.setState({
    token: 't',
    userId: '1',
    name: 'admin',
    roles: ['administrator'],
    permissions: ['P10000', 'P70000', 'P73000'],
    rolesLoaded: true,
  });
  setRtdClient(new RtdClient({ createSocket: () => new FakeSocket(), url: () => 'ws://test' }));
});

afterEach(() => {
  setRtdClient(null);
  vi.useRealTimers();
});

describe('AppHeader bell', () => {
  it('shows the unconfirmed alarms, refetches on a push and opens the fault page', async () => {
    let unconfirmed = 3;
    const calls = mockApi({ 'GET /rAlarmDev/count': () => ok({ unconfirmed, today: 9 }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([
      { path: '/', element: <AppHeader onChangePassword={() => undefined} onLogout={() => undefined} /> },
      { path: '/info/realTimeFault', element: <p>faults</p> },
    ]);
    render(
      <QueryClientProvider client={client}>
        <ConfigProvider locale={zhCN}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>,
    );
    const bell = screen.getByRole('button', { name: '未确认告警' });
    await waitFor(() => expect(bell).toHaveTextContent('3'));
    const countCalls = () => calls.filter((c) => c.url === '/rAlarmDev/count');
    expect(countCalls()[0]?.params).toEqual({ tz: -new Date().getTimezoneOffset() || 0 });

    act(() => {
      FakeSocket.last!.readyState = 1;
      FakeSocket.last!.onopen?.(new Event('open'));
    });
    expect(FakeSocket.last!.sent).toContainEqual({ op: 'sub', alarms: true });
    unconfirmed = 4;
    act(() => {
      FakeSocket.last!.onmessage?.(
        new MessageEvent('message', {
          data: JSON.stringify({ type: 'alarm', alarm: { id: 1, device_id: 2, alarm_type: 1 } }),
        }),
      );
    });
    await waitFor(() => expect(bell).toHaveTextContent('4'), { timeout: 3000 });

    await userEvent.setup().click(bell);
    expect(await screen.findByText('faults')).toBeInTheDocument();
  });
});
