// One device as the operator acts on it: found by SN across tenants (810103 when unknown), its VPN queried and reset
// through the gateway with the gateway's reason when it cannot (810109 / 810110), its flow card queried and activated
// (810111, 110547), each reset or activation confirmed first, and the test period's 6 MB shown used, left and used up.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { RequestConfig } from '@/lib/http';
import { setLanguage } from '@/lib/session';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { Schema } from '@/types/schema';
import type { OperatedDevice } from '../api/operator';
import { clearOperatorSession, setOperatorSession } from '../lib/session';
import OperatorDevicesPage from './devices';

type User = ReturnType<typeof userEvent.setup>;
type FlowCard = Schema<'FlowCardOut'>;

const SN = 'IG5020230001';
const NOW = Date.UTC(2026, 11, 1, 2, 0, 0);

function card(over: Partial<FlowCard> = {}): FlowCard {
  return {
    iccid: '89860412345678901234',
    package_name: '物联网 1GB 年包',
    effective_date: null,
    expiry_date: '2027-06-30',
    total_mb: 6,
    used_mb: 2.5,
    remaining_mb: 3.5,
    warning_mb: 0,
    warning: false,
    status: 'normal',
    operator_state: 'test',
    provider: 'mock',
    refreshed_at: NOW,
    suspect_mb: null,
    suspect_at: null,
    ...over,
  };
}

/** GET /administrator/device's answer (operations/devices/service.py `_out`). */
function device(over: Partial<OperatedDevice> = {}): OperatedDevice {
  return {
    sn: SN,
    tenant_id: 1,
    tenant_name: '北方能源',
    dev_model: 'IG-502',
    firmware_version: 'V2.1.0',
    back_end_version: '1.4.2',
    dev_state: 1,
    report_time: NOW,
    vpn_state: false,
    vpn_ip: '',
    card: card(),
    test_flow: { total_mb: 6, used_mb: 2.5, left_mb: 3.5, exhausted: false },
    ...over,
  };
}

function renderPage(handlers: Record<string, Handler>, entry = '/operator/devices') {
  const calls = mockApi({ 'GET /administrator/device': () => ok(device()), ...handlers });
  const { router } = renderRoutes(
    [
      { path: '/operator/devices', Component: OperatorDevicesPage },
      { path: '/operator/login', element: <div>operator sign-in</div> },
    ],
    { initialEntries: [entry] },
  );
  return { calls, router };
}

const posts = (calls: RequestConfig[], action: string) =>
  calls.filter((c) => c.method === 'post' && c.url === `/administrator/device/${action}`);

/** The card titled `title` (VPN, 流量卡 …). */
function cardOf(title: string): HTMLElement {
  return screen.getByText(title, { selector: '.ant-card-head-title' }).closest<HTMLElement>('.ant-card')!;
}

/** The button `name` in `container` once it is no longer busy (antd ignores a click on a loading button, and its
 * loading icon, named "loading", leaves with a motion). */
async function idle(container: HTMLElement, name: RegExp): Promise<HTMLElement> {
  const button = await within(container).findByRole('button', { name });
  await waitFor(() => {
    expect(button).not.toHaveClass('ant-btn-loading');
  });
  return button;
}

/** Answers the confirmation asking `question` with its button `answer`. */
async function confirm(user: User, question: string, answer: string | RegExp) {
  const popover = (await screen.findByText(question)).closest<HTMLElement>('.ant-popover')!;
  await user.click(within(popover).getByRole('button', { name: answer }));
}

beforeEach(() => {
  setOperatorSession({
    token: 'op-token',
    operator: {
      id: 1,
      user_name: 'ops',
      display_name: '',
      scopes: ['devices'],
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

describe('OperatorDevicesPage', { timeout: HEAVY_TEST_MS }, () => {
  it('asks for an SN, then finds the device in any tenant', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router } = renderPage({});
    expect(screen.getByText('输入设备 SN 查找')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByRole('searchbox', { name: '设备 SN' }), ` ${SN} {Enter}`);
    expect(await screen.findByText(`设备 ${SN}`)).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ sn: SN });
    expect(calls[0]?.headers['X-Token']).toBe('op-token');
    expect(router.state.location.search).toBe(`?sn=${SN}`);
    const facts = cardOf(`设备 ${SN}`);
    for (const text of ['北方能源', '在线', 'IG-502', 'V2.1.0', '1.4.2'])
      expect(within(facts).getByText(text)).toBeInTheDocument();
    expect(within(cardOf('VPN')).getByText('已关闭')).toBeInTheDocument();
    const flow = cardOf('流量卡');
    expect(within(flow).getByText('89860412345678901234')).toBeInTheDocument();
    expect(within(flow).getByText('已用 2.5 MB / 共 6 MB')).toBeInTheDocument();
    expect(within(flow).getByText('测试期')).toBeInTheDocument();
  });

  it('says so when no device has that SN (810103)', async () => {
    renderPage(
      { 'GET /administrator/device': () => fail('810103', '设备不存在', 'sn') },
      '/operator/devices?sn=NOSUCH',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('设备不存在');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-warning');
    expect(screen.queryByText('VPN', { selector: '.ant-card-head-title' })).toBeNull();
  });

  it('shows the test period’s 6 MB used and left', async () => {
    renderPage({}, `/operator/devices?sn=${SN}`);
    expect(await screen.findByText('测试期流量：已用 2.5 MB，剩余 3.5 MB（共 6 MB）')).toBeInTheDocument();
    const flow = cardOf('流量卡');
    expect(within(flow).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(within(flow).queryByText('测试流量已用完，请激活流量卡')).toBeNull();
  });

  it('says when the test flow is used up', async () => {
    renderPage(
      {
        'GET /administrator/device': () =>
          ok(
            device({
              card: card({ used_mb: 7, remaining_mb: 0, status: 'shutdown' }),
              test_flow: { total_mb: 6, used_mb: 6, left_mb: 0, exhausted: true },
            }),
          ),
      },
      `/operator/devices?sn=${SN}`,
    );
    expect(await screen.findByText('测试期流量：已用 6 MB，剩余 0 MB（共 6 MB）')).toBeInTheDocument();
    const flow = cardOf('流量卡');
    expect(within(flow).getByText('测试流量已用完，请激活流量卡')).toBeInTheDocument();
    expect(within(flow).getByText('停机')).toBeInTheDocument();
    expect(flow.querySelector('.ant-progress-status-exception')).not.toBeNull();
  });

  it('queries the VPN through the gateway and shows what it says', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPage(
      { 'POST /administrator/device/vpn/query': () => ok(device({ vpn_state: true, vpn_ip: '10.8.0.7' })) },
      `/operator/devices?sn=${SN}`,
    );
    await user.click(await screen.findByRole('button', { name: '查询 VPN' }));
    expect(await screen.findByText('已查询 VPN 状态')).toBeInTheDocument();
    const vpn = cardOf('VPN');
    expect(within(vpn).getByText('已开启')).toBeInTheDocument();
    expect(within(vpn).getByText('10.8.0.7')).toBeInTheDocument();
    expect(bodyOf(posts(calls, 'vpn/query')[0]!)).toEqual({ sn: SN });
  });

  it('shows the gateway’s reason in the VPN card (810109, 810110)', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(
      {
        'POST /administrator/device/vpn/query': () => fail('810109', '查询 VPN 状态失败：网关不在线', 'sn'),
        'POST /administrator/device/vpn/reset': () =>
          fail('810110', '重置 VPN 失败：网关未在 30 秒内应答', 'sn'),
      },
      `/operator/devices?sn=${SN}`,
    );
    await user.click(await screen.findByRole('button', { name: '查询 VPN' }));
    const vpn = cardOf('VPN');
    expect(await within(vpn).findByRole('alert')).toHaveTextContent('查询 VPN 状态失败：网关不在线');
    expect(within(cardOf('流量卡')).queryByRole('alert')).toBeNull();
    await user.click(await within(vpn).findByRole('button', { name: '重置 VPN' }));
    await confirm(user, '通过网关断开并重新连接该设备的 VPN？', '重置 VPN');
    await waitFor(() => {
      expect(within(vpn).getByRole('alert')).toHaveTextContent('重置 VPN 失败：网关未在 30 秒内应答');
    });
    expect(within(vpn).getAllByRole('alert')).toHaveLength(1);
  });

  it('resets the VPN only once confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPage(
      { 'POST /administrator/device/vpn/reset': () => ok(device({ vpn_state: true, vpn_ip: '10.8.0.9' })) },
      `/operator/devices?sn=${SN}`,
    );
    await user.click(await screen.findByRole('button', { name: '重置 VPN' }));
    await confirm(user, '通过网关断开并重新连接该设备的 VPN？', '取 消');
    expect(posts(calls, 'vpn/reset')).toHaveLength(0);
    await user.click(within(cardOf('VPN')).getByRole('button', { name: '重置 VPN' }));
    await confirm(user, '通过网关断开并重新连接该设备的 VPN？', '重置 VPN');
    expect(await screen.findByText('VPN 已重置')).toBeInTheDocument();
    expect(posts(calls, 'vpn/reset')).toHaveLength(1);
    expect(bodyOf(posts(calls, 'vpn/reset')[0]!)).toEqual({ sn: SN });
    expect(within(cardOf('VPN')).getByText('10.8.0.9')).toBeInTheDocument();
  });

  it('queries the flow card, with the provider’s refusal (810111) or no card (110547) in the card', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: unknown = fail('810111', '查询流量卡失败', 'sn');
    const { calls } = renderPage(
      { 'POST /administrator/device/flowcard/query': () => answer },
      `/operator/devices?sn=${SN}`,
    );
    await user.click(await screen.findByRole('button', { name: '查询流量卡' }));
    const flow = cardOf('流量卡');
    expect(await within(flow).findByRole('alert')).toHaveTextContent('查询流量卡失败');
    expect(within(cardOf('VPN')).queryByRole('alert')).toBeNull();

    answer = fail('110547', '流量卡不存在', 'sn');
    await user.click(await idle(flow, /查询流量卡/));
    await waitFor(() => {
      expect(within(flow).getByRole('alert')).toHaveTextContent('流量卡不存在');
    });

    answer = ok(device({ card: card({ used_mb: 4, remaining_mb: 2 }), test_flow: null }));
    await user.click(await idle(flow, /查询流量卡/));
    expect(await screen.findByText('已查询流量卡')).toBeInTheDocument();
    expect(within(flow).getByText('已用 4 MB / 共 6 MB')).toBeInTheDocument();
    expect(within(flow).queryByRole('alert')).toBeNull();
    expect(posts(calls, 'flowcard/query')).toHaveLength(3);
  });

  it('activates the flow card only once confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPage(
      {
        'POST /administrator/device/flowcard/activate': () =>
          ok(device({ card: card({ operator_state: 'activated', total_mb: 1024 }), test_flow: null })),
      },
      `/operator/devices?sn=${SN}`,
    );
    await user.click(await screen.findByRole('button', { name: /^激\s*活$/ }));
    await confirm(user, '请运营商激活这张流量卡？', '取 消');
    expect(posts(calls, 'flowcard/activate')).toHaveLength(0);
    await user.click(within(cardOf('流量卡')).getByRole('button', { name: /^激\s*活$/ }));
    await confirm(user, '请运营商激活这张流量卡？', /^激\s*活$/);
    expect(await screen.findByText('流量卡已激活')).toBeInTheDocument();
    const flow = cardOf('流量卡');
    expect(within(flow).getByText('已激活')).toBeInTheDocument();
    expect(within(flow).queryByText(/测试期流量/)).toBeNull();
    expect(bodyOf(posts(calls, 'flowcard/activate')[0]!)).toEqual({ sn: SN });
  });

  it('offers no card action for a device without a card', async () => {
    renderPage(
      { 'GET /administrator/device': () => ok(device({ card: null, test_flow: null })) },
      `/operator/devices?sn=${SN}`,
    );
    expect(await screen.findByText('这台设备没有绑定流量卡')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '查询流量卡' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^激\s*活$/ })).toBeNull();
  });

  it('reads in English', async () => {
    act(() => {
      setLanguage('en');
    });
    const user = userEvent.setup({ delay: null });
    renderPage(
      {
        'GET /administrator/device': () =>
          ok(
            device({
              tenant_name: 'North Energy',
              card: card({ package_name: 'IoT 1 GB', used_mb: 7, status: 'shutdown' }),
              test_flow: { total_mb: 6, used_mb: 6, left_mb: 0, exhausted: true },
            }),
          ),
        // The server words the gateway's reason in the caller's language.
        'POST /administrator/device/vpn/query': () =>
          fail('810109', 'Could not query the VPN state: the gateway is offline', 'sn'),
      },
      `/operator/devices?sn=${SN}`,
    );
    expect(await screen.findByText('Test period data: 6 MB used, 0 MB left of 6 MB')).toBeInTheDocument();
    expect(screen.getByText('The test data is used up: activate the card')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Query VPN' }));
    expect(await within(cardOf('VPN')).findByRole('alert')).toHaveTextContent(
      'Could not query the VPN state: the gateway is offline',
    );
    await user.click(screen.getByRole('button', { name: 'Reset VPN' }));
    expect(
      await screen.findByText("Take this device's VPN down and up again through its gateway?"),
    ).toBeInTheDocument();
    expect(document.querySelector('.operator-frame')?.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect(document.querySelector('.ant-popover')?.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
