import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { dialogTexts, expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import type { WebhookDeliveryOut, WebhookIn, WebhookOut } from '../api/webhooks';
import { WebhookForm } from '../components/webhook-form';
import { WEBHOOK_EVENT_LIST } from '../lib/webhooks';
import WebhooksPage from './webhooks';

const NOW = Date.now();

function hook(over: Partial<WebhookOut> = {}): WebhookOut {
  return {
    id: 1,
    name: 'MES 对接',
    url: 'https://mes.example.com/iot/hook',
    events: [...WEBHOOK_EVENT_LIST],
    devices: [],
    device_groups: [],
    enabled: true,
    waiting: 0,
    failed: 0,
    owner_name: 'admin',
    created_at: NOW - 86_400_000,
    updated_at: NOW - 3_600_000,
    ...over,
  };
}

const HOOKS: WebhookOut[] = [
  hook(),
  hook({
    id: 2,
    name: '告警转发',
    url: 'https://alerts.example.com/in',
    events: ['alarm.produced', 'alarm.recovered', 'alarm.confirmed'],
    devices: [{ id: 12, sn_code: 'IOT0000012', alias: '一号泵站' }],
    device_groups: [{ id: 4, name: '一车间' }],
    enabled: false,
    waiting: 2,
    failed: 3,
  }),
];

function delivery(over: Partial<WebhookDeliveryOut> = {}): WebhookDeliveryOut {
  return {
    id: 20,
    subscription_id: 1,
    subscription_name: 'MES 对接',
    event: 'device.online',
    key: 'e5.s1',
    address: 'https://mes.example.com/iot/hook',
    device_id: 12,
    device_name: '一号泵站',
    state: 'sent',
    attempts: 1,
    status_code: 200,
    last_error: '',
    next_at: null,
    sent_at: NOW - 60_000,
    created_at: NOW - 61_000,
    payload: {
      event: 'device.online',
      key: 'e5.s1',
      tenant_id: 1,
      device: { id: 12, sn: 'IOT0000012', alias: '一号泵站' },
      data: { ip: '10.0.0.8' },
      at: NOW - 61_000,
    },
    ...over,
  };
}

const DELIVERIES: WebhookDeliveryOut[] = [
  delivery(),
  delivery({
    id: 21,
    subscription_id: 2,
    subscription_name: '告警转发',
    event: 'alarm.produced',
    key: 'e6.s2',
    state: 'failed',
    attempts: 12,
    status_code: 503,
    last_error: 'HTTP 503',
    sent_at: null,
  }),
  delivery({
    id: 22,
    event: 'value.written',
    key: 'e7.s1',
    state: 'retrying',
    attempts: 2,
    status_code: null,
    last_error: 'timeout',
    next_at: NOW + 20_000,
    sent_at: null,
  }),
  delivery({
    id: 23,
    subscription_id: 9,
    subscription_name: null,
    event: 'webhook.test',
    key: 'tab.s9',
    device_id: null,
    device_name: null,
    state: 'skipped',
    status_code: null,
    last_error: 'subscription deleted',
    sent_at: null,
  }),
];

const page = (items: readonly unknown[]) => ok({ items, total: items.length, page: 1, page_size: 20 });

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/webhooks': () => page(HOOKS),
    'POST /yun/webhooks': (config) =>
      ok({ ...hook({ id: 7, ...(bodyOf(config) as object) }), devices: [], secret: 'whsec_new-secret-123' }),
    'PUT /yun/webhooks/2': (config) => ok({ ...HOOKS[1], ...(bodyOf(config) as object) }),
    'PUT /yun/webhooks/2/enabled': () => ok({ ...HOOKS[1], enabled: true }),
    'POST /yun/webhooks/1/secret': () => ok({ secret: 'whsec_renewed-456' }),
    'POST /yun/webhooks/1/test': () => ok(delivery({ id: 30, event: 'webhook.test', state: 'pending' })),
    'DELETE /yun/webhooks/1': () => ok(null),
    'GET /yun/webhooks/delivery': () => page(DELIVERIES),
    'POST /yun/webhooks/delivery/21/resend': () => ok(delivery({ id: 21, state: 'pending' })),
    'GET /dev': () =>
      ok({
        items: [
          { id: 12, sn_code: 'IOT0000012', alias: '一号泵站' },
          { id: 13, sn_code: 'IOT0000013', alias: '二号泵站' },
        ],
        total: 2,
        page: 1,
        page_size: 200,
      }),
    'GET /yun/dev/group': () => ok([{ id: 4, name: '一车间', is_default: false }]),
    ...over,
  };
}

function renderPage(calls: Record<string, Handler> = handlers(), entry = '/system/webhooks') {
  const made = mockApi(calls);
  const { router } = renderRoutes([{ path: '/system/webhooks', Component: WebhooksPage }], {
    initialEntries: [entry],
  });
  return { calls: made, router };
}

const sent = (calls: ReturnType<typeof mockApi>, method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url).map(bodyOf);

const rowOf = async (name: string) =>
  (await screen.findByRole('button', { name })).closest('tr') as HTMLElement;

/** The confirmation dialog asking `title` (one asked before may still be leaving in jsdom). */
const confirmation = (title: string) =>
  waitFor(() => {
    const box = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((el) =>
      el.textContent.includes(title),
    );
    expect(box).toBeDefined();
    return box!;
  });

/** The drawer open now (the only dialog). */
const drawer = () => screen.findByRole('dialog');

/** The open dialog whose title is `title`. */
const dialogTitled = async (title: string) => {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  const dialog = heading?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
};

/** The form item holding a field. */
const itemOf = (el: HTMLElement) => el.closest<HTMLElement>('.ant-form-item')!;

/** Opens the row's "more" menu and picks `label`. */
async function more(user: ReturnType<typeof userEvent.setup>, name: string, label: string) {
  await user.click(screen.getByRole('button', { name: `「${name}」的更多操作` }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

beforeEach(() => {
  signInAs(['P80000']);
});

afterEach(() => {
  resetScreenWidth();
  vi.restoreAllMocks();
});

describe('the subscriptions', () => {
  it('lists each with its URL, switch, events, devices and what waits or failed', async () => {
    renderPage();
    const first = await rowOf('MES 对接');
    expect(within(first).getByText('https://mes.example.com/iot/hook')).toBeInTheDocument();
    expect(within(first).getByText('全部事件')).toBeInTheDocument();
    expect(within(first).getByText('全部设备')).toBeInTheDocument();
    expect(within(first).getByText('全部送达')).toBeInTheDocument();
    expect(within(first).getByRole('switch', { name: '启用或停用「MES 对接」' })).toBeChecked();

    const second = await rowOf('告警转发');
    expect(within(second).getByText('告警产生')).toBeInTheDocument();
    expect(within(second).getByText('告警恢复')).toBeInTheDocument();
    expect(within(second).getByText('+1')).toBeInTheDocument();
    expect(within(second).getByText('分组：一车间 · 一号泵站')).toBeInTheDocument();
    expect(within(second).getByText('3 条失败')).toBeInTheDocument();
    expect(within(second).getByText('2 条待发')).toBeInTheDocument();
    expect(within(second).getByRole('switch')).not.toBeChecked();
    expect(screen.getByText('2 / 20 个订阅')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /订阅/, selected: true })).toBeInTheDocument();
  });

  it('says when there is none yet, and offers to make one; says when they failed to load', async () => {
    const user = userEvent.setup();
    let answers = 0;
    renderPage(
      handlers({ 'GET /yun/webhooks': () => (++answers === 1 ? fail('100003', '服务异常') : page([])) }),
    );
    expect(await screen.findByText('订阅加载失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('还没有 Webhook 订阅')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /新建订阅/ })).toHaveLength(2);
  });

  it('offers no new subscription past the tenant’s cap', async () => {
    const many = Array.from({ length: 20 }, (_, i) => hook({ id: 100 + i, name: `订阅${String(i)}` }));
    renderPage(
      handlers({ 'GET /yun/webhooks': () => ok({ items: many, total: 20, page: 1, page_size: 20 }) }),
    );
    await rowOf('订阅0');
    expect(screen.getByRole('button', { name: /新建订阅/ })).toBeDisabled();
  });

  it('checks a new subscription’s fields before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await rowOf('MES 对接');
    await user.click(screen.getByRole('button', { name: /新建订阅/ }));
    const form = await drawer();
    expect(within(form).getByText('新建 Webhook 订阅')).toBeInTheDocument();
    // Every event is chosen to start with; nothing is sent while a field is wrong.
    expect(within(form).getAllByRole('checkbox', { checked: true })).toHaveLength(WEBHOOK_EVENT_LIST.length);
    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));
    expect(await within(form).findByText('请输入名称')).toBeInTheDocument();
    expect(within(form).getByText('请输入推送地址')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('推送地址'), 'ftp://x');
    expect(await within(form).findByText('请输入以 http:// 或 https:// 开头的地址')).toBeInTheDocument();
    for (const box of within(form).getAllByRole('checkbox', { checked: true })) await user.click(box);
    expect(await within(form).findByText('请至少选择一个事件')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: '指定设备或分组' }));
    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));
    expect(await within(form).findByText('请选择设备或分组')).toBeInTheDocument();
    expect(sent(calls, 'post', '/yun/webhooks')).toHaveLength(0);
  }, 60_000); // a bound for a stall only

  it('creates one, then shows its secret once', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = renderPage();
    await rowOf('MES 对接');
    await user.click(screen.getByRole('button', { name: /新建订阅/ }));
    const form = await drawer();
    await user.type(within(form).getByLabelText('名称'), '  ERP  ');
    await user.type(within(form).getByLabelText('推送地址'), 'https://erp.example.com/hook');
    for (const name of ['设备上线', '告警恢复', '告警确认', '数据下发', '升级完成'])
      await user.click(within(form).getByRole('checkbox', { name: new RegExp(name) }));
    await user.click(within(form).getByRole('radio', { name: '指定设备或分组' }));
    await user.click(within(form).getByLabelText('设备分组'));
    await user.click(await screen.findByTitle('一车间'));
    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/webhooks')).toHaveLength(1);
    });
    expect(sent(calls, 'post', '/yun/webhooks')[0] as WebhookIn).toEqual({
      name: 'ERP',
      url: 'https://erp.example.com/hook',
      events: ['device.offline', 'alarm.produced'],
      device_ids: [],
      device_group_ids: [4],
      enabled: true,
    });

    const shown = await dialogTitled('「ERP」已创建');
    expect(within(shown).getByLabelText('签名密钥')).toHaveValue('whsec_new-secret-123');
    expect(within(shown).getByText(/只显示这一次/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: /复\s*制/ }));
    expect(writeText).toHaveBeenCalledWith('whsec_new-secret-123');
    await user.click(within(shown).getByRole('button', { name: /我已保存/ }));
  }, 60_000); // a bound for a stall only

  it('puts the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    renderPage(
      handlers({
        'POST /yun/webhooks': () =>
          fail('117822', '地址无效：须为 http(s) 地址，且不能指向本机或内网', 'url'),
      }),
    );
    await rowOf('MES 对接');
    await user.click(screen.getByRole('button', { name: /新建订阅/ }));
    const form = await drawer();
    await user.type(within(form).getByLabelText('名称'), '内网');
    await user.type(within(form).getByLabelText('推送地址'), 'http://10.0.0.5/in');
    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));
    const field = itemOf(within(form).getByLabelText('推送地址'));
    expect(await within(field).findByText(/不能指向本机或内网/)).toBeInTheDocument();
    expect(screen.queryByText(/已创建/)).toBeNull();
  });

  it('edits one: its devices and groups shown, the events it hears kept', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: '告警转发' }));
    const form = await drawer();
    expect(within(form).getByText('编辑 Webhook 订阅')).toBeInTheDocument();
    expect(within(form).getByLabelText('名称')).toHaveValue('告警转发');
    expect(within(form).getByRole('radio', { name: '指定设备或分组' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /告警确认/ })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /设备上线/ })).not.toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: /设备上线/ }));
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/webhooks/2')).toHaveLength(1);
    });
    // The devices and groups chosen are kept, the events in their list's order.
    expect(sent(calls, 'put', '/yun/webhooks/2')[0]).toEqual({
      name: '告警转发',
      url: 'https://alerts.example.com/in',
      events: ['device.online', 'alarm.produced', 'alarm.recovered', 'alarm.confirmed'],
      device_ids: [12],
      device_group_ids: [4],
      enabled: false,
    });
    expect(await screen.findByText('订阅已保存')).toBeInTheDocument();
  }, 60_000); // a bound for a stall only

  it('switches one on, sends a test, renews its secret and deletes it after asking', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const second = await rowOf('告警转发');
    await user.click(within(second).getByRole('switch'));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/webhooks/2/enabled')).toEqual([{ enabled: true }]);
    });

    const first = await rowOf('MES 对接');
    await user.click(within(first).getByRole('button', { name: '发送测试' }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/webhooks/1/test')).toHaveLength(1);
    });
    expect(await screen.findByText(/已向「MES 对接」发送测试推送/)).toBeInTheDocument();

    await more(user, 'MES 对接', '重置密钥');
    const ask = await confirmation('重置「MES 对接」的签名密钥？');
    expect(sent(calls, 'post', '/yun/webhooks/1/secret')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: '重置密钥' }));
    const shown = await dialogTitled('「MES 对接」的新密钥');
    expect(within(shown).getByLabelText('签名密钥')).toHaveValue('whsec_renewed-456');
    await user.click(within(shown).getByRole('button', { name: /我已保存/ }));

    await more(user, 'MES 对接', '删除');
    const sure = await confirmation('删除订阅「MES 对接」？');
    await user.click(within(sure).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'delete' && c.url === '/yun/webhooks/1')).toHaveLength(1);
    });
  }, 60_000); // a bound for a stall only

  it('opens a subscription’s log from what it failed', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderPage();
    const second = await rowOf('告警转发');
    await user.click(within(second).getByRole('button', { name: '查看「告警转发」的推送记录' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?tab=log&subscription_id=2');
    });
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/yun/webhooks/delivery').at(-1)?.params).toMatchObject({
        subscription_id: 2,
      });
    });
  });

  it('shows one card per subscription on a phone', async () => {
    setScreenWidth(390);
    renderPage();
    expect(await screen.findByRole('button', { name: 'MES 对接' })).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    expect(screen.getAllByRole('listitem').filter((el) => el.classList.contains('data-card'))).toHaveLength(
      2,
    );
  });
});

describe('the delivery log', () => {
  it('lists what was sent: its subscription, event and device, state, HTTP status and attempts', async () => {
    renderPage(handlers(), '/system/webhooks?tab=log');
    const first = (await screen.findByText('设备上线')).closest('tr')!;
    expect(within(first).getByText('MES 对接')).toBeInTheDocument();
    expect(within(first).getByText('一号泵站')).toBeInTheDocument();
    expect(within(first).getByText('已送达')).toBeInTheDocument();
    expect(within(first).getByText('200')).toBeInTheDocument();
    const failed = (await screen.findByText('告警产生')).closest('tr')!;
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('HTTP 503')).toBeInTheDocument();
    expect(within(failed).getByText('503')).toBeInTheDocument();
    expect(within(failed).getByText('12')).toBeInTheDocument();
    const retrying = (await screen.findByText('数据下发')).closest('tr')!;
    expect(within(retrying).getByText('重试中')).toBeInTheDocument();
    expect(within(retrying).getByText(/下次尝试/)).toBeInTheDocument();
    expect(within(retrying).getByText('接收方响应超时')).toBeInTheDocument();
    const test = (await screen.findByText('测试推送')).closest('tr')!;
    expect(within(test).getByText('已删除的订阅')).toBeInTheDocument();
    expect(within(test).getByText('订阅已删除')).toBeInTheDocument();
    // A deleted subscription's delivery cannot be resent; a failed one can.
    expect(within(test).queryByRole('button', { name: '重新发送' })).toBeNull();
    expect(within(failed).getByRole('button', { name: '重新发送' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: '重新发送' })).toBeNull();
  });

  it('filters by subscription, event and state through the URL', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage(handlers(), '/system/webhooks?tab=log');
    await screen.findByText('设备上线');
    await user.click(screen.getByRole('combobox', { name: '事件' }));
    await user.click(await screen.findByTitle('告警产生'));
    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByTitle('失败'));
    await waitFor(() => {
      expect(router.state.location.search).toContain('event=alarm.produced');
    });
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/yun/webhooks/delivery').at(-1)?.params).toMatchObject({
        event: 'alarm.produced',
        state: 'failed',
        page: 1,
      });
    });
  });

  it('resends a failed delivery and shows what one sent', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(handlers(), '/system/webhooks?tab=log');
    const failed = (await screen.findByText('告警产生')).closest('tr')!;
    await user.click(within(failed).getByRole('button', { name: '重新发送' }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/webhooks/delivery/21/resend')).toHaveLength(1);
    });
    expect(await screen.findByText('已重新加入发送队列')).toBeInTheDocument();

    const first = (await screen.findByText('设备上线')).closest('tr')!;
    await user.click(within(first).getByRole('button', { name: '查看' }));
    const shown = await dialogTitled('设备上线');
    expect(within(shown).getByText('e5.s1')).toBeInTheDocument();
    expect(within(shown).getByLabelText('推送内容').textContent).toContain('"ip": "10.0.0.8"');
  });

  it('says when there is nothing yet, and when nothing matches', async () => {
    renderPage(handlers({ 'GET /yun/webhooks/delivery': () => page([]) }), '/system/webhooks?tab=log');
    expect(await screen.findByText('还没有推送记录')).toBeInTheDocument();
  });

  it('says when nothing matches the filters', async () => {
    renderPage(
      handlers({ 'GET /yun/webhooks/delivery': () => page([]) }),
      '/system/webhooks?tab=log&state=failed',
    );
    expect(await screen.findByText('没有符合条件的推送记录')).toBeInTheDocument();
  });
});

describe('the subscription form', () => {
  it('shows the subscription it is opened on: A, then B, then a new one', () => {
    expectEachOpeningShowsItsOwn(
      (h: WebhookOut | null, open) => (
        <WebhookForm open={open} hook={h} onClose={() => undefined} onCreated={() => undefined} />
      ),
      [HOOKS[0]!, HOOKS[1]!, null],
      (h) => [h?.name ?? '', h?.url ?? ''],
    );
    expect(dialogTexts().slice(0, 2)).toEqual(['', '']);
  });
});
