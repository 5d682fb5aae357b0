// The camera element (issue 38 point 4): on the canvas a box naming its source; at run time the camera of the device
// the screen shows, from its template's camera slot (the slot's live address) or the device's own video address; a
// camera that cannot play shows "invalid video address" on its own player.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { mockApi, ok } from '@/test/mock-api';
import { makeElement } from '../test/fixtures';
import { CameraSourceContext } from './camera-source';

const attached = vi.hoisted(() => [] as string[]);
vi.mock('@/components/video/hls-engine', () => ({
  attachHls: (_video: HTMLVideoElement, url: string) => {
    attached.push(url);
    return Promise.resolve(() => undefined);
  },
}));

const { cameraElement } = await import('./camera');
const Camera = cameraElement.component;

function wrap(
  children: ReactNode,
  device: { deviceId: number; templateId: number | null; share?: string | null } | null,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <CameraSourceContext value={device && { share: null, ...device }}>{children}</CameraSourceContext>
    </QueryClientProvider>
  );
}

describe('the camera element', () => {
  beforeEach(() => {
    attached.length = 0;
    (window as { MediaSource?: unknown }).MediaSource = function MediaSource() {};
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });

  it('names its source on the canvas and plays nothing', () => {
    const element = makeElement('camera', { settings: { source: 'slot', slot: 2 } });
    const calls = mockApi({});
    const { container } = render(
      wrap(<Camera element={element} mode="edit" values={{}} state={null} />, { deviceId: 5, templateId: 9 }),
    );
    expect(container).toHaveTextContent(`${i18n.t('video.camera.slot')} 3`);
    expect(container.querySelector('video')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("plays the template slot's live address for the device shown", async () => {
    const calls = mockApi({
      'GET /yun/module/video': () =>
        ok({
          template_id: 9,
          cameras: [
            { name: 'Gate', serial: 'LOCAL0001', channel: 1 },
            { name: 'Yard', serial: 'LOCAL0001', channel: 2 },
          ],
          updated_at: 1,
        }),
      'GET /third/party/live': () =>
        ok({ serial: 'LOCAL0001', channel: 2, protocol: 'hls', url: '/api/video/demo/live.m3u8?c=2' }),
    });
    const element = makeElement('camera', { settings: { source: 'slot', slot: 1 } });
    render(
      wrap(<Camera element={element} mode="runtime" values={{}} state={null} />, {
        deviceId: 5,
        templateId: 9,
      }),
    );
    await waitFor(() => {
      expect(attached).toEqual(['/api/video/demo/live.m3u8?c=2']);
    });
    expect(calls.find((c) => c.url === '/third/party/live')?.params).toMatchObject({
      serial: 'LOCAL0001',
      channel: 2,
    });
  });

  it("shows 'invalid video address' for a device address a browser cannot play, or a slot the template lacks", async () => {
    mockApi({
      'GET /dev/basic/5': () => ok({ id: 5, video_url: 'rtsp://192.168.1.64/h264' }),
      'GET /yun/module/video': () => ok({ template_id: 9, cameras: [], updated_at: null }),
    });
    const device = makeElement('camera', { settings: { source: 'device' } });
    const slot = makeElement('camera', { id: 'e2', settings: { source: 'slot', slot: 3 } });
    render(
      wrap(
        <>
          <Camera element={device} mode="runtime" values={{}} state={null} />
          <Camera element={slot} mode="runtime" values={{}} state={null} />
        </>,
        { deviceId: 5, templateId: 9 },
      ),
    );
    await waitFor(() => {
      expect(screen.getAllByRole('alert')).toHaveLength(2);
    });
    for (const alert of screen.getAllByRole('alert'))
      expect(alert).toHaveTextContent(i18n.t('video.player.invalidAddress'));
    expect(attached).toEqual([]);
  });

  it('on a shared page asks the link for the address, in one call', async () => {
    const calls = mockApi({
      'GET /yun/shared/camera': () => ok({ url: '/api/video/demo/live.m3u8?c=1' }),
    });
    const element = makeElement('camera', { settings: { source: 'slot', slot: 0 } });
    render(
      wrap(<Camera element={element} mode="runtime" values={{}} state={null} />, {
        deviceId: 5,
        templateId: 9,
        share: 'tok',
      }),
    );
    await waitFor(() => {
      expect(attached).toEqual(['/api/video/demo/live.m3u8?c=1']);
    });
    expect(calls.map((c) => c.url)).toEqual(['/yun/shared/camera']);
    expect(calls[0]?.params).toMatchObject({ token: 'tok', device_id: 5, source: 'slot', slot: 0 });
  });

  it("on a shared page shows 'invalid video address' when the link answers none", async () => {
    mockApi({ 'GET /yun/shared/camera': () => ok({ url: '' }) });
    const element = makeElement('camera', { settings: { source: 'device' } });
    render(
      wrap(<Camera element={element} mode="runtime" values={{}} state={null} />, {
        deviceId: 5,
        templateId: null,
        share: 'tok',
      }),
    );
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('video.player.invalidAddress'));
    });
    expect(attached).toEqual([]);
  });
});
