// What a video player may play: http(s) addresses and the product's own paths, HLS or a file; nothing else.
import { afterEach, describe, expect, it } from 'vitest';

import { playableAddress, playsHlsNatively } from './video-address';

describe('playableAddress', () => {
  afterEach(() => {
    delete window.__IOTYUN_CONFIG__;
  });

  it('plays http(s) and the product paths, HLS by its .m3u8', () => {
    expect(playableAddress('https://cam.example.com/live/1.m3u8?t=1')).toEqual({
      url: 'https://cam.example.com/live/1.m3u8?t=1',
      kind: 'hls',
    });
    expect(playableAddress('http://192.168.1.64/clip.mp4')).toEqual({
      url: 'http://192.168.1.64/clip.mp4',
      kind: 'file',
    });
    expect(playableAddress(' /api/video/demo/live.m3u8?serial=LOCAL0001&channel=1 ')).toEqual({
      url: '/api/video/demo/live.m3u8?serial=LOCAL0001&channel=1',
      kind: 'hls',
    });
  });

  it('resolves a product path against the API base config.js names', () => {
    window.__IOTYUN_CONFIG__ = { apiBase: 'https://api.example.com/api' };
    expect(playableAddress('/api/video/demo/live.m3u8')?.url).toBe(
      'https://api.example.com/api/video/demo/live.m3u8',
    );
  });

  it.each([
    '',
    null,
    undefined,
    'rtsp://192.168.1.64:554/h264',
    'rtmp://cam/live',
    'file:///etc/passwd',
    'javascript:alert(1)',
    '//evil.example.com/x.m3u8',
    '/iotyun/index',
    'https://user:pw@cam.example.com/x.m3u8',
    'not an address',
  ])('refuses %s', (address) => {
    expect(playableAddress(address)).toBeNull();
  });
});

describe('playsHlsNatively', () => {
  it('only without Media Source Extensions and where the browser says it plays HLS', () => {
    const video = document.createElement('video');
    video.canPlayType = () => 'maybe';
    const had = 'MediaSource' in window;
    const saved = (window as { MediaSource?: unknown }).MediaSource;
    (window as { MediaSource?: unknown }).MediaSource = function MediaSource() {};
    expect(playsHlsNatively(video)).toBe(false);
    delete (window as { MediaSource?: unknown }).MediaSource;
    expect(playsHlsNatively(video)).toBe(true);
    video.canPlayType = () => '';
    expect(playsHlsNatively(video)).toBe(false);
    if (had) (window as { MediaSource?: unknown }).MediaSource = saved;
  });
});
