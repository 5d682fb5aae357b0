// Full screen for one element of the page (a screen's stage): whether it is shown full screen now, the toggle, and
// whether the browser offers it at all. The configuration monitor and a shared configuration use it.
import { useEffect, useState, type RefObject } from 'react';

export function useFullscreen(stage: RefObject<HTMLElement | null>) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const follow = () =>
      setFull(document.fullscreenElement !== null && document.fullscreenElement === stage.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [stage]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen();
  };
  return { full, toggle, available: typeof document.documentElement.requestFullscreen === 'function' };
}
