// The carousel's rotation: which of a group's devices the stage shows, previous / next over the devices that have a
// main screen (the others are skipped), and the timer that moves on every `interval` seconds while the group rotates,
// holds more than one showable device, is not paused and the document is visible. A move by hand restarts the count.
import { useEffect, useMemo, useState } from 'react';

import type { CarouselDevice } from '../../types';

export interface RotationOptions {
  devices: readonly CarouselDevice[];
  /** Seconds per device. */
  interval: number;
  /** The group's intra-group rotation flag. */
  rotate: boolean;
}

export interface Rotation {
  /** The device shown (the first showable one until another is chosen), undefined when none can be shown. */
  current: CarouselDevice | undefined;
  /** The devices with a main screen, in the group's order. */
  showable: CarouselDevice[];
  /** The current device's place among the showable ones (0-based; -1 when it has no screen). */
  index: number;
  /** The group rotates and holds more than one showable device. */
  canRotate: boolean;
  paused: boolean;
  /** The timer runs (can rotate, not paused, document visible). */
  running: boolean;
  next: () => void;
  previous: () => void;
  /** Shows this device (one without a main screen too: the stage then says so). */
  show: (deviceId: number) => void;
  togglePause: () => void;
}

/** True while the document is visible (a hidden tab does not rotate). */
export function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** The next (step 1) or previous (-1) device after `from` in the group's order that has a main screen, wrapping
 * around; `from` undefined starts before the first. Undefined when no device has a screen. */
export function stepFrom(
  devices: readonly CarouselDevice[],
  from: CarouselDevice | undefined,
  step: 1 | -1,
): CarouselDevice | undefined {
  const n = devices.length;
  const start = from ? devices.indexOf(from) : step === 1 ? -1 : 0;
  for (let k = 1; k <= n; k += 1) {
    const candidate = devices[(((start + step * k) % n) + n) % n];
    if (candidate?.has_main_screen) return candidate;
  }
  return undefined;
}

export function useRotation({ devices, interval, rotate }: RotationOptions): Rotation {
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const visible = useDocumentVisible();
  const showable = useMemo(() => devices.filter((d) => d.has_main_screen), [devices]);
  const current = devices.find((d) => d.device_id === chosenId) ?? showable[0];
  const index = current ? showable.indexOf(current) : -1;
  const canRotate = rotate && showable.length > 1;
  const running = canRotate && !paused && visible;

  const go = (step: 1 | -1) => {
    const target = stepFrom(devices, current, step);
    if (target) setChosenId(target.device_id);
  };

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => {
      const target = stepFrom(devices, current, 1);
      if (target) setChosenId(target.device_id);
    }, interval * 1000);
    return () => window.clearTimeout(timer);
    // A new `current` restarts the count after every move, by hand or by the timer.
  }, [running, interval, devices, current]);

  return {
    current,
    showable,
    index,
    canRotate,
    paused,
    running,
    next: () => go(1),
    previous: () => go(-1),
    show: setChosenId,
    togglePause: () => setPaused((p) => !p),
  };
}
