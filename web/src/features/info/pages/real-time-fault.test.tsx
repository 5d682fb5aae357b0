import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { formatShelvedUntil } from '@/lib/alarms/shelve-alarms';
import type { AlarmOut } from '@/lib/alarms/types';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { bodyOf, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import RealTimeFaultPage from './real-time-fault';

function alarm(over: Partial<AlarmOut>): AlarmOut {
  return {
    id: 7,
    device_id: 12,
    sn_code: 'IOT0000001',
    dev_alias: '1号空压机',
    data_source_id: 41,
    data_source_name: '出水压力',
    alarm_name: '压力过高',
    alarm_level: 2,
    alarm_type: 1,
    alarm_info: '检查出水阀',
    value: 1.31,
    alarm_time: Date.UTC(2026, 0, 2, 3, 4, 5),
    recover_time: null,
    confirm_time: null,
    confirm_userName: null,
    alarm_note: null,
    ...over,
  };
}

const page = (items: AlarmOut[]) => ok({ items, total: items.length, page: 1, page_size: 20 });

function renderPage(handlers: Record<string, Handler>) {
  const calls = mockApi({
    'GET /rAlarmDev/count': () => ok({ unconfirmed: 2, today: 5 }),
    'GET /dev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
    ...handlers,
  });
  renderRoutes([{ path: '/info/realTimeFault', Component: RealTimeFaultPage }], {
    initialEntries: ['/info/realTimeFault'],
  });
  return calls;
}

beforeEach(() => {
  signInAs(['P70000', 'P73000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

const alarmCalls = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.url === '/rAlarmDev');

describe('RealTimeFaultPage', () => {
  it('lists the unconfirmed alarms with their tags and the counts', async () => {
    renderPage({
      'GET /rAlarmDev': () =>
        page([
          alarm({}),
          alarm({ id: 8, alarm_name: '温度过高', alarm_level: 4, alarm_type: 2, recover_time: 5 }),
        ]),
    });
    expect(await screen.findByText('压力过高')).toBeInTheDocument();
    expect(screen.getByText('温度过高')).toBeInTheDocument();
    // In the row (the legend above the table shows every level too).
    expect(within(screen.getByRole('table')).getByText('2 级')).toBeInTheDocument();
    expect(screen.getByText('已恢复')).toBeInTheDocument();
    expect(screen.getByText('告警中')).toBeInTheDocument();
    expect(await screen.findByText('未确认 2 条 · 今日 5 条')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '1号空压机' })[0]).toHaveAttribute('href', '/deviceDetail/12');
    // The page listens to the alarm pushes.
    act(() => {
      FakeSocket.last!.open();
    });
    expect(FakeSocket.last!.sent).toContainEqual({ op: 'sub', alarms: true });
  });

  it("offers no confirmation or shelving when the caller's role lacks alarm_confirm", async () => {
    signInAs(['P70000', 'P73000'], { deviceItems: ['history'] });
    renderPage({ 'GET /rAlarmDev': () => page([alarm({})]) });
    expect(await screen.findByText('压力过高')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /确认所选|确认 0/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(within(screen.getByRole('table')).queryByRole('button', { name: /确\s*认/ })).toBeNull();
  });

  it('filters by level and keyword', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ 'GET /rAlarmDev': () => page([alarm({})]) });
    await screen.findByText('压力过高');
    await user.type(screen.getByRole('searchbox', { name: '搜索 SN、设备名称或告警名称' }), ' IOT01 {Enter}');
    await waitFor(() =>
      expect(alarmCalls(calls).at(-1)?.params).toMatchObject({ keyword: 'IOT01', page: 1 }),
    );
  });

  it('confirms the selected alarms with a note', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /rAlarmDev': () => page([alarm({}), alarm({ id: 8, alarm_name: '温度过高' })]),
      'POST /rAlarmDev/confirmation': (config) =>
        ok((bodyOf(config) as { ids: number[] }).ids.map((id) => alarm({ id }))),
    });
    await screen.findByText('压力过高');
    // (getByText: role queries over a whole antd table are slow.)
    const batch = screen.getByText(/确认所选/).closest('button')!;
    expect(batch).toBeDisabled();
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryByRole('checkbox'));
    // The header row's checkbox selects all.
    await user.click(within(rows[0]!).getByRole('checkbox'));
    expect(batch).toHaveTextContent('确认所选（2）');
    expect(batch).toBeEnabled();
    await user.click(batch);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认 2 条告警')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '已处理' } });
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/rAlarmDev/confirmation')).toBe(true));
    const post = calls.find((c) => c.url === '/rAlarmDev/confirmation')!;
    expect(bodyOf(post)).toEqual({ ids: [7, 8], note: '已处理' });
    // The list is asked again.
    await waitFor(() => expect(alarmCalls(calls).length).toBeGreaterThan(1));
  });

  it('shows the history of a time range', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /rAlarmDev': () => page([]),
      'GET /hAlarmDev': () =>
        page([
          alarm({ id: 9, alarm_type: 3, confirm_time: 10, confirm_userName: 'admin', alarm_note: '已处理' }),
        ]),
    });
    expect(await screen.findByText('没有未确认的告警')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '历史告警' }));
    expect(await screen.findByText('已处理')).toBeInTheDocument();
    expect(screen.getByText('已确认')).toBeInTheDocument();
    const history = calls.find((c) => c.url === '/hAlarmDev')!;
    const params = history.params as { start: number; end: number };
    expect(params.end - params.start).toBeGreaterThan(6 * 86_400_000);
  });

  it('shelves an alarm from its row with a duration and a reason', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /rAlarmDev': () => page([alarm({}), alarm({ id: 8, alarm_name: '温度过高' })]),
      'POST /rAlarmDev/shelve': (config) => {
        const body = bodyOf(config) as { ids: number[]; minutes: number; reason: string };
        return ok(
          body.ids.map((id) => alarm({ id, shelved_until: Date.now() + 60_000, shelved_by: 'admin' })),
        );
      },
    });
    await screen.findByText('压力过高');
    const countsBefore = calls.filter((c) => c.url === '/rAlarmDev/count').length;
    const listsBefore = alarmCalls(calls).length;
    const row = screen.getByText('压力过高').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^搁\s*置$/ }));
    // (The page's dialogs are told by their text: role names over the page's ids are unreliable in jsdom.)
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('搁置 1 条告警')).toBeInTheDocument();
    // One hour unless another duration is chosen; the reason is required.
    expect(within(dialog).getByRole('radio', { name: '1 小时' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: /^搁\s*置$/ }));
    expect(await within(dialog).findByText('请填写搁置原因')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '搁置原因' }), '  检修中 ');
    await user.click(within(dialog).getByRole('button', { name: /^搁\s*置$/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/rAlarmDev/shelve')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url === '/rAlarmDev/shelve')!)).toEqual({
      ids: [7],
      minutes: 60,
      reason: '检修中',
    });
    // The list and the bell's count are asked again.
    await waitFor(() => expect(alarmCalls(calls).length).toBeGreaterThan(listsBefore));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/rAlarmDev/count').length).toBeGreaterThan(countsBefore),
    );
  });

  it('shelves the selected alarms', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /rAlarmDev': () => page([alarm({}), alarm({ id: 8, alarm_name: '温度过高' })]),
      'POST /rAlarmDev/shelve': (config) =>
        ok(
          (bodyOf(config) as { ids: number[] }).ids.map((id) => alarm({ id, shelved_until: Date.now() + 1 })),
        ),
    });
    await screen.findByText('压力过高');
    const batch = screen.getByText(/搁置所选/).closest('button')!;
    expect(batch).toBeDisabled();
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryByRole('checkbox'));
    await user.click(within(rows[0]!).getByRole('checkbox'));
    expect(batch).toHaveTextContent('搁置所选（2）');
    await user.click(batch);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('搁置 2 条告警')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '24 小时' }));
    await user.type(within(dialog).getByRole('textbox', { name: '搁置原因' }), '夜间停产');
    await user.click(within(dialog).getByRole('button', { name: /^搁\s*置$/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/rAlarmDev/shelve')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url === '/rAlarmDev/shelve')!)).toEqual({
      ids: [7, 8],
      minutes: 1440,
      reason: '夜间停产',
    });
  });

  it('lists the shelved alarms and ends the shelving of one', async () => {
    const user = userEvent.setup();
    // Two hours ahead, whatever the time of day (a fixed 23:45 was already past from 23:45 to midnight); the text
    // is the table's own, with or without the date.
    const until = Date.now() + 2 * 3_600_000;
    const untilText = `至 ${formatShelvedUntil(until)} · admin`;
    const shelvedAlarm = alarm({
      shelved_until: until,
      shelved_by: 'admin',
      shelve_reason: '设备检修',
    });
    const calls = renderPage({
      'GET /rAlarmDev': (config) =>
        (config.params as { shelved?: boolean }).shelved ? page([shelvedAlarm]) : page([alarm({ id: 8 })]),
      'DELETE /rAlarmDev/shelve': (config) =>
        ok((bodyOf(config) as { ids: number[] }).ids.map((id) => alarm({ id }))),
    });
    await screen.findByText('压力过高');
    expect(alarmCalls(calls)[0]?.params).not.toHaveProperty('shelved');
    await user.click(screen.getByText('已搁置'));
    await waitFor(() => expect(alarmCalls(calls).at(-1)?.params).toMatchObject({ shelved: true, page: 1 }));
    expect(await screen.findByText(untilText)).toBeInTheDocument();
    expect(screen.getByText('— 设备检修')).toBeInTheDocument();
    // No shelving of what is shelved; the way to end it instead, asked first.
    const row = screen.getByText(untilText).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /^搁\s*置$/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '取消搁置' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('取消搁置 1 条告警？');
    await user.click(within(ask).getByRole('button', { name: '取消搁置' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'delete')).toBe(true));
    const del = calls.find((c) => c.method === 'delete')!;
    expect(del.url).toBe('/rAlarmDev/shelve');
    expect(bodyOf(del)).toEqual({ ids: [7] });
    // Back to the active ones.
    await user.click(screen.getByText('待处理'));
    await waitFor(() => expect(alarmCalls(calls).at(-1)?.params).not.toHaveProperty('shelved'));
  });
});
