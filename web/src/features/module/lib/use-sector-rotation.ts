// A sector's presentation order (/detail): which of its showable dashboards is on the stage, choosing one by hand,
// previous / next (wrapping), and the timer that moves on every `interval` seconds while there is more than one,
// the interval is above 0, nothing pauses it (the pause button, the pointer over the stage) and the tab is visible.
// A move by hand restarts the count.
import { useEffect, useState } from 'react';

/** True while the document is visible (a hidden tab does not rotate). */
function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export interface SectorRotation {
  /** The id shown (the first until another is chosen); undefined when there is none. */
  current: number | undefined;
  index: number;
  /** The interval is above 0 and there is more than one to show. */
  canRotate: boolean;
  /** The timer runs now. */
  running: boolean;
  /** Paused with the button. */
  paused: boolean;
  show: (id: number) => void;
  next: () => void;
  previous: () => void;
  togglePause: () => void;
  /** The pointer is over the stage (true) or left it (false). */
  hover: (over: boolean) => void;
}

export function useSectorRotation(ids: readonly number[], interval: number): SectorRotation {
  const [chosen, setChosen] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const visible = useDocumentVisible();
  const found = chosen === null ? -1 : ids.indexOf(chosen);
  const index = found >= 0 ? found : 0;
  const current = ids[index];
  const canRotate = interval > 0 && ids.length > 1;
  const running = canRotate && !paused && !hovered && visible;

  const step = (by: 1 | -1) => {
    if (ids.length === 0) return;
    setChosen(ids[(((index + by) % ids.length) + ids.length) % ids.length] ?? null);
  };

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => {
      setChosen(ids[(index + 1) % ids.length] ?? null);
    }, interval * 1000);
    return () => window.clearTimeout(timer);
    // A new `current` restarts the count after every move, by hand or by the timer.
  }, [running, interval, ids, index, current]);

  return {
    current,
    index,
    canRotate,
    running,
    paused,
    show: setChosen,
    next: () => step(1),
    previous: () => step(-1),
    togglePause: () => setPaused((p) => !p),
    hover: setHovered,
  };
}
