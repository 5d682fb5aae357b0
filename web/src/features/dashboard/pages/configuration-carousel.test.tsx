import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestConfig } from '@/lib/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RuntimeScreenOut } from '@/lib/telemetry/get-device-screens';
import type { LiveDeviceOut } from '@/lib/telemetry/types';
import { setRtdClient } from '@/lib/ws';
import { installFakeRtd } from '@/test/fake-socket';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { liveItem } from '@/test/telemetry';
import type { CarouselDevice, CarouselGroup } from '../types';
import ConfigurationCarouselPage from './configuration-carousel';

const group = (over: Partial<CarouselGroup> & { id: number; name: string }): CarouselGroup => ({
  interval: 5,
  rotate: false,
  position: over.id,
  device_count: 0,
  ...over,
});

const device = (id: number, alias: string, hasScreen = true): CarouselDevice => ({
  device_id: id,
  sn_code: `IOT00000${String(id)}`,
  alias,
  dev_state: 1,
  registered: true,
  template_id: hasScreen ? 3 : null,
  has_main_screen: hasScreen,
  available: true,
});

const LINE = group({ id: 1, name: '一号产线', rotate: true, device_count: 3 });
const EMPTY = group({ id: 2, name: '备用分组', interval: 60 });
const DEVICES: Record<number, CarouselDevice[]> = {
  1: [device(11, '进水泵站'), device(12, '未绑定设备', false), device(13, '出水泵站')],
  2: [],
};

const params = (config: RequestConfig) => config.params as Record<string, number>;

// Each device's main screen shows data source 41 under an element named after the device.
function mainScreen(deviceId: number): RuntimeScreenOut {
  return {
    id: deviceId * 10,
    kind: 'web',
    name: '总览',
    is_main: true,
    sort: 1,
    width: 800,
    height: 450,
    document: {
      schema_version: 1,
      elements: [
        {
          id: `value-${String(deviceId)}`,
          type: 'value',
          placement: { x: 10, y: 10, w: 160, h: 30 },
          settings: { unit: 'MPa', decimals: 2 },
          bindings: { value: { data_source_id: 41 } },
        },
      ],
    } as unknown as RuntimeScreenOut['document'],
  };
}

const live = (deviceId: number): LiveDeviceOut => ({
  device_id: deviceId,
  sn_code: `IOT00000${String(deviceId)}`,
  dev_alias: '',
  dev_state: 1,
  report_time: 1,
  template_id: 3,
  template_version: 1,
  can_write: true,
  password_required: false,
  items: [liveItem({ id: 41, value: 0.82, ts: 1_000 })],
});

function handlers(groups: CarouselGroup[], over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /carousel': () => ok(groups),
    'GET /carousel/dev': (c) => ok(DEVICES[params(c).id ?? 0] ?? []),
    'GET /yun/v2/rDev/screens': (c) => {
      const id = params(c).device_id ?? 0;
      return ok({ device_id: id, template_id: 3, release: 1, screens: [mainScreen(id)] });
    },
    'GET /rDev': (c) => ok(live(params(c).device_id ?? 0)),
    'GET /yun/v2/rDev/config': () =>
      ok({ user_can_write: true, device_can_write: true, online: true, password_required: false }),
    'GET /rAlarmDev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
    ...over,
  };
}

function renderPage(groups: CarouselGroup[], over: Record<string, Handler> = {}) {
  const calls = mockApi(handlers(groups, over));
  renderRoutes([{ path: '/', element: <ConfigurationCarouselPage /> }]);
  return calls;
}

const shown = (deviceId: number) => document.querySelector(`[data-element-id="value-${String(deviceId)}"]`);
const stage = (name: string) => screen.getByRole('region', { name: `轮播画面：${name}` });

beforeEach(() => {
  signInAs(['P10000', 'P120000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
  vi.useRealTimers();
});

describe('ConfigurationCarouselPage', () => {
  it('lists the groups with their device count, interval and rotation, and shows the first group', async () => {
    renderPage([LINE, EMPTY]);
    const list = await screen.findByRole('listbox', { name: '轮播分组' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('一号产线');
    expect(options[0]).toHaveTextContent('3 台 · 5 秒');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(options[0]!).getByLabelText('组内轮播已开启')).toBeInTheDocument();
    expect(options[1]).toHaveTextContent('0 台 · 60 秒');
    expect(within(options[1]!).getByLabelText('组内轮播已关闭')).toBeInTheDocument();
    // The devices in order, the one without a screen marked.
    const devices = await screen.findByRole('list', { name: '分组“一号产线”的设备' });
    const items = within(devices).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('进水泵站'),
      expect.stringContaining('未绑定设备'),
      expect.stringContaining('出水泵站'),
    ]);
    expect(items[1]).toHaveTextContent('无画面');
    expect(items[0]).not.toHaveTextContent('无画面');
    await waitFor(() => expect(shown(11)).toHaveTextContent('0.82 MPa'));
  });

  it('says when there is no group yet and offers to create one', async () => {
    renderPage([]);
    expect(await screen.findByText('还没有轮播分组')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建第一个分组/ })).toBeInTheDocument();
  });

  // The dialog's title only: antd's test ids make every aria-labelledby the same in jsdom.
  const dialogTitled = async (title: string) => {
    const d = await screen.findByRole('dialog');
    expect(d).toHaveTextContent(title);
    return d;
  };

  it('opens the group dialog on each group with its own values, then empty for a new group (issue 30)', async () => {
    const user = userEvent.setup();
    renderPage([LINE, EMPTY]);
    const values = (d: HTMLElement) => ({
      name: within(d).getByLabelText<HTMLInputElement>('分组名称').value,
      interval: within(d).getByLabelText<HTMLInputElement>('轮播间隔').value,
      rotate: within(d).getByRole('switch').getAttribute('aria-checked'),
    });
    const cancel = (d: HTMLElement) => user.click(within(d).getByRole('button', { name: /取\s*消/ }));

    await user.click(await screen.findByRole('button', { name: '编辑分组“一号产线”' }));
    let d = await dialogTitled('编辑轮播分组');
    expect(values(d)).toEqual({ name: '一号产线', interval: '5', rotate: 'true' });
    await cancel(d);

    await user.click(screen.getByRole('button', { name: '编辑分组“备用分组”' }));
    d = await dialogTitled('编辑轮播分组');
    expect(values(d)).toEqual({ name: '备用分组', interval: '60', rotate: 'false' });
    await cancel(d);

    await user.click(screen.getAllByRole('button', { name: /新建分组/ })[0]!);
    d = await dialogTitled('新建轮播分组');
    expect(values(d)).toEqual({ name: '', interval: '30', rotate: 'false' });
  }, 60_000); // a bound for a stall only: four dialogs on a loaded machine

  it('saves the group a dialog was opened on after another group’s dialog (issue 30)', async () => {
    const user = userEvent.setup();
    const calls = renderPage([LINE, EMPTY], {
      'PUT /carousel': (c) => ok({ ...EMPTY, ...(bodyOf(c) as object) }),
    });
    await user.click(await screen.findByRole('button', { name: '编辑分组“一号产线”' }));
    await user.click(within(await dialogTitled('编辑轮播分组')).getByRole('button', { name: /取\s*消/ }));
    await user.click(screen.getByRole('button', { name: '编辑分组“备用分组”' }));
    await user.click(within(await dialogTitled('编辑轮播分组')).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    const put = calls.find((c) => c.method === 'put');
    expect(put && bodyOf(put)).toEqual({ id: 2, name: '备用分组', interval: 60, rotate: false });
  });

  it('shows the server’s refusal of a name beside the name field', async () => {
    const user = userEvent.setup();
    const calls = renderPage([LINE], {
      'POST /carousel': () => fail('202003', '轮播分组名称已存在', 'name'),
    });
    await screen.findByRole('listbox', { name: '轮播分组' });
    await user.click(screen.getAllByRole('button', { name: /新建分组/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: '新建轮播分组' });
    await user.type(within(dialog).getByLabelText('分组名称'), '一号产线');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    const message = await within(dialog).findByText('轮播分组名称已存在');
    expect(message.closest('.ant-form-item')).toContainElement(within(dialog).getByLabelText('分组名称'));
    const post = calls.find((c) => c.method === 'post');
    expect(post && bodyOf(post)).toEqual({ name: '一号产线', interval: 30, device_ids: [], rotate: false });
  });

  it('makes a group with its devices and rotation in one dialog (issue 30 point 7)', async () => {
    const user = userEvent.setup();
    const made = group({ id: 3, name: '二号产线', interval: 10, rotate: true, device_count: 2 });
    const calls = renderPage([LINE], {
      'GET /dev': () =>
        ok({
          items: [
            { id: 13, sn_code: 'IOT0000013', alias: '出水泵站' },
            { id: 11, sn_code: 'IOT0000011', alias: '进水泵站' },
          ],
          total: 2,
        }),
      'POST /carousel': () => ok(made),
    });
    await screen.findByRole('listbox', { name: '轮播分组' });
    await user.click(screen.getAllByRole('button', { name: /新建分组/ })[0]!);
    const d = await screen.findByRole('dialog');
    expect(d).toHaveTextContent('新建轮播分组');
    // Rotation waits for a device.
    expect(within(d).getByRole('switch')).toBeDisabled();
    await user.type(within(d).getByLabelText('分组名称'), '二号产线');
    const interval = within(d).getByLabelText('轮播间隔');
    await user.clear(interval);
    await user.type(interval, '10');
    await user.click(within(d).getByRole('combobox', { name: '选择设备' }));
    await user.click(await screen.findByText('出水泵站 (IOT0000013)'));
    await user.click(await screen.findByText('进水泵站 (IOT0000011)'));
    await user.click(within(d).getByRole('switch'));
    await user.click(within(d).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    const post = calls.find((c) => c.method === 'post');
    expect(post && bodyOf(post)).toEqual({
      name: '二号产线',
      interval: 10,
      device_ids: [13, 11],
      rotate: true,
    });
  }, 60_000); // a bound for a stall only

  it('moves to the next device with a screen after the interval, and stays while paused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderPage([LINE]);
    await waitFor(() => expect(shown(11)).toHaveTextContent('0.82 MPa'));
    const region = stage('一号产线');
    expect(region).toHaveTextContent('进水泵站');
    expect(region).toHaveTextContent('1 / 2');

    // 未绑定设备 has no main screen: the carousel goes on to 出水泵站.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(shown(13)).toHaveTextContent('0.82 MPa'));
    expect(shown(11)).toBeNull();
    expect(region).toHaveTextContent('出水泵站');
    expect(region).toHaveTextContent('2 / 2');

    await user.click(within(region).getByRole('button', { name: '暂停轮播' }));
    expect(within(region).getByRole('button', { name: '继续轮播' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(shown(13)).not.toBeNull();
    expect(region).toHaveTextContent('2 / 2');

    // By hand (the keyboard on the stage) it still moves, wrapping round to the first.
    region.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(shown(11)).toHaveTextContent('0.82 MPa'));
    expect(region).toHaveTextContent('1 / 2');
  });

  it('does not rotate while the document is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage([LINE]);
    await waitFor(() => expect(shown(11)).toHaveTextContent('0.82 MPa'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await act(() => vi.advanceTimersByTimeAsync(12_000));
      expect(shown(11)).not.toBeNull();
      expect(stage('一号产线')).toHaveTextContent('页面不可见，已暂停');
    } finally {
      visibility.mockRestore();
    }
  });

  it('moves a device up by saving the new order', async () => {
    const user = userEvent.setup();
    const calls = renderPage([LINE], {
      'PUT /carousel/dev': (c) => {
        const ids = (bodyOf(c) as { device_ids: number[] }).device_ids;
        return ok(ids.map((id) => DEVICES[1]!.find((d) => d.device_id === id)));
      },
    });
    await user.click(await screen.findByRole('button', { name: '上移“出水泵站”' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    const put = calls.find((c) => c.method === 'put');
    expect(put && bodyOf(put)).toEqual({ id: 1, device_ids: [11, 13, 12] });
    const devices = screen.getByRole('list', { name: '分组“一号产线”的设备' });
    await waitFor(() => expect(within(devices).getAllByRole('listitem')[1]).toHaveTextContent('出水泵站'));
  });

  it('says an empty group has no device', async () => {
    renderPage([EMPTY]);
    expect(await screen.findByText('这个分组还没有设备')).toBeInTheDocument();
    expect(screen.getByText('分组中还没有设备')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '暂停轮播' })).toBeNull();
  });

  it('shows a device no longer available as gone, in its place, and shows nothing of it on the stage', async () => {
    const user = userEvent.setup();
    const gone: CarouselDevice = {
      device_id: 14,
      sn_code: '',
      alias: '',
      dev_state: null,
      registered: false,
      template_id: null,
      has_main_screen: false,
      available: false,
    };
    renderPage([LINE], {
      'GET /carousel/dev': () => ok([DEVICES[1]![0], gone, DEVICES[1]![2]]),
    });
    const devices = await screen.findByRole('list', { name: '分组“一号产线”的设备' });
    const items = within(devices).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('设备已不可用');
    expect(items[1]).not.toHaveTextContent('无画面');
    await user.click(items[1]!);
    expect(await within(stage('一号产线')).findByText(/分享或分配已被收回/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '移出“设备已不可用”' })).toBeInTheDocument();
  });
});
