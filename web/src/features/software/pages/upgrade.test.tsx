import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import type { UpgradeCandidateOut, UpgradeDeviceOut, UpgradeOut } from '../api/upgrades';
import type { SoftwareVersionOut } from '../api/versions';
import SoftwareUpgradePage from './upgrade';

const COUNTS = {
  updatable: 0,
  downloading: 0,
  download_failed: 0,
  updating: 0,
  updated: 0,
  update_failed: 0,
  cancelled: 0,
};

function rollout(over: Partial<UpgradeOut> = {}): UpgradeOut {
  return {
    id: 7,
    version_id: 3,
    to_version: '9.1.0',
    mode: 1,
    state: 1,
    reason: '',
    wave: 0,
    waves: 3,
    first_wave: 1,
    step_percent: 50,
    failure_percent: 20,
    total: 10,
    counts: {
      ...COUNTS,
      updatable: 3,
      downloading: 1,
      updating: 1,
      updated: 3,
      download_failed: 1,
      update_failed: 1,
    },
    created_by_name: '管理员',
    created_at: Date.UTC(2026, 10, 30, 2, 0),
    finished_at: null,
    ...over,
  };
}

const ROLLOUTS = [
  rollout(),
  rollout({
    id: 6,
    to_version: '9.0.0',
    mode: 0,
    state: 2,
    reason: 'failure_threshold',
    wave: 1,
    counts: { ...COUNTS, updated: 4, update_failed: 2, updatable: 4 },
  }),
  rollout({
    id: 5,
    to_version: '8.0.0',
    mode: 0,
    state: 4,
    waves: 1,
    total: 2,
    counts: { ...COUNTS, updated: 2 },
    finished_at: Date.UTC(2026, 10, 29, 2, 0),
  }),
];

function deviceUpgrade(over: Partial<UpgradeDeviceOut> = {}): UpgradeDeviceOut {
  return {
    id: 1,
    upgrade_id: 7,
    device_id: 11,
    sn_code: 'IOT0000011',
    dev_alias: '污水处理',
    dev_model: 'GW100',
    from_version: '2.0.5',
    to_version: '9.1.0',
    wave: 0,
    state: 2,
    progress: 45,
    reason: '',
    created_by_name: '管理员',
    created_at: Date.UTC(2026, 10, 30, 2, 0),
    updated_at: Date.UTC(2026, 10, 30, 2, 1),
    finished_at: null,
    ...over,
  };
}

const DEVICE_UPGRADES = [
  deviceUpgrade(),
  deviceUpgrade({
    id: 2,
    device_id: 7,
    sn_code: 'IOT0000007',
    dev_alias: '冷库温控',
    state: 3,
    progress: 80,
    reason: 'sha256 mismatch',
  }),
  deviceUpgrade({ id: 3, device_id: 9, sn_code: 'IOT0000009', dev_alias: '锅炉房', state: 1, wave: 2 }),
];

function version(over: Partial<SoftwareVersionOut> = {}): SoftwareVersionOut {
  return {
    id: 3,
    type: 1,
    version: '9.1.0',
    models: ['GW100'],
    content_zh: '提高轮询效率',
    content_en: 'Faster polling',
    mode: 1,
    state: 1,
    kind: 'gateway',
    file_name: 'gateway-9.1.0.tar.gz',
    size: 1536,
    sha256: 'a'.repeat(64),
    created_by_name: '管理员',
    created_at: Date.UTC(2026, 10, 30, 2, 0),
    updated_at: Date.UTC(2026, 10, 30, 2, 0),
    ...over,
  };
}

function candidate(over: Partial<UpgradeCandidateOut> = {}): UpgradeCandidateOut {
  return {
    device_id: 1,
    sn_code: 'IOT0000001',
    dev_alias: '1号空压机',
    group_id: 2,
    group_name: '生产车间',
    dev_model: 'GW100',
    firmware_version: '2.1.0',
    dev_state: 1,
    updatable: true,
    refusal: null,
    ...over,
  };
}

const CANDIDATES = [
  candidate(),
  candidate({
    device_id: 12,
    sn_code: 'IOT0000012',
    dev_alias: '备用网关',
    dev_state: 2,
    updatable: false,
    refusal: 116007,
  }),
  candidate({
    device_id: 3,
    sn_code: 'IOT0000003',
    dev_alias: '冷却塔',
    dev_model: 'GW200',
    updatable: false,
    refusal: 116009,
  }),
  candidate({
    device_id: 9,
    sn_code: 'IOT0000009',
    dev_alias: '锅炉房',
    firmware_version: '9.1.0',
    updatable: false,
    refusal: 116012,
  }),
  candidate({ device_id: 11, sn_code: 'IOT0000011', dev_alias: '污水处理', firmware_version: '2.0.5' }),
  candidate({
    device_id: 14,
    sn_code: 'IOT0000014',
    dev_alias: '无守护网关',
    firmware_version: '2.0.0',
    updatable: false,
    refusal: 110579,
  }),
];

const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, page_size: 20 });

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /software/upgrade': () => page(ROLLOUTS),
    'GET /software/upgrade/info': () => ok(rollout()),
    'GET /software/history': () => page(DEVICE_UPGRADES),
    'GET /software/version': () => page([version(), version({ id: 4, version: '9.0.5', state: 0 })]),
    'GET /software/upgrade/devices': () =>
      ok({
        items: CANDIDATES,
        total: CANDIDATES.length,
        page: 1,
        page_size: 10,
        updatable_ids: [1, 11, 21],
        versions: ['2.0.5', '2.1.0', '9.1.0'],
      }),
    'GET /yun/dev/group': () => ok([{ id: 2, name: '生产车间', is_default: false }]),
    ...over,
  };
}

function renderPage(search = '') {
  return renderRoutes([{ path: '/software/upgrade', element: <SoftwareUpgradePage /> }], {
    initialEntries: [`/software/upgrade${search}`],
  });
}

const rowOf = async (text: string, inside: HTMLElement = document.body) => {
  const [cell] = await within(inside).findAllByText(text);
  const row = cell?.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

const wizard = async () => {
  const [heading] = await screen.findAllByText('新建升级', { selector: '.ant-modal-title' });
  const dialog = heading?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('no wizard');
  return dialog;
};

const drawer = async () => {
  const title = await screen.findByText(/^升级任务 #\d+$/, { selector: '.ant-drawer-title' });
  const panel = title.closest<HTMLElement>('.ant-drawer-section, .ant-drawer-content');
  if (!panel) throw new Error('no drawer');
  return panel;
};

beforeEach(() => {
  signInAs(['P140000', 'P142000']);
  resetScreenWidth();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SoftwareUpgradePage', () => {
  it('lists the rollouts with their version, progress, state and wave', async () => {
    mockApi(handlers());
    renderPage();
    const running = await rowOf('9.1.0');
    expect(within(running).getByText('强制')).toBeInTheDocument();
    expect(within(running).getByText('3/10 已更新')).toBeInTheDocument();
    expect(within(running).getByText('2 台失败')).toBeInTheDocument();
    expect(within(running).getByText('进行中')).toBeInTheDocument();
    expect(within(running).getByText('1 / 3')).toBeInTheDocument();
    expect(within(running).getByRole('button', { name: /暂\s*停/ })).toBeInTheDocument();
    const paused = await rowOf('9.0.0');
    expect(within(paused).getByText('已暂停')).toBeInTheDocument();
    expect(within(paused).getByText('失败率超过阈值，已自动暂停')).toBeInTheDocument();
    expect(within(paused).getByText('2 / 3')).toBeInTheDocument();
    expect(within(paused).getByRole('button', { name: /继\s*续/ })).toBeInTheDocument();
    const finished = await rowOf('8.0.0');
    expect(within(finished).getByText('已完成')).toBeInTheDocument();
    expect(within(finished).queryByText('强制')).toBeNull();
    expect(within(finished).queryByRole('button', { name: /暂\s*停|继\s*续/ })).toBeNull();
  });

  it('filters the rollouts by state through the address', async () => {
    const user = userEvent.setup();
    const calls = mockApi(handlers());
    const { router } = renderPage();
    await rowOf('9.1.0');
    await user.click(screen.getByRole('combobox', { name: '任务状态' }));
    await user.click(await screen.findByTitle('已暂停'));
    await waitFor(() => expect(router.state.location.search).toContain('state=2'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/software/upgrade').at(-1)?.params).toMatchObject({
        state: 2,
        page: 1,
      }),
    );
  });

  it('says when there is no rollout yet, and shows a failed list with a retry', async () => {
    mockApi(handlers({ 'GET /software/upgrade': () => page([]) }));
    renderPage();
    expect(await screen.findByText('还没有升级任务')).toBeInTheDocument();
    mockApi(handlers({ 'GET /software/upgrade': () => fail('100003', '服务异常') }));
    renderPage('?state=1');
    expect(await screen.findByText('升级任务加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });

  it('asks before cancelling a rollout, naming its version, then cancels it', async () => {
    const user = userEvent.setup();
    const calls = mockApi(
      handlers({ 'POST /software/upgrade/cancel': () => ok(rollout({ state: 3, reason: 'cancelled' })) }),
    );
    renderPage();
    const row = await rowOf('9.1.0');
    await user.click(within(row).getByRole('button', { name: '升级任务 9.1.0 的更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '取消任务' }));
    const [question] = await screen.findAllByText('取消升级到 9.1.0 的任务？');
    expect(calls.filter((c) => c.method === 'post')).toEqual([]);
    const dialog = question?.closest<HTMLElement>('.ant-modal-confirm');
    if (!dialog) throw new Error('no confirmation');
    await user.click(within(dialog).getByRole('button', { name: /取消任务/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'post').map((c) => [c.url, bodyOf(c)])).toEqual([
        ['/software/upgrade/cancel', { id: 7 }],
      ]),
    );
    expect(await screen.findByText('任务已取消')).toBeInTheDocument();
  });

  it('starts a rollout: a published version, updatable devices only, phased settings; a refusal stays', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const calls = mockApi(
      handlers({
        'POST /software/upgrade': (config) => {
          sent.push(bodyOf(config));
          return fail('116007', '设备不在线，无法升级（污水处理）', 'device_ids');
        },
      }),
    );
    renderPage();
    await rowOf('9.1.0');
    await user.click(screen.getByRole('button', { name: /新建升级/ }));
    const dialog = await wizard();
    const next = () => within(dialog).getByRole('button', { name: /下一步/ });
    expect(next()).toBeDisabled();

    // (a) Only the published versions are offered; the chosen one's content shows below.
    await user.click(within(dialog).getByRole('combobox', { name: '目标版本' }));
    expect(await screen.findByTitle('9.1.0')).toBeInTheDocument();
    expect(screen.queryByTitle('9.0.5')).toBeNull();
    await user.click(screen.getByTitle('9.1.0'));
    expect(await within(dialog).findByText('提高轮询效率')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/software/version')?.params).toMatchObject({ type: 1 });
    await user.click(next());

    // (b) The devices that cannot take it are not selectable and say why.
    const offline = await rowOf('IOT0000012');
    expect(within(offline).getByText('离线')).toBeInTheDocument();
    expect(within(offline).getByRole('checkbox')).toBeDisabled();
    expect(within(await rowOf('IOT0000003')).getByText('型号不符')).toBeInTheDocument();
    expect(within(await rowOf('IOT0000003')).getByRole('checkbox')).toBeDisabled();
    const upToDate = await rowOf('IOT0000009');
    expect(within(upToDate).getByText('已是最新')).toBeInTheDocument();
    expect(within(upToDate).getByRole('checkbox')).toBeDisabled();
    const unsupervised = await rowOf('IOT0000014');
    expect(within(unsupervised).getByText('不支持升级')).toBeInTheDocument();
    expect(within(unsupervised).getByRole('checkbox')).toBeDisabled();
    expect(within(await rowOf('IOT0000001')).getByRole('checkbox')).toBeEnabled();
    expect(calls.find((c) => c.url === '/software/upgrade/devices')?.params).toMatchObject({ version_id: 3 });
    expect(next()).toBeDisabled();
    // Every updatable device matching the filters, those on other pages too.
    await user.click(within(dialog).getByRole('button', { name: /选择全部可升级（3）/ }));
    expect(within(dialog).getAllByText('已选 3 台').length).toBeGreaterThan(0);
    expect(within(await rowOf('IOT0000011')).getByRole('checkbox')).toBeChecked();
    // Unchoosing one on this page keeps the others.
    await user.click(within(await rowOf('IOT0000001')).getByRole('checkbox'));
    expect(within(dialog).getAllByText('已选 2 台').length).toBeGreaterThan(0);
    await user.click(within(await rowOf('IOT0000001')).getByRole('checkbox'));
    await user.click(next());

    // (c) Phased: a first wave, a share per wave, a failure threshold.
    await user.click(within(dialog).getByRole('switch', { name: '分批升级' }));
    const first = within(dialog).getByRole('spinbutton', { name: '首批设备数' });
    await user.clear(first);
    await user.type(first, '1');
    const step = within(dialog).getByRole('spinbutton', { name: '之后每批比例' });
    await user.clear(step);
    await user.type(step, '50');
    const failure = within(dialog).getByRole('spinbutton', { name: '失败率阈值' });
    await user.clear(failure);
    await user.type(failure, '10');
    expect(await within(dialog).findByText('共 2 批：1 / 2 台')).toBeInTheDocument();
    await user.click(next());

    // (d) The summary, then a refusal shown in the dialog.
    expect(await within(dialog).findByText('3 台')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/强制模式/).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('共 2 批：1 / 2 台')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /开始升级/ }));
    expect(await within(dialog).findByText('设备不在线，无法升级（污水处理）')).toBeInTheDocument();
    expect(sent).toEqual([
      { version_id: 3, device_ids: [11, 21, 1], first_wave: 1, step_percent: 50, failure_percent: 10 },
    ]);
  });

  it('sends every device at once when not phased, then opens the new rollout', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi(
      handlers({
        'POST /software/upgrade': (config) => {
          sent.push(bodyOf(config));
          return ok(rollout({ id: 8, waves: 1, total: 1, counts: { ...COUNTS, updatable: 1 } }));
        },
        'GET /software/upgrade/info': () =>
          ok(rollout({ id: 8, waves: 1, total: 1, counts: { ...COUNTS, updatable: 1 } })),
      }),
    );
    const { router } = renderPage('?tab=history');
    await rowOf('IOT0000011');
    await user.click(screen.getByRole('button', { name: /新建升级/ }));
    const dialog = await wizard();
    await user.click(within(dialog).getByRole('combobox', { name: '目标版本' }));
    await user.click(await screen.findByTitle('9.1.0'));
    await user.click(within(dialog).getByRole('button', { name: /下一步/ }));
    await user.click(within(await rowOf('IOT0000011', dialog)).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: /下一步/ }));
    expect(within(dialog).getByRole('switch', { name: '分批升级' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: /下一步/ }));
    await user.click(within(dialog).getByRole('button', { name: /开始升级/ }));
    await waitFor(() =>
      expect(sent).toEqual([
        { version_id: 3, device_ids: [11], first_wave: 0, step_percent: 100, failure_percent: 100 },
      ]),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?id=8'));
    expect(await drawer()).toBeInTheDocument();
  });

  it('opens a rollout from the address, shows its devices’ progress and reasons, and polls while it runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let info = rollout();
    const calls = mockApi(handlers({ 'GET /software/upgrade/info': () => ok(info) }));
    renderPage('?id=7');
    const panel = await drawer();
    expect(within(panel).getByText('每 2 秒自动刷新')).toBeInTheDocument();
    const downloading = await rowOf('IOT0000011');
    expect(within(downloading).getByText('下载中')).toBeInTheDocument();
    expect(within(downloading).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '45');
    const failed = await rowOf('IOT0000007');
    expect(within(failed).getByText('下载失败')).toBeInTheDocument();
    expect(within(failed).getByText('安装包校验失败（SHA-256 不一致）')).toBeInTheDocument();
    expect(within(await rowOf('IOT0000009')).getByText('等待第 3 批')).toBeInTheDocument();
    expect(within(panel).getByText('首批 1 台，之后每批 50% 的设备')).toBeInTheDocument();

    const asked = (url: string) => calls.filter((c) => c.url === url).length;
    const before = { info: asked('/software/upgrade/info'), devices: asked('/software/history') };
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(asked('/software/upgrade/info')).toBeGreaterThan(before.info));
    await waitFor(() => expect(asked('/software/history')).toBeGreaterThan(before.devices));

    // Once it has ended, nothing more is asked.
    info = rollout({ state: 4, finished_at: Date.UTC(2026, 10, 30, 3, 0) });
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(await within(panel).findByText('已完成')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('每 2 秒自动刷新')).toBeNull());
    const ended = { info: asked('/software/upgrade/info'), devices: asked('/software/history') };
    await act(() => vi.advanceTimersByTimeAsync(6500));
    expect(asked('/software/upgrade/info')).toBe(ended.info);
    expect(asked('/software/history')).toBeLessThanOrEqual(ended.devices + 1);
  });

  it('says why a rollout paused and resumes it from its details', async () => {
    const user = userEvent.setup();
    const calls = mockApi(
      handlers({
        'GET /software/upgrade/info': () => ok(ROLLOUTS[1]),
        'POST /software/upgrade/resume': () => ok(rollout({ id: 6, state: 1, wave: 2 })),
      }),
    );
    renderPage('?id=6');
    const panel = await drawer();
    expect(await within(panel).findByText(/第 2 批的失败率超过了 20% 的阈值/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /继\s*续/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'post').map((c) => [c.url, bodyOf(c)])).toEqual([
        ['/software/upgrade/resume', { id: 6 }],
      ]),
    );
  });

  it('says so when the rollout is not there', async () => {
    mockApi(handlers({ 'GET /software/upgrade/info': () => fail('100005', '数据不存在') }));
    renderPage('?id=99');
    expect(await screen.findByText('升级任务不存在或无权查看')).toBeInTheDocument();
  });

  it('shows a device’s history from the address with a filter that clears', async () => {
    const user = userEvent.setup();
    const calls = mockApi(handlers({ 'GET /software/history': () => page([DEVICE_UPGRADES[0]]) }));
    const { router } = renderPage('?device_id=11');
    expect(await screen.findByRole('tab', { name: /升级记录/, selected: true })).toBeInTheDocument();
    const row = await rowOf('IOT0000011');
    expect(within(row).getByRole('button', { name: '查看升级任务 #7' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/software/history')?.params).toMatchObject({ device_id: 11 });
    expect(screen.getByText('设备：污水处理')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '清除此筛选' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('device_id'));
    await user.click(within(await rowOf('IOT0000011')).getByRole('button', { name: '查看升级任务 #7' }));
    await waitFor(() => expect(router.state.location.search).toContain('id=7'));
  });
});
