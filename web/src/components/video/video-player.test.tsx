// VideoPlayer in jsdom (no media decoding): HLS handed to hls.js (mocked) unless the browser plays it itself, a file
// set as the video's source; loading until the video plays; "invalid video address" for an address a browser cannot
// play, a failed stream or a fatal hls.js error, on that player only; hls.js torn down when the player goes.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';

const hls = vi.hoisted(() => ({
  attached: [] as { url: string; fail: (reason: string) => void; stopped: boolean }[],
}));

vi.mock('./hls-engine', () => ({
  attachHls: (_video: HTMLVideoElement, url: string, fail: (reason: string) => void) => {
    const entry = { url, fail, stopped: false };
    hls.attached.push(entry);
    return Promise.resolve(() => {
      entry.stopped = true;
    });
  },
}));

const { VideoPlayer } = await import('./video-player');

const invalid = () => i18n.t('video.player.invalidAddress');

function players(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('.iot-video-player')];
}

describe('VideoPlayer', () => {
  beforeEach(() => {
    hls.attached.length = 0;
    (window as { MediaSource?: unknown }).MediaSource = function MediaSource() {};
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });

  afterEach(() => {
    delete (window as { MediaSource?: unknown }).MediaSource;
  });

  it('plays HLS through hls.js, loading until the video plays, and tears it down when it goes', async () => {
    const { container, unmount } = render(<VideoPlayer src="/api/video/demo/live.m3u8?serial=A&channel=1" />);
    const [player] = players(container);
    expect(player).toHaveAttribute('data-status', 'loading');
    expect(screen.getByRole('status')).toHaveAccessibleName(i18n.t('video.player.loading'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(hls.attached.map((a) => a.url)).toEqual(['/api/video/demo/live.m3u8?serial=A&channel=1']);
    fireEvent(container.querySelector('video')!, new Event('playing'));
    expect(player).toHaveAttribute('data-status', 'playing');
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    expect(hls.attached[0]?.stopped).toBe(true);
  });

  it('plays a file as the video source, without hls.js', () => {
    const { container } = render(<VideoPlayer src="https://cam.example.com/clip.mp4" />);
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://cam.example.com/clip.mp4');
    expect(hls.attached).toEqual([]);
  });

  it("uses the browser's own HLS player where there are no Media Source Extensions", () => {
    delete (window as { MediaSource?: unknown }).MediaSource;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const { container } = render(<VideoPlayer src="https://cam.example.com/live.m3u8" />);
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://cam.example.com/live.m3u8');
    expect(hls.attached).toEqual([]);
  });

  it('shows "invalid video address" for an address a browser cannot play, on that player only', () => {
    const { container } = render(
      <>
        <VideoPlayer src="rtsp://192.168.1.64:554/h264" />
        <VideoPlayer src="https://cam.example.com/clip.mp4" />
      </>,
    );
    const [bad, good] = players(container);
    expect(bad).toHaveAttribute('data-status', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent(invalid());
    expect(good).toHaveAttribute('data-status', 'loading');
  });

  it('says so when the stream fails, and tries again on retry', async () => {
    const { container } = render(<VideoPlayer src="/api/video/demo/live.m3u8" />);
    await act(async () => {
      await Promise.resolve();
    });
    act(() => {
      hls.attached[0]?.fail('networkError: manifestLoadError');
    });
    expect(players(container)[0]).toHaveAttribute('data-status', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent(invalid());
    fireEvent.click(screen.getByRole('button', { name: i18n.t('video.player.retry') }));
    expect(players(container)[0]).toHaveAttribute('data-status', 'loading');
    await act(async () => {
      await Promise.resolve();
    });
    expect(hls.attached).toHaveLength(2);
    expect(hls.attached[0]?.stopped).toBe(true);
  });

  it('waits without an error while the address is asked for', () => {
    const { container } = render(<VideoPlayer src={null} waiting />);
    expect(players(container)[0]).toHaveAttribute('data-status', 'loading');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('fails on the video element error of a file', () => {
    const { container } = render(<VideoPlayer src="https://cam.example.com/missing.mp4" />);
    fireEvent(container.querySelector('video')!, new Event('error'));
    expect(players(container)[0]).toHaveAttribute('data-status', 'error');
  });
});
