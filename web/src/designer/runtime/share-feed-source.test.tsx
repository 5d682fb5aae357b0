import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { RtdClient } from '@/lib/ws';
import { FakeSocket } from '@/test/fake-socket';
import { bodyOf, fail, mockApi, ok } from '@/test/mock-api';
import { liveItem } from '@/test/telemetry';
import { createShareFeedSource } from './share-feed-source';

const answer = {
  screens: { device_id: 12, template_id: 3, release: 1, screens: [] },
  live: {
    device_id: 12,
    sn_code: 'IOT0000012',
    dev_alias: '',
    dev_state: 1,
    report_time: 1,
    template_id: 3,
    template_version: 1,
    can_write: false,
    password_required: true,
    items: [liveItem()],
  },
  write_config: { user_can_write: false, device_can_write: true, online: true, password_required: true },
  alarms: [{ id: 5, device_id: 12, data_source_id: 41, alarm_type: 1 }],
};

function setup() {
  const onEnded = vi.fn();
  const rtd = new RtdClient({ createSocket: (url) => new FakeSocket(url), getToken: () => 'tok-2' });
  const source = createShareFeedSource({ token: 'tok-2', rtd, onEnded });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { onEnded, rtd, source, wrapper };
}

describe('createShareFeedSource', () => {
  it('answers the screens, seed, write rules and alarms from one shared device request', async () => {
    const calls = mockApi({ 'GET /yun/shared/module/device': () => ok(answer) });
    const { source, wrapper, rtd } = setup();
    const { result } = renderHook(
      () => ({
        screens: source.useScreens(12),
        seed: source.useSeed(12),
        config: source.useWriteConfig(12),
        alarms: source.useAlarms(12),
        history: source.useHistory(null),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.seed.data).toBeDefined());
    expect(result.current.screens.data?.template_id).toBe(3);
    expect(result.current.seed.data?.items[0]?.id).toBe(41);
    expect(result.current.config.data?.password_required).toBe(true);
    expect(result.current.alarms.data?.items.map((a) => a.id)).toEqual([5]);
    expect(result.current.history.data).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({ token: 'tok-2', device_id: 12 });
    expect(source.rtd()).toBe(rtd);
  });

  it('ends the page when a request answers a link code', async () => {
    mockApi({ 'GET /yun/shared/module/device': () => fail('118303', '分享链接已达到最大访问次数') });
    const { source, wrapper, onEnded } = setup();
    const { result } = renderHook(() => source.useSeed(12), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onEnded).toHaveBeenCalledWith(118303);
  });

  it('writes with the link’s token', async () => {
    const posted: unknown[] = [];
    mockApi({
      'POST /yun/shared/module/write': (config) => {
        posted.push(bodyOf(config));
        return ok({ req_id: 'r', value: 3, old_value: 1, ack_time: 9 });
      },
    });
    const { source, wrapper } = setup();
    const { result } = renderHook(() => source.useWrite(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ device_id: 12, data_source_id: 41, value: 3, password: 'p' }),
    );
    expect(posted).toEqual([{ token: 'tok-2', device_id: 12, data_source_id: 41, value: 3, password: 'p' }]);
  });
});
