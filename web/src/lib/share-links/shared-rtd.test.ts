import { afterEach, describe, expect, it, vi } from 'vitest';

import { FakeSocket } from '@/test/fake-socket';
import { createSharedRtd, sharedRtdUrl } from './shared-rtd';

const clients: { dispose: () => void }[] = [];

function client(onEnded: (code: number) => void) {
  FakeSocket.all = [];
  const rtd = createSharedRtd({
    token: 'tok-9',
    onEnded,
    createSocket: (url) => new FakeSocket(url),
    url: () => 'ws://test/api/sharedComponentsWs',
  });
  clients.push(rtd);
  rtd.subscribeDevice(12, null, () => undefined);
  return rtd;
}

afterEach(() => {
  for (const rtd of clients.splice(0)) rtd.dispose();
  vi.useRealTimers();
});

describe('sharedRtdUrl', () => {
  it('is the REST base’s /sharedComponentsWs, ws or wss as the page', () => {
    expect(sharedRtdUrl('/api', 'http://h.test/iotyun/share-cfg')).toBe('ws://h.test/api/sharedComponentsWs');
    expect(sharedRtdUrl('https://api.test/api/', 'http://h.test/')).toBe(
      'wss://api.test/api/sharedComponentsWs',
    );
  });
});

describe('createSharedRtd', () => {
  it('authenticates with the link’s token and passes values on', () => {
    const rtd = client(() => undefined);
    const socket = FakeSocket.last;
    socket?.open();
    expect(socket?.token).toBe('tok-9');
    socket?.receive({
      type: 'snapshot',
      device_id: 12,
      dev_state: 1,
      values: [{ id: 41, v: 2, ts: 5, q: 0 }],
    });
    expect(rtd.getDevice(12).values[41]?.v).toBe(2);
  });

  it('ends with the error frame’s code when the server closes with 4401', () => {
    const onEnded = vi.fn();
    const rtd = client(onEnded);
    const socket = FakeSocket.last;
    socket?.open();
    socket?.receive({ type: 'error', code: 118305, detail: 'disabled' });
    socket?.drop(4401);
    expect(onEnded).toHaveBeenCalledWith(118305);
    expect(rtd.getStatus()).toBe('unauthorized');
  });

  it('ends as an invalid link on a 4401 without a code, and not on a dropped connection', () => {
    vi.useFakeTimers();
    const onEnded = vi.fn();
    client(onEnded);
    FakeSocket.last?.open();
    FakeSocket.last?.drop(1006);
    expect(onEnded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    const second = FakeSocket.last;
    expect(FakeSocket.all).toHaveLength(2);
    second?.connect();
    second?.drop(4401);
    expect(onEnded).toHaveBeenCalledWith(118301);
  });
});
