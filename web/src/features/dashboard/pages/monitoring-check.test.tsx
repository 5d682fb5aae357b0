import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { installFakeRtd } from '@/test/fake-socket';
import { fail } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { card, deviceCalls, findCard, listDevices, renderPage } from './monitoring-check.fixtures';

beforeEach(() => {
  signInAs(['P27000', 'P10000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
  vi.unstubAllGlobals();
});

describe('MonitoringCheckPage', () => {
  it('shows each device with its state, alarms, key values and the counts', async () => {
    renderPage();
    const pump1 = await findCard('1号泵');
    expect(pump1).toHaveTextContent('在线');
    expect(pump1).toHaveTextContent('IOT0000012');
    await waitFor(() => expect(pump1).toHaveTextContent('出水压力0.82MPa'));
    expect(pump1).toHaveTextContent('温度36.5℃');
    expect(card('2号泵')).toHaveTextContent('离线');
    // Two active alarms, the most urgent of level 2; 2号泵's alarm has recovered (unconfirmed): it does not count.
    await waitFor(() => expect(card('3号泵')).toHaveTextContent('2 条报警 · 2级'));
    expect(card('1号泵')).not.toHaveTextContent('报警');
    expect(card('2号泵')).not.toHaveTextContent('报警');
    const summary = screen.getByRole('status', { name: '设备统计' });
    await waitFor(() => expect(summary).toHaveTextContent('在线 2离线 1报警 1'));
  });

  it('filters by group, search, online and alarm state, in the URL', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage();
    await findCard('1号泵');
    await user.click(screen.getByRole('combobox', { name: '设备分组' }));
    await user.click(await screen.findByTitle('二号车间'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /1号泵/ })).toBeNull());
    expect(card('3号泵')).toBeInTheDocument();
    expect(deviceCalls(calls).at(-1)).toMatchObject({ group_id: 4, registered: true, page_size: 100 });
    expect(router.state.location.search).toBe('?group_id=4');

    // A link with the online filter.
    await act(() => router.navigate('/monitoringCheck?online=true'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /2号泵/ })).toBeNull());
    expect(deviceCalls(calls).at(-1)).toMatchObject({ dev_state: 1 });
    expect(screen.getByRole('checkbox', { name: '只看在线' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: '只看报警' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /1号泵/ })).toBeNull());
    expect(card('3号泵')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?online=true&alarm=true');

    await user.click(screen.getByRole('checkbox', { name: '只看报警' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索名称或SN' }), 'IOT0000012{Enter}');
    await waitFor(() => expect(screen.queryByRole('button', { name: /3号泵/ })).toBeNull());
    expect(card('1号泵')).toBeInTheDocument();
    expect(deviceCalls(calls).at(-1)).toMatchObject({ q: 'IOT0000012', dev_state: 1 });
  });

  it('says when there is no device, and when none matches with a way to clear the filters', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/monitoringCheck?q=nothing');
    expect(await screen.findByText('没有符合筛选条件的设备')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    expect(await findCard('1号泵')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when nothing is registered', async () => {
    renderPage('/monitoringCheck', { 'GET /dev': (c) => listDevices(c, []) });
    expect(await screen.findByText('还没有注册设备')).toBeInTheDocument();
  });

  it('offers a retry when the devices fail to load', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderPage('/monitoringCheck', {
      'GET /dev': (c) => (failing ? fail('100500', '服务器错误') : listDevices(c)),
    });
    expect(await screen.findByText('设备加载失败')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await findCard('1号泵')).toBeInTheDocument();
  });
});
