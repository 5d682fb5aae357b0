import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { AppHeader } from './app-header';

beforeEach(() => {
  signInAs(['P10000', 'P70000', 'P73000'], { name: 'admin' });
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
  vi.useRealTimers();
});

describe('AppHeader bell', () => {
  it('without the fault list permission only counts', async () => {
    signInAs(['P10000'], { name: 'admin' });
    mockApi({ 'GET /rAlarmDev/count': () => ok({ unconfirmed: 2, today: 2 }) });
    renderRoutes([
      { path: '/', element: <AppHeader onChangePassword={() => undefined} onLogout={() => undefined} /> },
    ]);
    const bell = screen.getByRole('button', { name: '未确认告警' });
    await waitFor(() => expect(bell).toHaveTextContent('2'));
    expect(bell).not.toHaveAttribute('aria-haspopup');
  });

  it('shows the unconfirmed alarms, refetches on a push and opens the fault page', async () => {
    let unconfirmed = 3;
    const alarm = {
      id: 7,
      device_id: 12,
      sn_code: 'IOT0000002',
      dev_alias: '2号泵站',
      data_source_id: 3,
      data_source_name: '出水压力',
      alarm_name: '压力过高',
      alarm_level: 1,
      alarm_type: 1,
      alarm_info: null,
      value: 1.8,
      alarm_time: Date.now(),
      recover_time: null,
      confirm_time: null,
      confirm_userName: null,
      alarm_note: null,
    };
    const calls = mockApi({
      'GET /rAlarmDev/count': () => ok({ unconfirmed, today: 9 }),
      'GET /rAlarmDev': () => ok({ items: [alarm], total: 4, page: 1, page_size: 5 }),
    });
    renderRoutes([
      { path: '/', element: <AppHeader onChangePassword={() => undefined} onLogout={() => undefined} /> },
      { path: '/info/realTimeFault', element: <p>faults</p> },
    ]);
    const bell = screen.getByRole('button', { name: '未确认告警' });
    await waitFor(() => expect(bell).toHaveTextContent('3'));
    const countCalls = () => calls.filter((c) => c.url === '/rAlarmDev/count');
    expect(countCalls()[0]?.params).toEqual({ tz: -new Date().getTimezoneOffset() || 0 });

    act(() => {
      FakeSocket.last!.open();
    });
    expect(FakeSocket.last!.sent).toContainEqual({ op: 'sub', alarms: true });
    unconfirmed = 4;
    act(() => {
      FakeSocket.last!.receive({ type: 'alarm', alarm: { id: 1, device_id: 2, alarm_type: 1 } });
    });
    await waitFor(() => expect(bell).toHaveTextContent('4'), { timeout: 3000 });

    // A click opens the latest unconfirmed alarms, each linking to its device; the footer opens the fault page.
    const user = userEvent.setup();
    await user.click(bell);
    const link = await screen.findByRole('link', { name: '压力过高' });
    expect(link).toHaveAttribute('href', '/deviceDetail/12');
    expect(screen.getByText(/2号泵站 ·/)).toBeInTheDocument();
    expect(screen.getByText('1 级')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/rAlarmDev')?.params).toMatchObject({ page: 1, page_size: 5 });
    await user.click(screen.getByRole('button', { name: '查看全部实时告警（4）' }));
    expect(await screen.findByText('faults')).toBeInTheDocument();
  });
});

describe('AppHeader export centre', () => {
  it('counts the exports at work, stops asking once they are done and opens the export centre', async () => {
    let answers = 0;
    const job = (id: number, state: string) => ({ id, kind: 'report', title: `r${String(id)}`, state });
    const calls = mockApi({
      'GET /rAlarmDev/count': () => ok({ unconfirmed: 0, today: 0 }),
      'GET /yun/exportFile/history': () => {
        answers += 1;
        const items =
          answers === 1
            ? [job(3, 'running'), job(2, 'queued'), job(1, 'done')]
            : [job(3, 'done'), job(2, 'done')];
        return ok({ items, total: items.length, page: 1, page_size: 20 });
      },
    });
    renderRoutes([
      { path: '/', element: <AppHeader onChangePassword={() => undefined} onLogout={() => undefined} /> },
      { path: '/exportCenter', element: <p>export centre</p> },
    ]);
    const button = await screen.findByRole('button', { name: '2 个导出进行中' });
    expect(button).toHaveTextContent('2');
    expect(calls.find((c) => c.url === '/yun/exportFile/history')?.params).toEqual({
      page: 1,
      page_size: 20,
    });
    // Polled until nothing runs, then the badge goes and the asking stops.
    const exportsButton = await screen.findByRole('button', { name: '导出中心' }, { timeout: 6000 });
    const asked = calls.filter((c) => c.url === '/yun/exportFile/history').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls.filter((c) => c.url === '/yun/exportFile/history')).toHaveLength(asked);
    await userEvent.setup().click(exportsButton);
    expect(await screen.findByText('export centre')).toBeInTheDocument();
  }, 20_000);
});
