// A device's live values once per frame: a frame booked for a page that is gone never holds later pushes.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { signInAs } from '@/test/session';

import { setRtdClient } from '../ws';
import { useFramedLiveDevice } from './use-framed-live';

function Card() {
  const live = useFramedLiveDevice(12, [41], true);
  return <span data-testid="value">{String(live.values[41]?.v ?? '')}</span>;
}

async function push(value: number): Promise<void> {
  const socket = FakeSocket.last!;
  await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', devices: [12], sources: [41] }));
  act(() => {
    socket.receive({ type: 'values', device_id: 12, values: [{ id: 41, v: value, ts: Date.now(), q: 0 }] });
  });
}

beforeEach(() => {
  signInAs(['P10000']);
  installFakeRtd();
});

afterEach(() => {
  vi.useRealTimers();
  setRtdClient(null);
});

describe('useFramedLiveDevice', () => {
  it('a frame booked under timers that are gone does not hold the next page’s pushes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = render(<Card />);
    act(() => {
      FakeSocket.last!.open();
    });
    await push(1);
    // The push booked a frame on the fake clock; the page goes before it runs, and the clock with it.
    first.unmount();
    vi.useRealTimers();
    setRtdClient(null);
    installFakeRtd();
    render(<Card />);
    act(() => {
      FakeSocket.last!.open();
    });
    await push(2);
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('2'));
  });
});
