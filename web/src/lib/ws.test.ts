import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeSocket } from '@/test/fake-socket';
import type { AlarmOut } from './alarms/types';
import {
  backoffDelay,
  CLOSE_FORBIDDEN,
  CLOSE_LINGER_MS,
  CLOSE_UNAUTHORIZED,
  parseMessage,
  PING_INTERVAL_MS,
  RtdClient,
  rtdUrl,
  setRtdClient,
  useAlarmFeed,
  useInboxPush,
  useLiveDevice,
} from './ws';

const last = () => FakeSocket.all.at(-1)!;

function makeClient(token = 'tok') {
  return new RtdClient({
    createSocket: (url) => new FakeSocket(url),
    getToken: () => token,
    url: () => 'ws://test/rtd',
  });
}

const alarm: AlarmOut = {
  id: 7,
  device_id: 12,
  sn_code: 'IOT0000001',
  dev_alias: 'a',
  data_source_id: 41,
  data_source_name: 'p',
  alarm_name: 'high',
  alarm_level: 2,
  alarm_type: 1,
  alarm_info: null,
  value: 1.3,
  alarm_time: 1,
  recover_time: null,
  confirm_time: null,
  confirm_userName: null,
  alarm_note: null,
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});

afterEach(() => {
  setRtdClient(null);
  vi.useRealTimers();
});

describe('rtdUrl', () => {
  it('derives ws:// from a relative base on http, with no token in it', () => {
    expect(rtdUrl('/api', 'http://host:8080/iotyun/x')).toBe('ws://host:8080/api/v2/ws/web/rtd');
  });

  it('derives wss:// on https and keeps an absolute base', () => {
    expect(rtdUrl('/api/', 'https://h/iotyun')).toBe('wss://h/api/v2/ws/web/rtd');
    expect(rtdUrl('https://api.example.com/api', 'http://h/')).toBe(
      'wss://api.example.com/api/v2/ws/web/rtd',
    );
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('parseMessage', () => {
  it('accepts the typed frames and rejects the rest', () => {
    expect(parseMessage('{"type":"pong","ts":1}')).toEqual({ type: 'pong', ts: 1 });
    expect(parseMessage('{"type":"ready","user_id":3}')).toEqual({ type: 'ready', user_id: 3 });
    expect(
      parseMessage('{"type":"values","device_id":1,"values":[{"id":2,"v":1,"ts":1,"q":0}]}'),
    ).toMatchObject({ type: 'values' });
    expect(parseMessage('{"type":"values","device_id":"1","values":[]}')).toBeNull();
    expect(parseMessage('{"type":"message"}')).toEqual({ type: 'message' });
    expect(parseMessage('{"type":"error","code":100015,"messages":true}')).toEqual({
      type: 'error',
      code: 100015,
      messages: true,
    });
    expect(parseMessage('{"type":"nope"}')).toBeNull();
    expect(parseMessage('not json')).toBeNull();
    expect(parseMessage(new ArrayBuffer(1))).toBeNull();
  });
});

describe('RtdClient', () => {
  it('opens one socket on the first subscriber, authenticates in the first frame, subscribes once ready', () => {
    const client = makeClient();
    const onChange = vi.fn();
    client.subscribeDevice(12, null, onChange);
    client.subscribeDevice(13, [42, 41], vi.fn());
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe('ws://test/rtd');
    expect(client.getStatus()).toBe('connecting');
    last().connect();
    // The token went in the first frame, nothing else before the server's `ready`.
    expect(last().token).toBe('tok');
    expect(last().sent).toEqual([]);
    expect(client.getStatus()).toBe('connecting');
    last().receive({ type: 'ready' });
    expect(client.getStatus()).toBe('open');
    expect(last().sent).toEqual([
      { op: 'sub', devices: [12] },
      { op: 'sub', devices: [13], sources: [41, 42] },
    ]);
  });

  it('keeps the snapshot, merges values and follows the state', () => {
    const client = makeClient();
    const onChange = vi.fn();
    client.subscribeDevice(12, null, onChange);
    last().open();
    last().receive({
      type: 'snapshot',
      device_id: 12,
      dev_state: 1,
      values: [
        { id: 41, v: 0.82, ts: 1, q: 0 },
        { id: 42, v: 1, ts: 1, q: 0 },
      ],
    });
    const first = client.getDevice(12);
    expect(first).toMatchObject({ devState: 1, ready: true });
    expect(first.values[41]?.v).toBe(0.82);
    last().receive({ type: 'values', device_id: 12, values: [{ id: 41, v: 0.83, ts: 2, q: 0 }] });
    expect(client.getDevice(12).values[41]?.v).toBe(0.83);
    expect(client.getDevice(12).values[42]?.v).toBe(1);
    expect(client.getDevice(12)).not.toBe(first);
    last().receive({ type: 'state', device_id: 12, dev_state: 2, ts: 3 });
    expect(client.getDevice(12).devState).toBe(2);
    // Another device's frames change nothing here.
    last().receive({ type: 'values', device_id: 99, values: [{ id: 1, v: 1, ts: 1, q: 0 }] });
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('records a refused subscription', () => {
    const client = makeClient();
    client.subscribeDevice(13, null, vi.fn());
    last().open();
    last().receive({ type: 'error', code: 110506, device_id: 13 });
    expect(client.getDevice(13).error).toBe(110506);
  });

  it('drops the values of a device whose right to read ended', () => {
    const client = makeClient();
    client.subscribeDevice(13, null, vi.fn());
    last().open();
    last().receive({
      type: 'snapshot',
      device_id: 13,
      dev_state: 1,
      values: [{ id: 41, v: 1, ts: 1, q: 0 }],
    });
    expect(client.getDevice(13).ready).toBe(true);
    last().receive({ type: 'error', code: 110506, device_id: 13 });
    expect(client.getDevice(13)).toMatchObject({ values: {}, devState: null, ready: false, error: 110506 });
  });

  it('unsubscribes the last subscriber of a device and closes after the linger when none remain', () => {
    const client = makeClient();
    const stopA = client.subscribeDevice(12, null, vi.fn());
    const stopB = client.subscribeDevice(12, null, vi.fn());
    last().open();
    stopA();
    expect(last().sent).toEqual([{ op: 'sub', devices: [12] }]);
    stopB();
    expect(last().sent).toEqual([
      { op: 'sub', devices: [12] },
      { op: 'unsub', devices: [12] },
    ]);
    expect(last().closedWith).toBeUndefined();
    vi.advanceTimersByTime(CLOSE_LINGER_MS);
    expect(last().closedWith).toBe(1000);
    expect(client.getStatus()).toBe('idle');
  });

  it('keeps the socket when a subscriber comes back within the linger', () => {
    const client = makeClient();
    const stop = client.subscribeDevice(12, null, vi.fn());
    last().open();
    stop();
    client.subscribeDevice(12, null, vi.fn());
    vi.advanceTimersByTime(CLOSE_LINGER_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().closedWith).toBeUndefined();
  });

  it('widens the data sources when a subscriber wants them all', () => {
    const client = makeClient();
    client.subscribeDevice(12, [41], vi.fn());
    last().open();
    const stop = client.subscribeDevice(12, null, vi.fn());
    stop();
    expect(last().sent).toEqual([
      { op: 'sub', devices: [12], sources: [41] },
      { op: 'sub', devices: [12] },
      { op: 'sub', devices: [12], sources: [41] },
    ]);
  });

  it('pings every 25 s while open', () => {
    const client = makeClient();
    client.subscribeDevice(12, null, vi.fn());
    last().open();
    vi.advanceTimersByTime(PING_INTERVAL_MS * 2);
    expect(last().sent.filter((m) => (m as { op: string }).op === 'ping')).toHaveLength(2);
  });

  it('reconnects with backoff and sends its subscriptions again', () => {
    const client = makeClient();
    const alarms = vi.fn();
    client.subscribeDevice(12, null, vi.fn());
    client.subscribeAlarms(alarms);
    last().open();
    last().drop();
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // The second attempt fails too: 2 s next.
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    expect(last().sent).toEqual([
      { op: 'sub', devices: [12] },
      { op: 'sub', alarms: true },
    ]);
    // A success resets the backoff.
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('stops for good on 4401 (token invalid)', () => {
    const client = makeClient();
    client.subscribeDevice(12, null, vi.fn());
    last().drop(CLOSE_UNAUTHORIZED);
    expect(client.getStatus()).toBe('unauthorized');
    vi.advanceTimersByTime(120_000);
    client.subscribeDevice(13, null, vi.fn());
    expect(FakeSocket.all).toHaveLength(1);
    // A new session starts over.
    client.restart();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stops for good on 4401 before ready (token refused) and on 4403 (permission gone)', () => {
    const client = makeClient();
    client.subscribeDevice(12, null, vi.fn());
    last().connect();
    last().drop(CLOSE_UNAUTHORIZED);
    expect(client.getStatus()).toBe('unauthorized');
    client.restart();
    last().open();
    last().drop(CLOSE_FORBIDDEN);
    expect(client.getStatus()).toBe('unauthorized');
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not connect without a token', () => {
    const client = makeClient('');
    client.subscribeDevice(12, null, vi.fn());
    expect(FakeSocket.all).toHaveLength(0);
    expect(client.getStatus()).toBe('idle');
  });

  it('subscribes to alarms once and hands every push to the listeners', () => {
    const client = makeClient();
    const a = vi.fn();
    const b = vi.fn();
    client.subscribeAlarms(a);
    last().open();
    client.subscribeAlarms(b);
    expect(last().sent).toEqual([{ op: 'sub', alarms: true }]);
    last().receive({ type: 'alarm', alarm });
    expect(a).toHaveBeenCalledWith(alarm);
    expect(b).toHaveBeenCalledWith(alarm);
  });

  it('subscribes to the inbox once and calls every listener on a message frame', () => {
    const client = makeClient();
    const a = vi.fn();
    const b = vi.fn();
    client.subscribeMessages(a);
    // A messages subscription alone opens the socket.
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    client.subscribeMessages(b);
    expect(last().sent).toEqual([{ op: 'sub', messages: true }]);
    last().receive({ type: 'message' });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('sends the messages subscription when the socket is already open', () => {
    const client = makeClient();
    client.subscribeDevice(12, null, vi.fn());
    last().open();
    client.subscribeMessages(vi.fn());
    expect(last().sent).toEqual([
      { op: 'sub', devices: [12] },
      { op: 'sub', messages: true },
    ]);
  });

  it('sends the messages subscription again after a reconnect', () => {
    const client = makeClient();
    const listener = vi.fn();
    client.subscribeMessages(listener);
    client.subscribeAlarms(vi.fn());
    last().open();
    expect(last().sent).toEqual([
      { op: 'sub', alarms: true },
      { op: 'sub', messages: true },
    ]);
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([
      { op: 'sub', alarms: true },
      { op: 'sub', messages: true },
    ]);
    last().receive({ type: 'message' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('closes after the linger once the last messages listener leaves', () => {
    const client = makeClient();
    const stop = client.subscribeMessages(vi.fn());
    last().open();
    stop();
    // No unsubscribe frame exists for the inbox.
    expect(last().sent).toEqual([{ op: 'sub', messages: true }]);
    vi.advanceTimersByTime(CLOSE_LINGER_MS);
    expect(last().closedWith).toBe(1000);
    expect(client.getStatus()).toBe('idle');
  });

  it('an error about the inbox ends nothing else', () => {
    const client = makeClient();
    const onChange = vi.fn();
    const alarms = vi.fn();
    const messages = vi.fn();
    client.subscribeDevice(13, null, onChange);
    client.subscribeAlarms(alarms);
    client.subscribeMessages(messages);
    last().open();
    last().receive({
      type: 'snapshot',
      device_id: 13,
      dev_state: 1,
      values: [{ id: 41, v: 1, ts: 1, q: 0 }],
    });
    onChange.mockClear();
    last().receive({ type: 'error', code: 100015, messages: true });
    expect(onChange).not.toHaveBeenCalled();
    expect(messages).not.toHaveBeenCalled();
    expect(client.getDevice(13)).toMatchObject({ ready: true, error: null, devState: 1 });
    expect(client.getStatus()).toBe('open');
    expect(last().closedWith).toBeUndefined();
    // Nothing is sent again, and the other pushes keep coming.
    expect(last().sent).toEqual([
      { op: 'sub', devices: [13] },
      { op: 'sub', alarms: true },
      { op: 'sub', messages: true },
    ]);
    last().receive({ type: 'alarm', alarm });
    expect(alarms).toHaveBeenCalledWith(alarm);
    last().receive({ type: 'values', device_id: 13, values: [{ id: 41, v: 2, ts: 2, q: 0 }] });
    expect(client.getDevice(13).values[41]?.v).toBe(2);
  });

  it('ignores malformed frames and pongs', () => {
    const client = makeClient();
    const onChange = vi.fn();
    client.subscribeDevice(12, null, onChange);
    last().open();
    last().onmessage?.(new MessageEvent('message', { data: '{oops' }));
    last().receive({ type: 'pong', ts: 1 });
    last().receive({ type: 'error', code: 100002 });
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('hooks', () => {
  it('useLiveDevice follows one device and narrows to the asked data sources', () => {
    const client = makeClient();
    setRtdClient(client);
    const { result, unmount } = renderHook(() => useLiveDevice(12, [41]));
    expect(result.current.ready).toBe(false);
    act(() => {
      last().open();
      last().receive({
        type: 'snapshot',
        device_id: 12,
        dev_state: 1,
        values: [
          { id: 41, v: 5, ts: 1, q: 0 },
          { id: 42, v: 6, ts: 1, q: 0 },
        ],
      });
    });
    expect(last().sent).toEqual([{ op: 'sub', devices: [12], sources: [41] }]);
    expect(result.current.ready).toBe(true);
    expect(result.current.devState).toBe(1);
    expect(Object.keys(result.current.values)).toEqual(['41']);
    unmount();
    expect(last().sent.at(-1)).toEqual({ op: 'unsub', devices: [12] });
  });

  it('useAlarmFeed calls the latest callback', () => {
    const client = makeClient();
    setRtdClient(client);
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ cb }) => useAlarmFeed(cb), { initialProps: { cb: first } });
    rerender({ cb: second });
    act(() => {
      last().open();
      last().receive({ type: 'alarm', alarm });
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(alarm);
  });

  it('useInboxPush calls the latest callback, and subscribes only while enabled', () => {
    const client = makeClient();
    setRtdClient(client);
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ cb, enabled }) => useInboxPush(cb, enabled), {
      initialProps: { cb: first, enabled: false },
    });
    expect(FakeSocket.all).toHaveLength(0);
    rerender({ cb: second, enabled: true });
    act(() => {
      last().open();
      last().receive({ type: 'message' });
    });
    expect(last().sent).toEqual([{ op: 'sub', messages: true }]);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    unmount();
    act(() => {
      last().receive({ type: 'message' });
    });
    expect(second).toHaveBeenCalledTimes(1);
  });
});
