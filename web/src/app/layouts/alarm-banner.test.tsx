import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AlarmOut } from '@/lib/alarms/types';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import { AlarmBanner } from './alarm-banner';
import { bannerSettingsKey, readBannerSettings, writeBannerSettings } from './alarm-banner-settings';
import { resetSound } from './alarm-sound';

function alarm(over: Partial<AlarmOut> = {}): AlarmOut {
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
    alarm_time: new Date(2026, 0, 2, 3, 4, 5).getTime(),
    recover_time: null,
    confirm_time: null,
    confirm_userName: null,
    alarm_note: null,
    shelved_until: null,
    shelved_by: null,
    shelve_reason: null,
    ...over,
  };
}

function renderBanner(handlers: Record<string, Handler> = {}) {
  const calls = mockApi(handlers);
  const view = renderRoutes([
    {
      path: '/',
      // Without motion, a closed dialog leaves at once (jsdom never ends a CSS transition).
      element: (
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AlarmBanner />
        </ConfigProvider>
      ),
    },
    { path: '/info/realTimeFault', element: <p>real-time alarms</p> },
  ]);
  act(() => {
    FakeSocket.last?.open();
  });
  return { ...view, calls };
}

function push(...alarms: AlarmOut[]) {
  act(() => {
    for (const a of alarms) FakeSocket.last!.receive({ type: 'alarm', alarm: a });
  });
}

const banner = () => screen.queryByRole('region', { name: '新告警' });
/** The strip once shown: its markup loads with the first alarm it shows (alarm-banner-view.tsx). */
const showing = () => screen.findByRole('region', { name: '新告警' });

/** A stand-in for the browser's AudioContext: records the oscillators started. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  static started = vi.fn();
  state: AudioContextState = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime: vi.fn() },
      connect: vi.fn(),
      start: FakeAudioContext.started,
      stop: vi.fn(),
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      connect: vi.fn(),
    };
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
  addEventListener() {
    return undefined;
  }
  removeEventListener() {
    return undefined;
  }
}

beforeEach(() => {
  window.localStorage.clear();
  signInAs(['P73000'], { userId: '1' });
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
  resetScreenWidth();
  resetSound();
  delete (window as { AudioContext?: unknown }).AudioContext;
  FakeAudioContext.made = [];
  FakeAudioContext.started.mockClear();
});

describe('alarm banner', () => {
  it('shows a produced alarm at or above the chosen level, not one below it', async () => {
    writeBannerSettings('1', { level: 2, sound: false });
    renderBanner();
    expect(FakeSocket.last!.sent).toContainEqual({ op: 'sub', alarms: true });
    push(alarm({ id: 1, alarm_level: 3, alarm_name: '温度偏高' }));
    expect(banner()).not.toBeInTheDocument();
    push(alarm({ id: 2, alarm_level: 2 }));
    const strip = await showing();
    expect(strip).toBeInTheDocument();
    expect(within(strip).getByText('2 级')).toBeInTheDocument();
    expect(within(strip).getByText('1号空压机')).toBeInTheDocument();
    expect(within(strip).getByText('压力过高')).toBeInTheDocument();
    expect(strip).toHaveTextContent('告警值 1.31 · 01-02 03:04:05');
    expect(strip).not.toHaveTextContent('温度偏高');
    // Announced to screen readers.
    expect(screen.getByRole('alert')).toHaveTextContent('新告警：2 级，1号空压机，压力过高');
    // Without an alias, the SN; level 1 is above level 2.
    push(alarm({ id: 3, alarm_level: 1, dev_alias: '', alarm_name: '断电' }));
    expect(within(banner()!).getByText('IOT0000001')).toBeInTheDocument();
  });

  it('ignores recovered pushes, shelved alarms, and everything when turned off', () => {
    renderBanner();
    push(alarm({ id: 1, alarm_type: 2, recover_time: 5 }));
    push(alarm({ id: 2, shelved_until: Date.now() + 60_000, shelved_by: 'admin', shelve_reason: '检修' }));
    expect(banner()).not.toBeInTheDocument();
    // Off: no level shows.
    act(() => {
      writeBannerSettings('1', { level: 0, sound: false });
    });
    push(alarm({ id: 3, alarm_level: 1 }));
    expect(banner()).not.toBeInTheDocument();
  });

  it('shows the newest with "+N more" and steps through them', async () => {
    const user = userEvent.setup();
    renderBanner();
    push(alarm({ id: 1, alarm_name: '压力过高' }));
    expect(await showing()).not.toHaveTextContent('+');
    push(alarm({ id: 2, alarm_name: '温度过高', alarm_level: 4 }));
    const strip = banner()!;
    expect(strip).toHaveTextContent('温度过高');
    expect(strip).toHaveTextContent('+1 条');
    expect(strip).toHaveTextContent('1 / 2');
    expect(within(strip).getByRole('button', { name: '上一条（较新）' })).toBeDisabled();
    await user.click(within(strip).getByRole('button', { name: '下一条（较早）' }));
    expect(banner()).toHaveTextContent('压力过高');
    expect(banner()).toHaveTextContent('2 / 2');
    // A third arrives: the newest shows again.
    push(alarm({ id: 3, alarm_name: '断电', alarm_level: 1 }));
    expect(banner()).toHaveTextContent('断电');
    expect(banner()).toHaveTextContent('+2 条');
  });

  it('leaves when a later push says the alarm recovered or was confirmed', async () => {
    renderBanner();
    push(alarm({ id: 1, alarm_name: '压力过高' }), alarm({ id: 2, alarm_name: '温度过高' }));
    expect(await showing()).toHaveTextContent('温度过高');
    push(alarm({ id: 2, alarm_type: 2, recover_time: Date.now() }));
    expect(banner()).toHaveTextContent('压力过高');
    expect(banner()).not.toHaveTextContent('+1');
    push(alarm({ id: 1, alarm_type: 3, confirm_time: Date.now(), confirm_userName: 'ops' }));
    expect(banner()).not.toBeInTheDocument();
  });

  it('confirms from the banner with a note, and the alarm leaves', async () => {
    const user = userEvent.setup();
    const { calls } = renderBanner({
      'POST /rAlarmDev/confirmation': (config) =>
        ok((bodyOf(config) as { ids: number[] }).ids.map((id) => alarm({ id, alarm_type: 3 }))),
    });
    push(alarm({ id: 9 }));
    await user.click(within(await showing()).getByRole('button', { name: /确\s*认/ }));
    const dialog = await screen.findByRole('dialog', { name: '确认 1 条告警' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '已到现场' } });
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    const post = calls.find((c) => c.url === '/rAlarmDev/confirmation')!;
    expect(bodyOf(post)).toEqual({ ids: [9], note: '已到现场' });
  });

  it("offers neither Confirm nor Shelve when the caller's role lacks alarm_confirm", async () => {
    signInAs(['P73000'], { userId: '1', deviceItems: ['history', 'write'] });
    renderBanner();
    push(alarm({ id: 9 }));
    const shown = await showing();
    expect(within(shown).queryByRole('button', { name: /确\s*认/ })).toBeNull();
    expect(within(shown).queryByRole('button', { name: /搁\s*置/ })).toBeNull();
  });

  it('drops an alarm someone else confirmed already (110577)', async () => {
    const user = userEvent.setup();
    renderBanner({ 'POST /rAlarmDev/confirmation': () => fail('110577', '该报警已确认', 'ids') });
    push(alarm({ id: 9 }));
    await user.click(within(await showing()).getByRole('button', { name: /确\s*认/ }));
    const dialog = await screen.findByRole('dialog', { name: '确认 1 条告警' });
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shelves with a duration and a required reason', async () => {
    const user = userEvent.setup();
    const { calls } = renderBanner({
      'POST /rAlarmDev/shelve': (config) => {
        const body = bodyOf(config) as { ids: number[]; minutes: number; reason: string };
        return ok(
          body.ids.map((id) =>
            alarm({
              id,
              shelved_until: Date.now() + body.minutes * 60_000,
              shelved_by: 'admin',
              shelve_reason: body.reason,
            }),
          ),
        );
      },
    });
    push(alarm({ id: 4 }));
    await user.click(within(await showing()).getByRole('button', { name: /搁\s*置$/ }));
    const dialog = await screen.findByRole('dialog', { name: '搁置 1 条告警' });
    expect(dialog).toHaveTextContent('1号空压机 · 压力过高');
    await user.click(within(dialog).getByRole('radio', { name: '4 小时' }));
    // No reason: refused before asking the server.
    await user.click(within(dialog).getByRole('button', { name: /搁\s*置/ }));
    expect(await within(dialog).findByText('请填写搁置原因')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/rAlarmDev/shelve')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: '搁置原因' }), '设备检修');
    await user.click(within(dialog).getByRole('button', { name: /搁\s*置/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/rAlarmDev/shelve')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url === '/rAlarmDev/shelve')!)).toEqual({
      ids: [4],
      minutes: 240,
      reason: '设备检修',
    });
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
  });

  it('shelves for a custom number of minutes, within the server limits', async () => {
    const user = userEvent.setup();
    const { calls } = renderBanner({
      'POST /rAlarmDev/shelve': (config) =>
        ok(
          (bodyOf(config) as { ids: number[] }).ids.map((id) => alarm({ id, shelved_until: Date.now() + 1 })),
        ),
    });
    push(alarm({ id: 4 }));
    await user.click(within(await showing()).getByRole('button', { name: /搁\s*置$/ }));
    const dialog = await screen.findByRole('dialog', { name: '搁置 1 条告警' });
    await user.click(within(dialog).getByRole('radio', { name: '自定义' }));
    const minutes = within(dialog).getByRole('spinbutton', { name: '搁置分钟数' });
    await user.type(within(dialog).getByRole('textbox', { name: '搁置原因' }), '夜间停机');
    await user.type(minutes, '3');
    await user.click(within(dialog).getByRole('button', { name: /搁\s*置/ }));
    expect(await within(dialog).findByText('请输入 5–10080 之间的整数分钟')).toBeInTheDocument();
    await user.clear(minutes);
    await user.type(minutes, '90');
    await user.click(within(dialog).getByRole('button', { name: /搁\s*置/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/rAlarmDev/shelve')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url === '/rAlarmDev/shelve')!)).toMatchObject({ minutes: 90 });
  });

  it('opens the shelving dialog empty each time', async () => {
    const user = userEvent.setup();
    renderBanner();
    push(alarm({ id: 4 }), alarm({ id: 5, alarm_name: '温度过高' }));
    await user.click(within(await showing()).getByRole('button', { name: /搁\s*置$/ }));
    let dialog = await screen.findByRole('dialog', { name: '搁置 1 条告警' });
    expect(dialog).toHaveTextContent('1号空压机 · 温度过高');
    await user.type(within(dialog).getByRole('textbox', { name: '搁置原因' }), '检修');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(banner()!).getByRole('button', { name: '下一条（较早）' }));
    await user.click(within(banner()!).getByRole('button', { name: /搁\s*置$/ }));
    dialog = await screen.findByRole('dialog', { name: '搁置 1 条告警' });
    expect(dialog).toHaveTextContent('1号空压机 · 压力过高');
    expect(within(dialog).getByRole('textbox', { name: '搁置原因' })).toHaveValue('');
  });

  it('opens the real-time alarm page, and × hides it until the next new alarm', async () => {
    const user = userEvent.setup();
    const { router } = renderBanner();
    push(alarm({ id: 1 }));
    await user.click(within(await showing()).getByRole('button', { name: '隐藏（有新告警时再显示）' }));
    expect(banner()).not.toBeInTheDocument();
    push(alarm({ id: 2, alarm_name: '温度过高' }));
    expect(banner()).toHaveTextContent('温度过高');
    expect(banner()).toHaveTextContent('+1 条');
    await user.click(within(banner()!).getByRole('button', { name: /查\s*看/ }));
    expect(router.state.location.pathname).toBe('/info/realTimeFault');
  });

  it('shows icons named for screen readers on a phone', async () => {
    setScreenWidth(390);
    renderBanner();
    push(alarm({ id: 1 }));
    const strip = await showing();
    for (const name of ['确认', '搁置', '查看', '告警横幅设置', '隐藏（有新告警时再显示）'])
      expect(within(strip).getByRole('button', { name })).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: '确认' })).toHaveTextContent('');
  });

  it('is not there for a user who reads no alarms, and hides View without the alarm page', async () => {
    signInAs(['P20000'], { userId: '1' });
    renderBanner();
    expect(FakeSocket.last).toBeUndefined();
    act(() => {
      signInAs(['P10000'], { userId: '1' });
    });
    act(() => {
      FakeSocket.last?.open();
    });
    push(alarm({ id: 1 }));
    expect(await showing()).toBeInTheDocument();
    expect(within(banner()!).queryByRole('button', { name: /查\s*看/ })).not.toBeInTheDocument();
  });

  it('keeps the level per user in this browser', async () => {
    const user = userEvent.setup();
    renderBanner();
    push(alarm({ id: 1, alarm_level: 3 }));
    await user.click(within(await showing()).getByRole('button', { name: '告警横幅设置' }));
    const dialog = await screen.findByRole('dialog', { name: '告警横幅设置' });
    expect(dialog).toHaveTextContent('只保存在当前浏览器中');
    await user.click(within(dialog).getByRole('combobox'));
    const items = await screen.findAllByTitle('1–2 级');
    await user.click(items.find((el) => el.classList.contains('ant-select-item-option')) ?? items[0]!);
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // Level 3 is below the levels now shown.
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem(bannerSettingsKey('1'))!)).toEqual({
      level: 2,
      sound: false,
    });
    expect(readBannerSettings('1')).toEqual({ level: 2, sound: false });
    // Another user of this browser keeps the defaults: every level, no sound.
    expect(readBannerSettings('2')).toEqual({ level: 5, sound: false });
    act(() => {
      signInAs(['P73000'], { userId: '2' });
    });
    act(() => {
      FakeSocket.last?.open();
    });
    push(alarm({ id: 5, alarm_level: 5 }));
    expect(banner()).toBeInTheDocument();
  });

  it('beeps on a new alarm once the sound is turned on', async () => {
    (window as { AudioContext?: unknown }).AudioContext = FakeAudioContext;
    const user = userEvent.setup();
    renderBanner();
    push(alarm({ id: 1 }));
    // No context is made before a gesture.
    expect(FakeAudioContext.made).toHaveLength(0);
    await user.click(within(await showing()).getByRole('button', { name: '告警横幅设置' }));
    const dialog = await screen.findByRole('dialog', { name: '告警横幅设置' });
    // Turning it on is the gesture that makes the context.
    await user.click(within(dialog).getByRole('switch', { name: '新告警提示音' }));
    expect(FakeAudioContext.made).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readBannerSettings('1').sound).toBe(true);
    expect(FakeAudioContext.started).not.toHaveBeenCalled();
    push(alarm({ id: 2 }));
    expect(FakeAudioContext.started).toHaveBeenCalledTimes(1);
    // The same alarm again is no new alarm.
    push(alarm({ id: 2 }));
    expect(FakeAudioContext.started).toHaveBeenCalledTimes(1);
  });

  it('asks for a click when the browser has not let the page play yet', async () => {
    (window as { AudioContext?: unknown }).AudioContext = FakeAudioContext;
    writeBannerSettings('1', { level: 5, sound: true });
    const user = userEvent.setup();
    renderBanner();
    push(alarm({ id: 1 }));
    expect(FakeAudioContext.started).not.toHaveBeenCalled();
    const enable = within(await showing()).getByRole('button', { name: /点击启用提示音/ });
    await user.click(enable);
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(FakeAudioContext.started).toHaveBeenCalledTimes(1);
    expect(within(banner()!).queryByRole('button', { name: /点击启用提示音/ })).not.toBeInTheDocument();
  });
});
