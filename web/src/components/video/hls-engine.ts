// hls.js on a <video> (issue 38 point 4): a dynamic import, so hls.js is its own lazy chunk (`hls`, vite.config.ts)
// fetched by the first player that needs it and by no page else.

/** Plays `url` in `video` with hls.js; `onFatal` when the stream cannot be played. Resolves with its teardown. */
export async function attachHls(
  video: HTMLVideoElement,
  url: string,
  onFatal: (reason: string) => void,
): Promise<() => void> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    onFatal('unsupported');
    return () => undefined;
  }
  const hls = new Hls({ lowLatencyMode: false, liveSyncDurationCount: 2, manifestLoadingMaxRetry: 1 });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal(`${data.type}: ${data.details}`);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => {
    hls.destroy();
  };
}
