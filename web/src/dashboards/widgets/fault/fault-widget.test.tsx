import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { alarm, cardOf, device, group, linkage, params, renderWidget } from '../../data/widget.fixtures';
import { shownAlarms } from './alarms';
import FaultWidget from './fault-widget';
import definition, { faultWidget as named } from './index';

const ALARMS = [
  alarm({ id: 1, device_id: 11, alarm_name: '压力过高', alarm_time: 1_000, dev_alias: '1号泵' }),
  alarm({
    id: 2,
    device_id: 12,
    alarm_name: '温度过高',
    alarm_time: 3_000,
    dev_alias: '2号泵',
    alarm_level: 1,
  }),
  alarm({
    id: 3,
    device_id: 13,
    alarm_name: '电流过大',
    alarm_time: 2_000,
    dev_alias: '3号泵',
    alarm_type: 2,
  }),
];

const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, page_size: 200 });

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /rAlarmDev': (c) => {
      const { device_id: id, group_id: groupId } = params(c);
      if (groupId !== undefined) return page(groupId === 4 ? ALARMS.filter((a) => a.device_id !== 11) : []);
      return page(id === undefined ? ALARMS : ALARMS.filter((a) => a.device_id === id));
    },
    'GET /dev/basic/11': () => ok(device(11, '1号泵')),
    'GET /dev/basic/404': () => fail('110506', '设备不存在'),
    'GET /yun/dev/group': () => ok([group(1, '默认分组'), group(4, '二车间')]),
    'POST /rAlarmDev/confirmation': (c) => ok((bodyOf(c) as { ids: number[] }).ids.map((id) => ({ id }))),
    ...over,
  };
}

const rows = () =>
  within(screen.getByRole('list', { name: '未确认告警，最新在前' })).getAllByRole('listitem');

beforeEach(() => {
  signInAs(['P20000', 'P10000', 'P30000', 'P73000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('the fault widget', () => {
  it('is defined as the registry expects', () => {
    expect(definition).toBe(named);
    expect(definition.links).toEqual(['device', 'group']);
    expect(definition.defaultSize).toEqual({ w: 8, h: 6 });
    expect(definition.defaultSettings).toEqual({ group_id: null, device_id: null, limit: 10 });
  });

  it('lists the unconfirmed alarms, the latest push of each over the seed, newest first, at most the limit', () => {
    const pushed = new Map([
      [3, alarm({ id: 3, device_id: 13, alarm_type: 3, confirm_time: 5 })],
      [4, alarm({ id: 4, device_id: 11, alarm_time: 4_000 })],
    ]);
    expect(shownAlarms(ALARMS, pushed, () => true, 10).map((a) => a.id)).toEqual([4, 2, 1]);
    expect(shownAlarms(ALARMS, pushed, () => true, 2).map((a) => a.id)).toEqual([4, 2]);
    expect(shownAlarms(ALARMS, pushed, (id) => id === 11, 10, new Set([4])).map((a) => a.id)).toEqual([1]);
  });

  it('asks and listens to nothing while out of sight', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(FaultWidget, {
      card: cardOf('fault', { limit: 10 }),
      settings: { limit: 10 },
      visible: false,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(FakeSocket.all).toEqual([]);
    view.update({ visible: true });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('shows every alarm newest first, at most its limit, and new ones live', async () => {
    mockApi(handlers());
    renderWidget(FaultWidget, { card: cardOf('fault', { limit: 2 }), settings: { limit: 2 } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('2号泵温度过高');
    expect(rows()[1]).toHaveTextContent('3号泵电流过大已恢复');
    const socket = FakeSocket.last!;
    act(() => socket.open());
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', alarms: true }));
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({ id: 7, device_id: 11, alarm_name: '液位过低', alarm_time: 9_000 }),
      }),
    );
    await waitFor(() => expect(rows()[0]).toHaveTextContent('液位过低'));
    expect(rows()[0]).toHaveClass('dw-fault__row--new');
    expect(rows()).toHaveLength(2);
    // Confirmed elsewhere: it leaves.
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({ id: 7, device_id: 11, alarm_type: 3, confirm_time: 9_500 }),
      }),
    );
    await waitFor(() => expect(rows()[0]).toHaveTextContent('温度过高'));
  });

  it('shows its own device’s alarms, or the device picked in the device tree when it follows it', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(FaultWidget, {
      card: cardOf('fault', { device_id: 11, limit: 10 }, 'device'),
      settings: { device_id: 11, limit: 10 },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('压力过高');
    expect(screen.getByText('设备：1号泵')).toBeInTheDocument();
    view.update({ linkage: linkage({ deviceId: 12 }) });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('温度过高'));
    expect(rows()).toHaveLength(1);
    const asked = calls.filter((c) => c.url === '/rAlarmDev').map((c) => params(c).device_id);
    expect(asked).toEqual([11, 12]);
  });

  it('shows the group picked in the group tree when it follows it, its alarms as the server filters them', async () => {
    const calls = mockApi(handlers());
    renderWidget(FaultWidget, {
      card: cardOf('fault', { device_id: 11, limit: 10 }, 'group'),
      settings: { device_id: 11, limit: 10 },
      linkage: linkage({ groupId: 4, deviceId: 11 }),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => r.dataset.alarmId)).toEqual(['2', '3']);
    expect(screen.getByText('分组：二车间')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/rAlarmDev').map(params)).toEqual([
      { group_id: 4, page: 1, page_size: 200 },
    ]);
  });

  it('reads the group again for a new alarm of a device it has not listed, and shows it if the server does', async () => {
    let late = false;
    const calls = mockApi(
      handlers({
        'GET /rAlarmDev': (c) => {
          if (params(c).group_id !== 4) return page([]);
          const pushed = alarm({ id: 8, device_id: 14, alarm_name: '振动超限', alarm_time: 9_000 });
          return page([...ALARMS.filter((a) => a.device_id !== 11), ...(late ? [pushed] : [])]);
        },
      }),
    );
    renderWidget(FaultWidget, {
      card: cardOf('fault', { group_id: 4, limit: 10 }),
      settings: { group_id: 4, limit: 10 },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const socket = FakeSocket.last!;
    act(() => socket.open());
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', alarms: true }));
    late = true;
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({ id: 8, device_id: 14, alarm_name: '振动超限', alarm_time: 9_000 }),
      }),
    );
    await waitFor(() => expect(rows()[0]).toHaveTextContent('振动超限'));
    expect(rows()[0]).toHaveClass('dw-fault__row--new');
    expect(calls.filter((c) => c.url === '/rAlarmDev')).toHaveLength(2);
  });

  it('says so when its device or group is gone, or another tenant’s', async () => {
    mockApi(handlers());
    const view = renderWidget(FaultWidget, {
      card: cardOf('fault', { device_id: 404, limit: 10 }),
      settings: { device_id: 404, limit: 10 },
    });
    expect(await screen.findByText('设备不存在或无权查看')).toBeInTheDocument();
    view.update({
      card: cardOf('fault', { group_id: 99, limit: 10 }),
      settings: { group_id: 99, limit: 10 },
    });
    expect(await screen.findByText('设备分组不存在或无权查看')).toBeInTheDocument();
  });

  it('confirms an alarm with a note', async () => {
    const calls = mockApi(handlers());
    const user = userEvent.setup();
    renderWidget(FaultWidget, { card: cardOf('fault', { limit: 10 }), settings: { limit: 10 } });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: '确认告警 温度过高' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('处理备注'), '已派人检修');
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/rAlarmDev/confirmation').map(bodyOf)).toEqual([
        { ids: [2], note: '已派人检修' },
      ]),
    );
    await waitFor(() => expect(rows().map((r) => r.dataset.alarmId)).toEqual(['3', '1']));
  });

  it('offers no confirmation in the editor', async () => {
    mockApi(handlers());
    renderWidget(FaultWidget, {
      card: cardOf('fault', { limit: 10 }),
      settings: { limit: 10 },
      mode: 'edit',
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /确认告警/ })).toBeNull();
  });

  it('says when there is nothing to confirm', async () => {
    mockApi(handlers({ 'GET /rAlarmDev': () => page([]) }));
    renderWidget(FaultWidget, { card: cardOf('fault', { limit: 10 }), settings: { limit: 10 } });
    expect(await screen.findByText('没有未确认的告警')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    mockApi(handlers({ 'GET /rAlarmDev': () => fail('100003', '服务异常') }));
    renderWidget(FaultWidget, { card: cardOf('fault', { limit: 10 }), settings: { limit: 10 } });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
