import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import type { Rule, Target, Trace } from '../api';
import AutomationPage from './automation';

vi.mock('@/components/charts/echart', () => ({
  EChart: ({
    option,
    ariaLabel,
  }: {
    option: { series: { markLine: { data: unknown[] } }[] };
    ariaLabel: string;
  }) => <div role="img" aria-label={ariaLabel} data-firings={option.series[0]?.markLine.data.length} />,
}));

const URL = '/configureManage/automation';

function rule(over: Partial<Rule> = {}): Rule {
  return {
    id: 7,
    name: '高温通知',
    description: '',
    enabled: true,
    owner_id: 1,
    owner_name: 'admin',
    template_id: 2,
    scope: 'template',
    scope_id: null,
    trigger: { kind: 'threshold', source_id: 11, op: 'gt', value: 80, hold_s: 30, hysteresis: 2 },
    conditions: { join: 'and', items: [{ source_id: 12, op: 'eq', value: 1 }] },
    actions: [
      {
        kind: 'notify',
        user_ids: [3],
        role_ids: [],
        group_ids: [],
        channels: ['console'],
        text: '{alias}: {name} is {value}',
        delay_s: 0,
        repeat: 0,
        every_s: 0,
      },
    ],
    rate_per_minute: 6,
    last_fired_at: null,
    fired_count: 3,
    error_count: 0,
    last_error: '',
    next_run_at: null,
    created_at: 1798761600000,
    updated_at: 1798761600000,
    ...over,
  };
}

const RULES: Rule[] = [
  rule(),
  rule({
    id: 8,
    name: '夜间停机',
    enabled: false,
    scope: 'device',
    scope_id: 40,
    trigger: { kind: 'schedule', schedule: { type: 'daily', time: '02:00' } },
    actions: [{ kind: 'write', source_id: 21, value: 0, delay_s: 0, repeat: 0, every_s: 0 }],
    fired_count: 0,
    error_count: 2,
    last_error: '设备离线',
  }),
];

const SOURCES = [
  { id: 11, name: '温度', unit: '℃', rw: 'r', data_type: 'float' },
  { id: 12, name: '门状态', unit: '', rw: 'r', data_type: 'bit' },
  { id: 21, name: '压缩机', unit: '', rw: 'rw', data_type: 'bit' },
];

function target(over: Partial<Target> = {}): Target {
  return {
    id: 4,
    name: 'MES 接口',
    kind: 'http',
    config: { url: 'https://mes.example.com/in', headers: { 'X-Plant': 'A' } },
    has_secret: true,
    created_at: 1798761600000,
    updated_at: 1798848000000,
    ...over,
  };
}

const TARGETS: Target[] = [
  target(),
  target({ id: 5, name: '平台表', kind: 'table', config: {}, has_secret: false }),
];

function trace(over: Partial<Trace> = {}): Trace {
  return {
    id: 1,
    at: 1799222400000,
    device_id: 40,
    device_alias: '1号冷库',
    outcome: 'done',
    inputs: { '11': 85 },
    matched: '门状态 = 1',
    actions: [{ kind: 'notify', ok: true, detail: '2 条消息', error: '' }],
    took_ms: 12,
    error: '',
    ...over,
  };
}

const page = (items: readonly unknown[]) => ok({ items, total: items.length, page: 1, page_size: 200 });

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/automation/rules': () => ok({ items: RULES, total: RULES.length, page: 1, page_size: 20 }),
    'PUT /yun/automation/rules/7/enabled': () => ok({ ...RULES[0], enabled: false }),
    'PUT /yun/automation/rules/8/enabled': () => ok({ ...RULES[1], enabled: true }),
    'PUT /yun/automation/rules/7': (config) => ok({ ...RULES[0], ...(bodyOf(config) as object) }),
    'DELETE /yun/automation/rules/7': () => ok(null),
    'POST /yun/automation/rules/7/copy': () => ok(rule({ id: 9, name: '高温通知 (copy)', enabled: false })),
    'GET /yun/automation/rules/7/trace': () =>
      ok({
        list: [
          trace(),
          trace({
            id: 2,
            outcome: 'failed',
            actions: [{ kind: 'write', ok: false, detail: '', error: '设备离线' }],
          }),
        ],
      }),
    'POST /yun/automation/rules/7/dry-run': () =>
      ok({
        points: [
          { ts: Date.now() - 3_600_000, value: 70 },
          { ts: Date.now() - 1_800_000, value: 85 },
        ],
        firings: [
          {
            ts: Date.now() - 1_800_000,
            inputs: { '11': 85 },
            matched: '门状态 = 1',
            actions: [{ kind: 'notify', summary: '通知 admin（站内消息）' }],
          },
        ],
        evaluated: 40,
        truncated: true,
      }),
    'GET /yun/module': () => page([{ id: 2, name: '冷库模板' }]),
    'GET /yun/module/dataSource': () => page(SOURCES),
    'GET /yun/module/bind': () =>
      page([
        {
          device: { id: 40, sn_code: 'IOT40', alias: '1号冷库', group_name: '一车间' },
          bound_template_id: 2,
          bound_template_name: '冷库模板',
          missing_types: [],
          supported: true,
        },
      ]),
    'GET /yun/dev/group': () => ok([{ id: 4, name: '一车间', is_default: false }]),
    'GET /dev/basic/40': () => ok({ id: 40, sn_code: 'IOT40', alias: '1号冷库' }),
    'GET /yun/userInfo': () => page([{ id: 3, user_name: 'admin', nick_name: '管理员' }]),
    'GET /yun/user/role': () => page([]),
    'GET /yun/user/group': () => ok([]),
    'GET /yun/webhooks': () => page([]),
    'GET /yun/automation/targets': () => ok({ list: TARGETS }),
    'PUT /yun/automation/targets/4': (config) => ok({ ...TARGETS[0], ...(bodyOf(config) as object) }),
    'POST /yun/automation/targets/4/test': () => ok({ ok: false, error: 'HTTP 503', retry: true }),
    'DELETE /yun/automation/targets/4': () => fail('117873', '转发目标正在被规则使用'),
    'GET /yun/automation/targets/5/rows': () =>
      ok({
        items: [
          {
            id: 1,
            sn: 'IOT40',
            alias: '1号冷库',
            name: '温度',
            value: 85.5,
            ts: Date.now(),
            received_at: Date.now(),
          },
        ],
        total: 1,
      }),
    ...over,
  };
}

function renderPage(calls: Record<string, Handler> = handlers(), entry = URL) {
  const made = mockApi(calls);
  const { router } = renderRoutes([{ path: URL, Component: AutomationPage }], { initialEntries: [entry] });
  return { calls: made, router };
}

const sent = (calls: ReturnType<typeof mockApi>, method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url).map(bodyOf);

const rowOf = async (name: string) =>
  (await screen.findByRole('button', { name })).closest<HTMLElement>('tr, .data-card')!;

const drawer = (title: string) =>
  waitFor(() => {
    const box = screen
      .getAllByRole('dialog')
      .find((el) => el.querySelector('.ant-drawer-title')?.textContent === title);
    expect(box).toBeDefined();
    return box!;
  });

const confirmation = (title: string) =>
  waitFor(() => {
    const box = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((el) =>
      el.textContent.includes(title),
    );
    expect(box).toBeDefined();
    return box!;
  });

const itemOf = (el: HTMLElement) => el.closest<HTMLElement>('.ant-form-item')!;

async function more(user: ReturnType<typeof userEvent.setup>, name: string, label: string) {
  await user.click(await screen.findByRole('button', { name: `「${name}」的更多操作` }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

/** Opens a select by its label and picks the option titled `title`. */
async function choose(
  user: ReturnType<typeof userEvent.setup>,
  within_: HTMLElement,
  label: string,
  title: string,
) {
  await user.click(within(within_).getByLabelText(label));
  const options = await screen.findAllByTitle(title);
  await user.click(options.at(-1)!);
}

beforeEach(() => {
  signInAs(['P40000', 'P45000']);
});

afterEach(() => {
  resetScreenWidth();
  vi.restoreAllMocks();
});

describe('the rules', () => {
  it('lists each with its scope, trigger in words, counts and errors', async () => {
    renderPage();
    const first = await rowOf('高温通知');
    expect(await within(first).findByText('冷库模板 · 全部设备')).toBeInTheDocument();
    expect(await within(first).findByText('温度 > 80，持续 30 秒')).toBeInTheDocument();
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByRole('switch', { name: '启用或停用「高温通知」' })).toBeChecked();

    const second = await rowOf('夜间停机');
    expect(await within(second).findByText('冷库模板 · 1号冷库 (IOT40)')).toBeInTheDocument();
    expect(within(second).getByText('每天 02:00')).toBeInTheDocument();
    expect(within(second).getByLabelText('2 个错误：设备离线')).toBeInTheDocument();
    expect(within(second).getByRole('switch')).not.toBeChecked();
  });

  it('asks with the search and filters', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await rowOf('高温通知');
    await user.type(screen.getByRole('searchbox', { name: '搜索规则名称' }), '高温{Enter}');
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/yun/automation/rules').at(-1)?.params).toMatchObject({
        keyword: '高温',
        page: 1,
        page_size: 20,
      });
    });
  });

  it('says when there is none, and when they failed to load', async () => {
    const user = userEvent.setup();
    let answers = 0;
    renderPage(
      handlers({
        'GET /yun/automation/rules': () =>
          ++answers === 1 ? fail('100003', '服务异常') : ok({ items: [], total: 0, page: 1, page_size: 20 }),
      }),
    );
    expect(await screen.findByText('规则加载失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('还没有自动化规则')).toBeInTheDocument();
  });

  it('switches a rule on and off at once, saying so', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const second = await rowOf('夜间停机');
    await user.click(within(second).getByRole('switch'));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/automation/rules/8/enabled')).toEqual([{ enabled: true }]);
    });
    expect(await screen.findByText('「夜间停机」已启用')).toBeInTheDocument();
    const first = await rowOf('高温通知');
    await user.click(within(first).getByRole('switch'));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/automation/rules/7/enabled')).toEqual([{ enabled: false }]);
    });
    expect(await screen.findByText('「高温通知」已停用，不再触发')).toBeInTheDocument();
  });

  it('copies one, and deletes one after asking', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await rowOf('高温通知');
    await more(user, '高温通知', '复制');
    expect(await screen.findByText('已复制为「高温通知 (copy)」（未启用）')).toBeInTheDocument();
    await more(user, '高温通知', '删除');
    const ask = await confirmation('删除规则「高温通知」？');
    expect(calls.filter((c) => c.method === 'delete')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'delete' && c.url === '/yun/automation/rules/7')).toHaveLength(
        1,
      );
    });
  }, 60_000); // a bound for a stall only

  it('shows one card per rule on a phone, each with its switch', async () => {
    setScreenWidth(390);
    const user = userEvent.setup();
    const { calls } = renderPage();
    const card = await rowOf('夜间停机');
    expect(document.querySelector('table')).toBeNull();
    expect(card).toHaveClass('data-card');
    await user.click(within(card).getByRole('switch', { name: '启用或停用「夜间停机」' }));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/automation/rules/8/enabled')).toEqual([{ enabled: true }]);
    });
  });
});

describe('the rule form', () => {
  it('checks a new rule’s fields and shows each trigger kind’s own', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await rowOf('高温通知');
    await user.click(screen.getByRole('button', { name: /新建规则/ }));
    const form = await drawer('新建规则');
    // A threshold to start with: its source, comparison, value, hold and hysteresis.
    expect(within(form).getByLabelText('持续（秒）')).toBeInTheDocument();
    expect(within(form).getByLabelText('回差')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));
    expect(await within(form).findByText('请输入名称')).toBeInTheDocument();
    expect(await within(form).findByText('请选择模板')).toBeInTheDocument();
    expect(await within(form).findAllByText('请选择数据源')).not.toHaveLength(0);
    expect(await within(form).findByText('请输入通知内容')).toBeInTheDocument();

    await choose(user, form, '触发方式', '定时');
    expect(within(form).queryByLabelText('持续（秒）')).toBeNull();
    expect(within(form).getByLabelText('时间')).toHaveValue('08:00');
    await user.click(within(form).getByRole('radio', { name: '每周' }));
    expect(await within(form).findByRole('checkbox', { name: '周一' })).toBeChecked();
    await user.clear(within(form).getByLabelText('时间'));
    await user.type(within(form).getByLabelText('时间'), '25:00');
    expect(await within(form).findByText('请输入 HH:mm 格式的时间，例如 08:30')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Cron' }));
    expect(await within(form).findByLabelText('Cron 表达式')).toBeInTheDocument();

    await choose(user, form, '触发方式', '告警');
    expect(await within(form).findByLabelText('告警事件')).toBeInTheDocument();
    expect(sent(calls, 'post', '/yun/automation/rules')).toHaveLength(0);
  }, 60_000); // a bound for a stall only

  it('creates a rule as the form holds it, after a dry run of it unsaved', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(
      handlers({
        'POST /yun/automation/rules': (config) =>
          ok(rule({ id: 10, enabled: false, ...(bodyOf(config) as object) })),
        'POST /yun/automation/dry-run': () =>
          ok({ points: [], firings: [], evaluated: 12, truncated: false }),
      }),
    );
    await rowOf('高温通知');
    await user.click(screen.getByRole('button', { name: /新建规则/ }));
    const form = await drawer('新建规则');
    await user.type(within(form).getByLabelText('名称'), ' 冷库高温 ');
    await choose(user, form, '模板', '冷库模板');
    await choose(user, form, '数据源', '温度 (℃)');
    await user.type(within(form).getByLabelText('值'), '-5');
    await choose(user, form, '接收用户', '管理员 (admin)');
    await user.type(within(form).getByLabelText('通知内容'), '冷库温度过高');

    await user.click(within(form).getByRole('button', { name: /试运行/ }));
    const trial = await drawer('试运行：冷库高温');
    expect(within(trial).getByText('按表单中尚未保存的规则试运行。')).toBeInTheDocument();
    await choose(user, trial, '设备', '1号冷库 (IOT40)');
    await user.click(within(trial).getByRole('button', { name: /运\s*行/ }));
    expect(
      await within(trial).findByText('判断 12 次，会触发 0 次（不会真正下发或发送）'),
    ).toBeInTheDocument();
    expect(within(trial).getByText('在该时间范围内不会触发')).toBeInTheDocument();
    const [tried] = sent(calls, 'post', '/yun/automation/dry-run') as {
      rule: { name: string };
      device_id: number;
    }[];
    expect(tried).toMatchObject({ device_id: 40, rule: { name: '冷库高温', template_id: 2 } });
    await user.click(within(trial).getByRole('button', { name: '关闭' }));

    await user.click(within(form).getByRole('button', { name: /创\s*建/ }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/automation/rules')).toHaveLength(1);
    });
    expect(sent(calls, 'post', '/yun/automation/rules')[0]).toEqual({
      name: '冷库高温',
      description: '',
      template_id: 2,
      scope: 'template',
      scope_id: null,
      trigger: { kind: 'threshold', source_id: 11, op: 'gt', value: -5, hold_s: 0, hysteresis: 0 },
      conditions: { join: 'and', items: [] },
      actions: [
        {
          kind: 'notify',
          user_ids: [3],
          role_ids: [],
          group_ids: [],
          channels: ['console'],
          text: '冷库温度过高',
          delay_s: 0,
          repeat: 0,
          every_s: 0,
        },
      ],
      rate_per_minute: 6,
    });
    expect(await screen.findByText('「冷库高温」已创建（未启用，可在列表中启用）')).toBeInTheDocument();
  }, 60_000); // a bound for a stall only

  it('offers a write only the writable data sources, and a notification its placeholders', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: '高温通知' }));
    const form = await drawer('编辑规则「高温通知」');
    expect(within(form).getByLabelText('通知内容')).toHaveValue('{alias}: {name} is {value}');
    expect(within(form).getByText('可用占位符：{alias} {sn} {name} {value} {rule}')).toBeInTheDocument();
    await choose(user, form, '动作 1 的类型', '下发数据');
    const source = await within(form).findByLabelText('下发到数据源');
    await user.click(source);
    const options = (await screen.findByTitle('压缩机')).closest<HTMLElement>('.ant-select-dropdown')!;
    expect(within(options).queryByTitle('门状态')).toBeNull();
    expect(within(options).queryByTitle('温度 (℃)')).toBeNull();
  }, 60_000); // a bound for a stall only

  it('puts the server’s refusal on the nested field it names, opening a folded one', async () => {
    const user = userEvent.setup();
    let answer = 0;
    const { calls } = renderPage(
      handlers({
        'PUT /yun/automation/rules/7': () =>
          ++answer === 1
            ? fail('117865', '持续时间超出范围', 'trigger.hold_s')
            : fail('117868', '重复间隔须为 10 – 86400 秒', 'actions.0.every_s'),
      }),
    );
    await user.click(await screen.findByRole('button', { name: '高温通知' }));
    const form = await drawer('编辑规则「高温通知」');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    const hold = itemOf(within(form).getByLabelText('持续（秒）'));
    expect(await within(hold).findByText('持续时间超出范围')).toBeInTheDocument();
    expect(sent(calls, 'put', '/yun/automation/rules/7')[0]).toMatchObject({
      name: '高温通知',
      trigger: { kind: 'threshold', source_id: 11, op: 'gt', value: 80, hold_s: 30, hysteresis: 2 },
      conditions: { join: 'and', items: [{ source_id: 12, op: 'eq', value: 1 }] },
    });

    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    const every = itemOf(within(form).getByLabelText('重复间隔（秒）'));
    expect(await within(every).findByText('重复间隔须为 10 – 86400 秒')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: /延迟与重复/, expanded: true })).toBeInTheDocument();
  }, 60_000); // a bound for a stall only
});

describe('the trace', () => {
  it('lists the evaluations with their outcome, matched condition and actions', async () => {
    const user = userEvent.setup();
    renderPage();
    const first = await rowOf('高温通知');
    await user.click(within(first).getByRole('button', { name: '运行记录' }));
    const box = await drawer('运行记录：高温通知');
    expect(await within(box).findByText('已完成')).toBeInTheDocument();
    expect(within(box).getByText('失败')).toBeInTheDocument();
    expect(within(box).getAllByText('门状态 = 1')).toHaveLength(2);
    expect(within(box).getByText('发送通知 成功')).toBeInTheDocument();
    expect(within(box).getByText('下发数据 失败')).toBeInTheDocument();
    expect(within(box).getAllByText('12 ms')).toHaveLength(2);
  });

  it('says when nothing was evaluated yet', async () => {
    const user = userEvent.setup();
    renderPage(handlers({ 'GET /yun/automation/rules/7/trace': () => ok({ list: [] }) }));
    const first = await rowOf('高温通知');
    await user.click(within(first).getByRole('button', { name: '运行记录' }));
    const box = await drawer('运行记录：高温通知');
    expect(await within(box).findByText('还没有运行记录')).toBeInTheDocument();
  });
});

describe('the dry run', () => {
  it('runs a saved rule on a device and shows the firings over the chart', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await rowOf('高温通知');
    await more(user, '高温通知', '试运行');
    const box = await drawer('试运行：高温通知');
    await choose(user, box, '设备', '1号冷库 (IOT40)');
    await user.click(within(box).getByRole('button', { name: /运\s*行/ }));
    expect(await within(box).findByText('判断 40 次，会触发 1 次（不会真正下发或发送）')).toBeInTheDocument();
    expect(within(box).getByText('结果已截断')).toBeInTheDocument();
    expect(within(box).getByRole('img', { name: '温度 (℃) 的历史数据与触发时刻' })).toHaveAttribute(
      'data-firings',
      '1',
    );
    expect(within(box).getByText('通知 admin（站内消息）')).toBeInTheDocument();
    const [body] = sent(calls, 'post', '/yun/automation/rules/7/dry-run') as {
      device_id: number;
      start: number;
      end: number;
    }[];
    expect(body!.device_id).toBe(40);
    expect(body!.end - body!.start).toBe(86_400_000);
  }, 60_000); // a bound for a stall only

  it('says why a trigger cannot be replayed', async () => {
    const user = userEvent.setup();
    renderPage(
      handlers({
        'POST /yun/automation/rules/7/dry-run': () => fail('117876', '该触发方式不能用历史数据重放', 'start'),
      }),
    );
    await rowOf('高温通知');
    await more(user, '高温通知', '试运行');
    const box = await drawer('试运行：高温通知');
    await choose(user, box, '设备', '1号冷库 (IOT40)');
    await user.click(within(box).getByRole('button', { name: /运\s*行/ }));
    expect(await within(box).findByText('该触发方式不能用历史数据重放')).toBeInTheDocument();
  }, 60_000); // a bound for a stall only
});

describe('the forward targets', () => {
  it('keeps a target’s secret when its box is left empty', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(handlers(), `${URL}?tab=targets`);
    await user.click(await screen.findByRole('button', { name: 'MES 接口' }));
    const form = await drawer('编辑转发目标「MES 接口」');
    const secret = within(form).getByLabelText('Bearer 令牌');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', '已设置');
    expect(within(form).getByText('已设置密钥；留空则保持不变，填写则替换')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(sent(calls, 'put', '/yun/automation/targets/4')).toEqual([
        {
          name: 'MES 接口',
          kind: 'http',
          config: { url: 'https://mes.example.com/in', headers: { 'X-Plant': 'A' } },
          secret: null,
        },
      ]);
    });
  }, 60_000); // a bound for a stall only

  it('shows a test’s result and why a target in use cannot be deleted', async () => {
    const user = userEvent.setup();
    renderPage(handlers(), `${URL}?tab=targets`);
    const row = await rowOf('MES 接口');
    expect(within(row).getByText('已设置')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '测试' }));
    expect(await screen.findByText('「MES 接口」测试失败：HTTP 503')).toBeInTheDocument();
    expect(await within(row).findByText('失败')).toBeInTheDocument();

    await more(user, 'MES 接口', '删除');
    const ask = await confirmation('删除转发目标「MES 接口」？');
    await user.click(within(ask).getByRole('button', { name: /删\s*除/ }));
    expect(
      await screen.findByText('「MES 接口」正在被规则使用，请先修改或删除这些规则的转发动作'),
    ).toBeInTheDocument();
  }, 60_000); // a bound for a stall only

  it('shows the rows the platform table received', async () => {
    const user = userEvent.setup();
    renderPage(handlers(), `${URL}?tab=targets`);
    await rowOf('平台表');
    await more(user, '平台表', '收到的数据');
    expect(await screen.findByText('「平台表」收到的数据')).toBeInTheDocument();
    expect(await screen.findByText('85.5')).toBeInTheDocument();
    expect(screen.getByText('1号冷库')).toBeInTheDocument();
  });
});
