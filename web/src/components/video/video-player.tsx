// The one video player of the console (issue 38 point 4; DESIGN §9 media): a camera's live stream or a device's
// video address, on the video cloud page, the device detail, a screen's camera element and a dashboard's camera card.
// HLS plays through hls.js (hls-engine.ts, a lazy chunk) wherever the browser has Media Source Extensions, and
// through the browser's own player where it has none but plays HLS itself (iOS Safari before 17.1); a file the browser plays (mp4, webm) is its <video>'s source. Loading, playing and
// failed states: an address that cannot be played or reached shows "invalid video address" on this player only.
// Unseen (another tab, scrolled away) it stops fetching, so nobody watching costs the stream nothing.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { PlainSpinner } from '@/components/plain-spinner';
import { useScreenVisible } from '@/lib/use-screen-visible';
import { attachHls } from './hls-engine';
import { playableAddress, playsHlsNatively } from './video-address';
import './video-player.css';

export interface VideoPlayerProps {
  /** The address to play: http(s) or a path of the product (`/api/…`); empty, null or unplayable: the error. */
  src: string | null | undefined;
  /** The address is still being asked for (a camera's live address): loading, nothing played yet. */
  waiting?: boolean;
  /** Muted by default: browsers autoplay muted video only. */
  muted?: boolean;
  /** The browser's own controls; default true. */
  controls?: boolean;
  poster?: string;
  className?: string;
  style?: CSSProperties;
}

export type VideoStatus = 'loading' | 'playing' | 'error';

export function VideoPlayer({
  src,
  waiting = false,
  muted = true,
  controls = true,
  poster,
  className,
  style,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const seen = useScreenVisible(box);
  const [attempt, setAttempt] = useState(0);
  const address = waiting ? null : playableAddress(src);
  const loadKey = `${address?.url ?? ''}\n${String(attempt)}\n${String(seen)}`;
  const [result, setResult] = useState<{ key: string; status: VideoStatus }>({ key: '', status: 'loading' });
  const status: VideoStatus = waiting
    ? 'loading'
    : !address
      ? 'error'
      : result.key === loadKey
        ? result.status
        : 'loading';

  useEffect(() => {
    const element = video.current;
    if (!element || !address || !seen) return undefined;
    let ended = false;
    const settle = (next: VideoStatus) => {
      if (!ended) setResult({ key: loadKey, status: next });
    };
    const onPlaying = () => {
      settle('playing');
    };
    const onError = () => {
      settle('error');
    };
    element.addEventListener('playing', onPlaying);
    element.addEventListener('error', onError);
    let teardown: (() => void) | null = null;
    if (address.kind === 'hls' && !playsHlsNatively(element)) {
      attachHls(element, address.url, onError)
        .then((stop) => {
          if (ended) stop();
          else teardown = stop;
        })
        .catch(onError);
    } else {
      element.src = address.url;
    }
    // Autoplay refused or the source failed: the error event (or the controls' play button) tells.
    Promise.resolve()
      .then(() => element.play())
      .catch(() => undefined);
    return () => {
      ended = true;
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('error', onError);
      teardown?.();
      element.removeAttribute('src');
      element.load();
    };
    // loadKey stands for the address, the retries and whether the player is seen.
  }, [loadKey]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      ref={setBox}
      className={['iot-video-player', className].filter(Boolean).join(' ')}
      style={style}
      data-status={status}
    >
      <video
        ref={video}
        className="iot-video-player__video"
        muted={muted}
        controls={controls && status === 'playing'}
        poster={poster}
        autoPlay
        playsInline
      />
      {status === 'loading' && (
        <div className="iot-video-player__overlay" role="status" aria-label={t('video.player.loading')}>
          <PlainSpinner />
        </div>
      )}
      {status === 'error' && (
        <div className="iot-video-player__overlay" role="alert">
          <span>{t('video.player.invalidAddress')}</span>
          {address && (
            <button
              type="button"
              className="iot-video-player__retry"
              onClick={() => {
                setAttempt((n) => n + 1);
              }}
            >
              {t('video.player.retry')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
