import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { toWidgetDevice } from '../../data/queries';
import { alarm, cardOf, device, group, linkage, params, renderWidget } from '../../data/widget.fixtures';
import DeviceTreeWidget from './device-tree-widget';
import definition, { deviceTreeWidget as named } from './index';
import { groupDevices, matches } from './tree-data';

const DEVICES = [
  device(11, '1号泵', { group_id: 1 }),
  device(12, '2号泵', { group_id: 4, group_name: '二车间', dev_state: 2 }),
  device(13, '3号风机', { group_id: 4, group_name: '二车间' }),
  device(14, '共享表', { group_id: null, group_name: null }),
];

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/dev/group': () => ok([group(1, '默认分组'), group(4, '二车间'), group(5, '空车间')]),
    'GET /dev': (c) => {
      const p = params(c);
      const q = typeof p.q === 'string' ? p.q : '';
      const items = DEVICES.filter(
        (d) => (p.group_id === undefined || d.group_id === p.group_id) && (!q || d.alias.includes(q)),
      );
      return ok({ items, total: items.length });
    },
    'GET /rAlarmDev': () =>
      ok({ items: [alarm({ id: 1, device_id: 13 })], total: 1, page: 1, page_size: 200 }),
    ...over,
  };
}

const node = (name: string) => screen.getByText(name).closest<HTMLElement>('.ant-tree-treenode')!;

beforeEach(() => {
  signInAs(['P20000', 'P10000', 'P30000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('the device tree widget', () => {
  it('is defined as the registry expects', () => {
    expect(definition).toBe(named);
    expect(definition.links).toEqual([]);
    expect(definition.defaultSize).toEqual({ w: 4, h: 10 });
  });

  it('groups devices in the group list’s order, the unfiled ones last', () => {
    const groups = [group(1, '默认分组'), group(4, '二车间'), group(5, '空车间')];
    const shape = (only: number | null, searching: boolean) =>
      groupDevices(groups, DEVICES.map(toWidgetDevice), { only, searching, unfiledName: '未归组' }).map(
        (g) => [g.name, g.devices.map((d) => d.id)],
      );
    expect(shape(null, false)).toEqual([
      ['默认分组', [11]],
      ['二车间', [12, 13]],
      ['空车间', []],
      ['未归组', [14]],
    ]);
    expect(shape(null, true)).toEqual([
      ['默认分组', [11]],
      ['二车间', [12, 13]],
      ['未归组', [14]],
    ]);
    expect(shape(4, false)).toEqual([['二车间', [12, 13]]]);
    // Without the group list, the groups the devices name.
    expect(
      groupDevices(undefined, DEVICES.map(toWidgetDevice), {
        only: null,
        searching: false,
        unfiledName: '未归组',
      }).map((g) => g.name),
    ).toEqual(['默认分组', '二车间', '未归组']);
    expect(matches(toWidgetDevice(DEVICES[0]!), 'iot0000011')).toBe(true);
    expect(matches(toWidgetDevice(DEVICES[0]!), '风机')).toBe(false);
  });

  it('asks and subscribes nothing while out of sight', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(DeviceTreeWidget, {
      card: cardOf('deviceTree', {}),
      settings: {},
      visible: false,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(FakeSocket.all).toEqual([]);
    view.update({ visible: true });
    expect(await screen.findByText('1号泵')).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('picks a clicked device for the linked cards and highlights the picked one', async () => {
    mockApi(handlers());
    const user = userEvent.setup();
    const picked = linkage({ deviceId: 12 });
    const view = renderWidget(DeviceTreeWidget, {
      card: cardOf('deviceTree', {}),
      settings: {},
      linkage: picked,
    });
    // The picked device's group opens by itself.
    expect(await screen.findByText('2号泵')).toBeInTheDocument();
    expect(node('2号泵')).toHaveClass('ant-tree-treenode-selected');
    await user.click(screen.getByText('1号泵'));
    expect(picked.setDevice).toHaveBeenCalledWith(11);
    view.update({ linkage: { ...picked, deviceId: 11 } });
    await waitFor(() => expect(node('1号泵')).toHaveClass('ant-tree-treenode-selected'));
    expect(node('2号泵')).not.toHaveClass('ant-tree-treenode-selected');
    // A group is not a device: clicking it picks nothing.
    await user.click(screen.getByText('二车间'));
    expect(picked.setDevice).toHaveBeenCalledTimes(1);
  });

  it('shows states and alarms live', async () => {
    mockApi(handlers());
    renderWidget(DeviceTreeWidget, {
      card: cardOf('deviceTree', {}),
      settings: {},
      linkage: linkage({ deviceId: 13 }),
    });
    const fan = await screen.findByText('3号风机');
    await waitFor(() => expect(node('3号风机').querySelector('[data-alarm]')).not.toBeNull());
    expect(node('2号泵').querySelector('[data-state]')).toHaveAttribute('data-state', 'offline');
    const socket = FakeSocket.last!;
    act(() => socket.open());
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', devices: [12], sources: [0] }));
    act(() => socket.receive({ type: 'state', device_id: 12, dev_state: 1, ts: 1 }));
    await waitFor(() =>
      expect(node('2号泵').querySelector('[data-state]')).toHaveAttribute('data-state', 'online'),
    );
    expect(fan).toBeInTheDocument();
  });

  it('searches by name or SN, asking the server once the typing pauses', async () => {
    const calls = mockApi(handlers());
    const user = userEvent.setup();
    renderWidget(DeviceTreeWidget, { card: cardOf('deviceTree', {}), settings: {} });
    await screen.findByText('1号泵');
    await user.type(screen.getByRole('textbox', { name: '搜索设备名称或 SN' }), '风机');
    expect(await screen.findByText('3号风机')).toBeInTheDocument();
    expect(screen.queryByText('1号泵')).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/dev').map((c) => params(c).q)).toContain('风机'),
    );
    await user.clear(screen.getByRole('textbox', { name: '搜索设备名称或 SN' }));
    await user.type(screen.getByRole('textbox', { name: '搜索设备名称或 SN' }), '没有');
    expect(await screen.findByText('没有匹配的设备')).toBeInTheDocument();
  });

  it('narrows to its group, and says so when the group is gone or another tenant’s', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(DeviceTreeWidget, {
      card: cardOf('deviceTree', { group_id: 4 }),
      settings: { group_id: 4 },
    });
    expect(await screen.findByText('3号风机')).toBeInTheDocument();
    expect(screen.queryByText('1号泵')).toBeNull();
    expect(calls.filter((c) => c.url === '/dev').map((c) => params(c).group_id)).toEqual([4]);
    view.update({ settings: { group_id: 99 } });
    expect(await screen.findByText('设备分组不存在或无权查看')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    mockApi(handlers({ 'GET /dev': () => fail('100003', '服务异常') }));
    renderWidget(DeviceTreeWidget, { card: cardOf('deviceTree', {}), settings: {} });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
  });
});
