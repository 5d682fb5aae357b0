import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setRtdClient, useLiveDevice } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import type { LiveDeviceOut, LiveItem } from '@/lib/telemetry/types';
import { LiveValuesPanel } from './live-values-panel';
import { devicePrivileges, liveItem } from '@/test/telemetry';

const item = (over: Partial<LiveItem>) =>
  liveItem({ value: 0.82, ts: Date.UTC(2026, 0, 2, 3, 4, 5), ...over });

function device(over: Partial<LiveDeviceOut> = {}): LiveDeviceOut {
  return {
    device_id: 12,
    sn_code: 'IOT0000001',
    dev_alias: '1号空压机',
    dev_state: 1,
    report_time: 1,
    template_id: 3,
    template_version: 7,
    can_write: true,
    password_required: false,
    items: [
      item({}),
      item({
        id: 42,
        name: '运行温度',
        group_id: 4,
        group_name: '温度',
        rw: 'r',
        unit: '℃',
        decimals: 1,
        value: 36.5,
      }),
    ],
    ...over,
  };
}

const writeConfig = (over: Record<string, boolean> = {}) =>
  ok({ user_can_write: true, device_can_write: true, online: true, password_required: false, ...over });

function Harness({ devState }: { devState: number | null }) {
  const live = useLiveDevice(12);
  return <LiveValuesPanel deviceId={12} live={live} devState={devState} />;
}

function renderPanel(handlers: Record<string, Handler>, devState: number | null = 1) {
  const calls = mockApi({ 'GET /dev/privileges': () => ok(devicePrivileges()), ...handlers });
  renderRoutes([
    { path: '/', element: <Harness devState={devState} /> },
    { path: '/configureManage/templateBind', element: <p>bind page</p> },
  ]);
  return calls;
}

beforeEach(() => {
  signInAs(['P10000', 'P42000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

const row = (name: string) => screen.getByText(name).closest('tr')!;

describe('LiveValuesPanel', () => {
  it('shows the seeded values by group and follows the pushes', async () => {
    renderPanel({ 'GET /rDev': () => ok(device()) });
    expect(await screen.findByText('出水压力')).toBeInTheDocument();
    expect(within(row('出水压力')).getByText('0.82')).toBeInTheDocument();
    expect(within(row('运行温度')).getByText('36.5')).toBeInTheDocument();
    // Two groups get their titles.
    expect(screen.getByRole('region', { name: '默认分组' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '温度' })).toBeInTheDocument();
    // Only the read-write row has a write button.
    expect(within(row('出水压力')).getByRole('button', { name: /写入/ })).toBeEnabled();
    expect(within(row('运行温度')).queryByRole('button', { name: /写入/ })).toBeNull();

    act(() => {
      FakeSocket.last!.open();
      FakeSocket.last!.receive({
        type: 'values',
        device_id: 12,
        values: [{ id: 41, v: 1.234, ts: Date.UTC(2026, 0, 2, 3, 5), q: 2 }],
      });
    });
    expect(FakeSocket.last!.sent).toEqual([{ op: 'sub', devices: [12] }]);
    expect(within(row('出水压力')).getByText('1.23')).toBeInTheDocument();
    expect(within(row('出水压力')).getByText('过期')).toBeInTheDocument();

    // The device goes offline: banner, and writing is off.
    act(() => {
      FakeSocket.last!.receive({ type: 'state', device_id: 12, dev_state: 2, ts: 1 });
    });
    expect(screen.getByText('设备离线')).toBeInTheDocument();
    expect(within(row('出水压力')).getByRole('button', { name: /写入/ })).toBeDisabled();
  });

  it('turns writing off without the write right', async () => {
    renderPanel({ 'GET /rDev': () => ok(device({ can_write: false })) });
    await screen.findByText('出水压力');
    expect(within(row('出水压力')).getByRole('button', { name: /写入/ })).toBeDisabled();
  });

  it("turns writing off when the caller's role lacks the write item", async () => {
    renderPanel({
      'GET /rDev': () => ok(device()),
      'GET /dev/privileges': () => ok(devicePrivileges(['history', 'export'])),
    });
    await screen.findByText('出水压力');
    await waitFor(() => expect(within(row('出水压力')).getByRole('button', { name: /写入/ })).toBeDisabled());
  });

  it('explains a device without a published template and links to binding', async () => {
    renderPanel({ 'GET /rDev': () => ok(device({ template_id: null, template_version: null, items: [] })) });
    expect(await screen.findByText('该设备还没有已发布的模板')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /去绑定模板/ }));
    expect(await screen.findByText('bind page')).toBeInTheDocument();
  });

  it('says when no value arrived yet', async () => {
    renderPanel({
      'GET /rDev': () => ok(device({ items: [item({ value: null, ts: null, quality: null })] })),
    });
    expect(await screen.findByText('还没有收到数据')).toBeInTheDocument();
    expect(within(row('出水压力')).getByText('无数据')).toBeInTheDocument();
  });
});

describe('WriteValueModal', () => {
  it('checks the range before sending and writes a value within it', async () => {
    const user = userEvent.setup();
    const calls = renderPanel({
      'GET /rDev': () => ok(device()),
      'GET /yun/v2/rDev/config': () => writeConfig(),
      'POST /yun/rDev': (config) => {
        const body = bodyOf(config) as { value: number };
        return ok({ req_id: 'r1', value: body.value, old_value: 0.82, ack_time: Date.now() });
      },
    });
    await screen.findByText('出水压力');
    await user.click(within(row('出水压力')).getByRole('button', { name: /写入/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('0.82 MPa')).toBeInTheDocument();
    expect(within(dialog).getAllByText('0 – 1.6').length).toBeGreaterThan(0);

    const input = await within(dialog).findByRole('spinbutton');
    await user.clear(input);
    await user.type(input, '2');
    await user.click(within(dialog).getByRole('button', { name: /写\s*入/ }));
    expect(await within(dialog).findByText('请输入 0 到 1.6 之间的值')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/yun/rDev')).toBe(false);

    await user.clear(input);
    await user.type(input, '1.2');
    await user.click(within(dialog).getByRole('button', { name: /写\s*入/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/yun/rDev')).toBe(true));
    const post = calls.find((c) => c.url === '/yun/rDev')!;
    expect(bodyOf(post)).toEqual({ device_id: 12, data_source_id: 41, value: 1.2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The acknowledged value shows at once.
    expect(within(row('出水压力')).getByText('1.20')).toBeInTheDocument();
  });

  it('asks for the control password and shows a wrong one next to the field', async () => {
    const user = userEvent.setup();
    const calls = renderPanel({
      'GET /rDev': () => ok(device({ password_required: true })),
      'GET /yun/v2/rDev/config': () => writeConfig({ password_required: true }),
      'POST /yun/rDev': () => fail('110520', '控制密码错误'),
    });
    await screen.findByText('出水压力');
    await user.click(within(row('出水压力')).getByRole('button', { name: /写入/ }));
    const dialog = await screen.findByRole('dialog');
    const password = await within(dialog).findByLabelText('控制密码');
    await user.click(within(dialog).getByRole('button', { name: /写\s*入/ }));
    expect(await within(dialog).findByText('请输入控制密码')).toBeInTheDocument();
    await user.type(password, 'secret1');
    await user.click(within(dialog).getByRole('button', { name: /写\s*入/ }));
    expect(await within(dialog).findByText('控制密码错误')).toBeInTheDocument();
    const post = calls.find((c) => c.url === '/yun/rDev')!;
    expect(bodyOf(post)).toEqual({ device_id: 12, data_source_id: 41, value: 0.82, password: 'secret1' });
  });

  it('says why the device refuses before any value is typed', async () => {
    const user = userEvent.setup();
    renderPanel({
      'GET /rDev': () => ok(device()),
      'GET /yun/v2/rDev/config': () => writeConfig({ device_can_write: false }),
    });
    await screen.findByText('出水压力');
    await user.click(within(row('出水压力')).getByRole('button', { name: /写入/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('该设备不允许写入数据')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /写\s*入/ })).toBeDisabled();
  });
});
