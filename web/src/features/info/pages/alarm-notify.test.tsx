import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { dialogTexts, expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import type { ChannelsOut, DeliveryOut, RuleIn, RuleOut } from '../api/notify';
import { NotifyRuleForm } from '../components/notify-rule-form';
import { defaultZone } from '../lib/notify';
import AlarmNotifyPage from './alarm-notify';

const NOW = Date.now();

function rule(over: Partial<RuleOut>): RuleOut {
  return {
    id: 1,
    name: '一级告警通知',
    enabled: true,
    template_ids: [3],
    source_ids: [],
    device_group_ids: [2],
    level_min: 2,
    level_max: 5,
    users: [{ id: 3, name: 'carol' }],
    roles: [{ id: 5, name: 'administrator2' }],
    groups: [{ id: 4, name: '一车间' }],
    channels: ['console', 'email', 'webhook'],
    webhook_url: 'https://hooks.example.com/iot',
    has_webhook_secret: true,
    has_wechat_url: false,
    wechat_url: '',
    quiet_start: 1320,
    quiet_end: 360,
    timezone: 'Asia/Shanghai',
    on_recover: true,
    on_confirm: false,
    escalate_after: null,
    escalate_users: [],
    escalate_roles: [],
    escalate_groups: [],
    owner_name: 'admin',
    created_at: NOW - 86_400_000,
    updated_at: NOW - 3_600_000,
    ...over,
  };
}

const RULES: RuleOut[] = [
  rule({}),
  rule({
    id: 2,
    name: '全部告警',
    enabled: false,
    template_ids: [],
    device_group_ids: [],
    level_min: 1,
    level_max: 5,
    users: [],
    roles: [{ id: 6, name: '运维' }],
    groups: [],
    channels: ['console'],
    webhook_url: '',
    has_webhook_secret: false,
    has_wechat_url: false,
    quiet_start: null,
    quiet_end: null,
    on_recover: false,
    escalate_after: 90,
    escalate_users: [{ id: 9, name: 'dave' }],
    escalate_groups: [{ id: 4, name: '一车间' }],
  }),
];

const CHANNELS: ChannelsOut = { console: true, email: true, sms: false, wechat: true, webhook: true };

function delivery(over: Partial<DeliveryOut>): DeliveryOut {
  return {
    id: 10,
    rule_id: 1,
    rule_name: '一级告警通知',
    alarm_id: 77,
    event: 'produced',
    channel: 'email',
    user_id: 3,
    user_name: 'carol',
    address: 'carol@example.com',
    key: 'a77.produced.r1.email.u3',
    subject: '【告警】1号泵 压力过高',
    state: 'sent',
    attempts: 1,
    next_at: null,
    last_error: '',
    sent_at: NOW - 60_000,
    created_at: NOW - 61_000,
    ...over,
  };
}

const DELIVERIES: DeliveryOut[] = [
  delivery({}),
  delivery({
    id: 11,
    channel: 'webhook',
    user_id: null,
    user_name: null,
    address: 'https://hooks.example.com/iot',
    subject: '【告警】2号泵 温度过高',
    state: 'failed',
    attempts: 12,
    last_error: 'HTTP 404',
    sent_at: null,
  }),
  delivery({
    id: 12,
    channel: 'sms',
    user_name: 'dave',
    address: '13800000000',
    subject: '【恢复】1号泵 压力过高',
    event: 'recovered',
    state: 'retrying',
    attempts: 2,
    next_at: NOW + 20_000,
    last_error: 'timeout',
    sent_at: null,
  }),
  delivery({
    id: 13,
    subject: '【告警】3号泵 流量过低',
    state: 'skipped',
    last_error: 'quota',
    sent_at: null,
  }),
];

const rules = (items: RuleOut[], channels: ChannelsOut = CHANNELS) =>
  ok({ items, total: items.length, page: 1, page_size: 20, channels });

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/notify/rule': () => rules(RULES),
    'POST /yun/notify/rule': (config) => ok(rule({ id: 9, ...(bodyOf(config) as object) })),
    'PUT /yun/notify/rule/1': () => ok(RULES[0]),
    'PUT /yun/notify/rule/2': () => ok({ ...RULES[1], enabled: true }),
    'PUT /yun/notify/rule/2/enabled': () => ok({ ...RULES[1], enabled: true }),
    'DELETE /yun/notify/rule/1': () => ok(null),
    'GET /yun/notify/delivery': () =>
      ok({ items: DELIVERIES, total: DELIVERIES.length, page: 1, page_size: 20 }),
    'POST /yun/notify/delivery/11/retry': () => ok(null),
    'GET /yun/module': () =>
      ok({
        items: [
          { id: 3, name: '水泵模板' },
          { id: 4, name: '空压机模板' },
        ],
        total: 2,
        page: 1,
        page_size: 200,
      }),
    'GET /yun/module/dataSource': (config) =>
      ok(
        (config.params as { template_id: number }).template_id === 3
          ? {
              items: [
                { id: 31, name: '出口压力', unit: 'MPa' },
                { id: 32, name: '电机温度', unit: '℃' },
              ],
              total: 2,
            }
          : { items: [{ id: 41, name: '排气压力', unit: 'MPa' }], total: 1 },
      ),
    'GET /yun/dev/group': () => ok([{ id: 2, name: '一号车间', is_default: false }]),
    'GET /yun/user/role': () =>
      ok({
        items: [
          { id: 5, name: 'administrator2', code: 'administrator2' },
          { id: 6, name: '运维', code: 'role_6' },
        ],
        total: 2,
        page: 1,
        page_size: 200,
      }),
    'GET /yun/user/group': () =>
      ok([{ id: 4, name: '一车间', parent_id: null, user_count: 3, children: [] }]),
    'GET /yun/userInfo': () =>
      ok({
        items: [
          { id: 3, user_name: 'carol', nick_name: null },
          { id: 9, user_name: 'dave', nick_name: '大卫' },
        ],
        total: 2,
        page: 1,
        page_size: 50,
      }),
    ...over,
  };
}

function renderPage(calls: Record<string, Handler> = handlers(), entry = '/info/alarmNotify') {
  const made = mockApi(calls);
  const { router } = renderRoutes([{ path: '/info/alarmNotify', Component: AlarmNotifyPage }], {
    initialEntries: [entry],
  });
  return { calls: made, router };
}

const sent = (calls: ReturnType<typeof mockApi>, method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url).map(bodyOf);

const rowOf = async (name: string) =>
  (await screen.findByRole('button', { name })).closest('tr') as HTMLElement;

/** The confirmation dialog open now (a form dialog closed before may still be leaving in jsdom). */
const confirmation = () =>
  waitFor(() => {
    const box = document.querySelector<HTMLElement>('.ant-modal-confirm');
    expect(box).not.toBeNull();
    return box!;
  });

/** Picks `label` in the open select's list. */
async function pick(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, label: string) {
  await user.click(field);
  const options = await screen.findAllByText(label, {
    selector: '.ant-select-item-option-content, .ant-select-item-option-content *',
  });
  await user.click(options.at(-1)!);
}

/** Types a time into one end of the open time range (antd takes a typed time on Enter). */
async function typeTime(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, time: string) {
  await user.click(input);
  await user.clear(input);
  await user.type(input, `${time}{Enter}`);
}

/** The form item holding a field. */
const itemOf = (el: HTMLElement) => el.closest<HTMLElement>('.ant-form-item')!;

beforeEach(() => {
  signInAs(['P70000']);
});

afterEach(() => {
  resetScreenWidth();
});

describe('the notification rules', () => {
  it('lists the rules: what they match, whom they tell, over what, their quiet hours', async () => {
    renderPage();
    const first = await rowOf('一级告警通知');
    expect(within(first).getByText('2–5 级 · 1 个模板 · 1 个设备分组')).toBeInTheDocument();
    expect(within(first).getByText('另含：告警恢复')).toBeInTheDocument();
    expect(within(first).getByText('carol')).toBeInTheDocument();
    expect(within(first).getByText('二级管理员')).toBeInTheDocument();
    expect(within(first).getByText('+1')).toBeInTheDocument();
    const channels = within(first)
      .getAllByRole('listitem')
      .map((el) => el.getAttribute('aria-label'));
    expect(channels).toEqual(['控制台', '邮件', 'Webhook']);
    expect(within(first).getByText('22:00–06:00')).toBeInTheDocument();
    expect(within(first).getByText('次日')).toBeInTheDocument();
    expect(within(first).getByText('创建人：admin')).toBeInTheDocument();
    expect(within(first).getByRole('switch', { name: '启用“一级告警通知”' })).toBeChecked();

    const second = await rowOf('全部告警');
    expect(within(second).getByText('全部告警', { selector: '.cell-text' })).toBeInTheDocument();
    expect(within(second).getByText('运维')).toBeInTheDocument();
    expect(within(second).getByText('无')).toBeInTheDocument();
    expect(within(second).getByRole('switch')).not.toBeChecked();
    expect(within(second).getByText('1 小时 30 分钟未确认则升级')).toBeInTheDocument();
    expect(within(first).queryByText(/未确认则升级/)).toBeNull();
    expect(screen.getByRole('tab', { name: /通知规则/, selected: true })).toBeInTheDocument();
  });

  it('says when there is no rule yet, and offers to make one', async () => {
    renderPage(handlers({ 'GET /yun/notify/rule': () => rules([]) }));
    expect(await screen.findByText('还没有通知规则')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /新建规则/ })).toHaveLength(2);
  });

  it('says when the rules failed to load, and retries', async () => {
    const user = userEvent.setup();
    let answers = 0;
    renderPage(
      handlers({
        'GET /yun/notify/rule': () => (++answers === 1 ? fail('100003', '服务异常') : rules(RULES)),
      }),
    );
    expect(await screen.findByText('通知规则加载失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: '一级告警通知' })).toBeInTheDocument();
  });

  it('creates a rule: levels, recipients, channels, the webhook with a generated secret, quiet hours', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await rowOf('一级告警通知');
    await user.click(screen.getAllByRole('button', { name: /新建规则/ })[0]!);
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText('新建通知规则')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('规则名称'), '  夜班告警  ');
    await pick(user, within(form).getByLabelText('起始级别'), '2 级');
    await pick(user, within(form).getByLabelText('用户'), '大卫 (dave)');
    await pick(user, within(form).getByLabelText('角色'), '运维');
    await user.click(within(form).getByRole('checkbox', { name: /邮件/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Webhook/ }));
    await user.type(within(form).getByLabelText('Webhook 地址'), 'https://hooks.example.com/a');
    await user.click(within(form).getByRole('button', { name: /生\s*成/ }));
    expect(within(form).getByText(/已生成新密钥/)).toBeInTheDocument();
    const [from, until] = within(form).getAllByPlaceholderText(/开始|结束/);
    await typeTime(user, from!, '22:00');
    await typeTime(user, until!, '06:00');
    await waitFor(() => {
      expect(within(form).getByText(/每天 22:00–06:00/)).toBeInTheDocument();
    });

    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/notify/rule')).toHaveLength(1);
    });
    const body = sent(calls, 'post', '/yun/notify/rule')[0] as RuleIn;
    expect(body).toEqual({
      name: '夜班告警',
      enabled: true,
      template_ids: [],
      source_ids: [],
      device_group_ids: [],
      level_min: 2,
      level_max: 5,
      user_ids: [9],
      role_ids: [6],
      group_ids: [],
      channels: ['console', 'email', 'webhook'],
      webhook_url: 'https://hooks.example.com/a',
      webhook_secret: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      wechat_url: '',
      quiet_start: 1320,
      quiet_end: 360,
      timezone: defaultZone(),
      on_recover: false,
      on_confirm: false,
      escalate_after: null,
      escalate_user_ids: [],
      escalate_role_ids: [],
      escalate_group_ids: [],
    });
    expect(await screen.findByText('规则已创建')).toBeInTheDocument();
  });

  it('matches the chosen templates’ data sources, named by template when several are chosen', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await rowOf('一级告警通知');
    await user.click(screen.getAllByRole('button', { name: /新建规则/ })[0]!);
    const form = await screen.findByRole('dialog');
    const sources = within(form).getByLabelText('数据源');
    expect(sources).toBeDisabled();
    await pick(user, within(form).getByLabelText('设备模板'), '水泵模板');
    await pick(user, within(form).getByLabelText('设备模板'), '空压机模板');
    await waitFor(() => {
      expect(within(form).getByLabelText('数据源')).not.toBeDisabled();
    });
    await pick(user, within(form).getByLabelText('数据源'), '水泵模板 · 出口压力 (MPa)');
    await pick(user, within(form).getByLabelText('数据源'), '空压机模板 · 排气压力 (MPa)');
    // Taking a template off takes its data sources along.
    await pick(user, within(form).getByLabelText('设备模板'), '水泵模板');
    await user.type(within(form).getByLabelText('规则名称'), '压力');
    await pick(user, within(form).getByLabelText('用户'), 'carol');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/notify/rule')).toHaveLength(1);
    });
    expect(sent(calls, 'post', '/yun/notify/rule')[0]).toMatchObject({
      template_ids: [4],
      source_ids: [41],
      user_ids: [3],
    });
  });

  it('disables a channel this server has not configured, saying which setting enables it', async () => {
    const user = userEvent.setup();
    renderPage();
    await rowOf('一级告警通知');
    await user.click(screen.getAllByRole('button', { name: /新建规则/ })[0]!);
    const form = await screen.findByRole('dialog');
    const sms = within(form).getByRole('checkbox', { name: /短信/ });
    expect(sms).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: /邮件/ })).toBeEnabled();
    expect(within(form).getByRole('checkbox', { name: /控制台/ })).toBeChecked();
    expect(within(form).getByText('此服务器未配置')).toBeInTheDocument();
    fireEvent.mouseEnter(sms.closest('.notify-form__channel-wrap')!);
    expect(
      await screen.findByText(/短信服务未配置：由服务器设置 IOTYUN_NOTIFY_SMS 启用此渠道/),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal of the webhook URL under that field', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(
      handlers({
        'POST /yun/notify/rule': () =>
          fail('117822', '地址无效：须为 http(s) 地址，且不能指向本机或内网', 'webhook_url'),
      }),
    );
    await rowOf('一级告警通知');
    await user.click(screen.getAllByRole('button', { name: /新建规则/ })[0]!);
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('规则名称'), '内网');
    await pick(user, within(form).getByLabelText('角色'), '运维');
    await user.click(within(form).getByRole('checkbox', { name: /Webhook/ }));
    // The form asks for the URL and the secret of a new webhook before the server does.
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('请输入地址')).toBeInTheDocument();
    expect(within(form).getByText('请输入或生成签名密钥')).toBeInTheDocument();
    expect(sent(calls, 'post', '/yun/notify/rule')).toEqual([]);

    await user.type(within(form).getByLabelText('Webhook 地址'), 'http://192.168.1.5/hook');
    await user.type(within(form).getByLabelText('签名密钥'), 's3cret');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/notify/rule')).toHaveLength(1);
    });
    const field = itemOf(within(form).getByLabelText('Webhook 地址'));
    expect(await within(field).findByText(/地址无效/)).toBeInTheDocument();
    expect(sent(calls, 'post', '/yun/notify/rule')[0]).toMatchObject({
      webhook_url: 'http://192.168.1.5/hook',
      webhook_secret: 's3cret',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the server’s refusals on their fields: a channel, the name, the time zone', async () => {
    const user = userEvent.setup();
    let answers = 0;
    renderPage(
      handlers({
        'POST /yun/notify/rule': () =>
          [
            fail('119004', '邮件服务未配置', 'channels'),
            fail('117821', '规则名称已存在', 'name'),
            fail('110578', '时区无效', 'timezone'),
          ][answers++],
      }),
    );
    await rowOf('一级告警通知');
    await user.click(screen.getAllByRole('button', { name: /新建规则/ })[0]!);
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('规则名称'), '一级告警通知');
    await pick(user, within(form).getByLabelText('角色'), '运维');
    await user.click(within(form).getByRole('checkbox', { name: /邮件/ }));
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    const channels = itemOf(within(form).getByRole('checkbox', { name: /邮件/ }));
    expect(await within(channels).findByText('邮件服务未配置')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    const name = itemOf(within(form).getByLabelText('规则名称'));
    expect(await within(name).findByText('规则名称已存在')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    const zone = itemOf(within(form).getByLabelText('时区'));
    expect(await within(zone).findByText('时区无效')).toBeInTheDocument();
  });

  it('edits a rule and keeps its stored webhook secret (sends "")', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const row = await rowOf('一级告警通知');
    await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText('编辑通知规则')).toBeInTheDocument();
    expect(within(form).getByText('已保存密钥——留空则保留原密钥')).toBeInTheDocument();
    expect(within(form).getByLabelText('签名密钥')).toHaveValue('');
    const name = within(form).getByLabelText('规则名称');
    await user.clear(name);
    await user.type(name, '一级告警（白班）');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/notify/rule/1')).toHaveLength(1);
    });
    expect(sent(calls, 'put', '/yun/notify/rule/1')[0]).toEqual({
      name: '一级告警（白班）',
      enabled: true,
      template_ids: [3],
      source_ids: [],
      device_group_ids: [2],
      level_min: 2,
      level_max: 5,
      user_ids: [3],
      role_ids: [5],
      group_ids: [4],
      channels: ['console', 'email', 'webhook'],
      webhook_url: 'https://hooks.example.com/iot',
      webhook_secret: '',
      wechat_url: '',
      quiet_start: 1320,
      quiet_end: 360,
      timezone: 'Asia/Shanghai',
      on_recover: true,
      on_confirm: false,
      escalate_after: null,
      escalate_user_ids: [],
      escalate_role_ids: [],
      escalate_group_ids: [],
    });
    expect(await screen.findByText('规则已保存')).toBeInTheDocument();
  });

  it('escalates an alarm left unconfirmed: the delay and at least one escalation recipient', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(handlers({ 'PUT /yun/notify/rule/2': () => ok(RULES[1]) }));
    const row = await rowOf('全部告警');
    await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByRole('checkbox', { name: '告警持续未确认时升级通知' })).toBeChecked();
    const after = within(form).getByLabelText('告警产生后多久仍未确认');
    expect(after).toHaveValue('90');
    await user.clear(after);
    await user.type(after, '15');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/notify/rule/2')).toHaveLength(1);
    });
    expect(sent(calls, 'put', '/yun/notify/rule/2')[0]).toMatchObject({
      escalate_after: 15,
      escalate_user_ids: [9],
      escalate_role_ids: [],
      escalate_group_ids: [4],
    });
  });

  it('asks for an escalation recipient, and sends none when the rule does not escalate', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(
      handlers({
        'POST /yun/notify/rule': () =>
          fail('117815', '接收人不存在或不在您的管理范围内', 'escalate_role_ids'),
      }),
    );
    await rowOf('一级告警通知');
    await user.click(screen.getAllByRole('button', { name: /新建规则/ })[0]!);
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('规则名称'), '升级');
    await pick(user, within(form).getByLabelText('角色'), '运维');
    await user.click(within(form).getByRole('checkbox', { name: '告警持续未确认时升级通知' }));
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('请至少选择一个用户、角色或用户组')).toBeInTheDocument();
    expect(sent(calls, 'post', '/yun/notify/rule')).toEqual([]);
    await pick(user, within(form).getByLabelText('升级通知的角色'), '二级管理员');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/notify/rule')).toHaveLength(1);
    });
    expect(sent(calls, 'post', '/yun/notify/rule')[0]).toMatchObject({
      role_ids: [6],
      escalate_after: 30,
      escalate_user_ids: [],
      escalate_role_ids: [5],
      escalate_group_ids: [],
    });
    const roles = itemOf(within(form).getByLabelText('升级通知的角色'));
    expect(await within(roles).findByText('接收人不存在或不在您的管理范围内')).toBeInTheDocument();
  });

  it('turns a rule on with its switch, nothing else sent', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const row = await rowOf('全部告警');
    await user.click(within(row).getByRole('switch'));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/notify/rule/2/enabled')).toHaveLength(1);
    });
    expect(sent(calls, 'put', '/yun/notify/rule/2/enabled')[0]).toEqual({ enabled: true });
    expect(sent(calls, 'put', '/yun/notify/rule/2')).toHaveLength(0);
    expect(await screen.findByText('已启用“全部告警”')).toBeInTheDocument();
  });

  it('deletes a rule only after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const row = await rowOf('一级告警通知');
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = await confirmation();
    expect(within(confirm).getAllByText('删除规则“一级告警通知”？').length).toBeGreaterThan(0);
    expect(within(confirm).getByText(/已有的发送记录会保留/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'delete').map((c) => c.url)).toEqual(['/yun/notify/rule/1']);
    });
    expect(await screen.findByText('已删除“一级告警通知”')).toBeInTheDocument();
  });

  it('lays the rules out as cards on a phone', async () => {
    setScreenWidth(390);
    renderPage();
    expect(await screen.findByRole('button', { name: '一级告警通知' })).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    expect(screen.getAllByRole('listitem').filter((el) => el.classList.contains('data-card'))).toHaveLength(
      2,
    );
  });
});

describe('the rule form', () => {
  it('shows the rule it is opened on: A, then B, then a new one', () => {
    mockApi(handlers());
    expectEachOpeningShowsItsOwn(
      (r: RuleOut | null, open) => (
        <NotifyRuleForm open={open} rule={r} channels={CHANNELS} onClose={() => undefined} />
      ),
      [RULES[0]!, RULES[1]!, null],
      (r) =>
        r === RULES[0]
          ? ['一级告警通知', 'https://hooks.example.com/iot', '22:00', '06:00']
          : [r?.name ?? '', '', ''],
    );
    expect(dialogTexts()).toEqual(['', '', '']);
  });
});

describe('the delivery log', () => {
  it('lists the deliveries with their coloured states, next try and error; a failed one is retried', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage(handlers(), '/info/alarmNotify?tab=log');
    const first = (await screen.findByText('【告警】1号泵 压力过高')).closest('tr')!;
    expect(screen.getByRole('tab', { name: /发送记录/, selected: true })).toBeInTheDocument();
    expect(within(first).getByText('已发送').closest('.ant-tag')).toHaveClass('ant-tag-success');
    expect(within(first).getByText('carol')).toBeInTheDocument();
    expect(within(first).getByText('carol@example.com')).toBeInTheDocument();
    expect(within(first).getByText('邮件')).toBeInTheDocument();
    expect(within(first).getByText('一级告警通知')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /重\s*试/ })).toBeNull();

    const failed = screen.getByText('【告警】2号泵 温度过高').closest('tr')!;
    expect(within(failed).getByText('失败').closest('.ant-tag')).toHaveClass('ant-tag-error');
    expect(within(failed).getByText('HTTP 404')).toBeInTheDocument();
    expect(within(failed).getByText('https://hooks.example.com/iot')).toBeInTheDocument();
    expect(within(failed).getByText('12')).toBeInTheDocument();

    const retrying = screen.getByText('【恢复】1号泵 压力过高').closest('tr')!;
    expect(within(retrying).getByText('重试中').closest('.ant-tag')).toHaveClass('ant-tag-warning');
    expect(within(retrying).getByText(/^下次重试 \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(within(retrying).getByText('超时')).toBeInTheDocument();
    expect(within(retrying).getByText('告警恢复')).toBeInTheDocument();

    const skipped = screen.getAllByText('已跳过')[0]!.closest('tr')!;
    expect(within(skipped).getByText('超出今日配额')).toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'post').map((c) => c.url)).toEqual([
        '/yun/notify/delivery/11/retry',
      ]);
    });
    expect(await screen.findByText('已重新加入发送队列')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=log');
  });

  it('asks the server with the filters, kept in the address', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage(handlers(), '/info/alarmNotify?tab=log');
    await screen.findByText('【告警】1号泵 压力过高');
    await pick(user, screen.getByLabelText('全部状态'), '失败');
    await pick(user, screen.getByLabelText('全部渠道'), 'Webhook');
    await pick(user, screen.getByLabelText('全部规则'), '全部告警');
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/yun/notify/delivery').at(-1)?.params).toMatchObject({
        state: 'failed',
        channel: 'webhook',
        rule_id: 2,
        page: 1,
      });
    });
    expect(router.state.location.search).toContain('state=failed');
    expect(router.state.location.search).toContain('tab=log');
  });

  it('says when nothing was sent yet, and when the log failed to load', async () => {
    let answers = 0;
    renderPage(
      handlers({
        'GET /yun/notify/delivery': () =>
          ++answers === 1 ? fail('100003', '服务异常') : ok({ items: [], total: 0, page: 1, page_size: 20 }),
      }),
      '/info/alarmNotify?tab=log',
    );
    expect(await screen.findByText('发送记录加载失败')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无发送记录')).toBeInTheDocument();
  });

  it('switching tabs keeps the tab in the address and starts the other tab afresh', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(handlers(), '/info/alarmNotify?tab=log&state=failed');
    await screen.findByText('【告警】1号泵 压力过高');
    await user.click(screen.getByRole('tab', { name: /通知规则/ }));
    expect(await screen.findByRole('button', { name: '一级告警通知' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('tab', { name: /发送记录/ }));
    expect(router.state.location.search).toBe('?tab=log');
  });
});
