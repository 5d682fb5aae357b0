// What a video player may play (issue 38 point 4): an http(s) address or a path of the product itself (`/api/…`, the
// demo stream the local provider names, docs/api-video.md), resolved against the API's base; HLS (.m3u8) through
// hls.js or the browser's own player, a file the browser plays (mp4, webm) as it is. Anything else (rtsp:, rtmp:,
// file:, javascript:, a bare word) is an invalid video address: a browser cannot play it.
import { apiBase } from '@/lib/config';

export type VideoKind = 'hls' | 'file';

export interface PlayableAddress {
  url: string;
  kind: VideoKind;
}

const API_PATH = /^\/api(\/|$)/;

/** The product path `/api/…` on the API's own origin and base (config.js may move the API elsewhere). */
function productUrl(path: string): string {
  const base = apiBase().replace(/\/$/, '');
  return base === '/api' ? path : base + path.slice('/api'.length);
}

/** The address to play, or null when it is not one a browser can play. */
export function playableAddress(address: string | null | undefined): PlayableAddress | null {
  const raw = (address ?? '').trim();
  if (raw === '') return null;
  let url: string;
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    if (!API_PATH.test(raw)) return null;
    url = productUrl(raw);
  } else {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      return null;
    }
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username || parsed.password)
      return null;
    url = parsed.toString();
  }
  const path = (url.split(/[?#]/)[0] ?? '').toLowerCase();
  return { url, kind: path.endsWith('.m3u8') ? 'hls' : 'file' };
}

/**
 * HLS through the browser's own player: only where there is no Media Source Extensions for hls.js (iOS Safari before
 * 17.1) and the browser says it plays HLS. Where both exist hls.js plays: Chromium answers canPlayType "maybe" for HLS
 * yet its headless shell failed to play the demo stream natively, which hls.js plays (e2e/video.spec.ts).
 */
export function playsHlsNatively(video: HTMLVideoElement): boolean {
  const mse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return !mse && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}
