import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRtdClient } from '../../lib/ws';
import { FakeSocket, installFakeRtd } from '../../test/fake-socket';
import { mockApi, ok } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { signInAs } from '../../test/session';
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
  it('shows the unconfirmed alarms, refetches on a push and opens the fault page', async () => {
    let unconfirmed = 3;
    const calls = mockApi({ 'GET /rAlarmDev/count': () => ok({ unconfirmed, today: 9 }) });
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

    await userEvent.setup().click(bell);
    expect(await screen.findByText('faults')).toBeInTheDocument();
  });
});
