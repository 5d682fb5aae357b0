// How a screen fits its container (issue 16 point 1): the whole sheet (contain, the default), its width (scrolling
// down for the rest) or its height (scrolling across); full screen is the browser's full screen of the host with the
// sheet contained. The viewer's choice is kept in localStorage, one for every screen.
import { useCallback, useState } from 'react';

import type { CanvasSize } from '../model';

export const SCREEN_FITS = ['contain', 'width', 'height'] as const;
export type ScreenFit = (typeof SCREEN_FITS)[number];
export const DEFAULT_FIT: ScreenFit = 'contain';
export const FIT_STORAGE_KEY = 'iotyun.screenFit';

/** The scale that fits a sheet into a box by `fit`; 1 before the box is measured. */
export function fitScaleFor(fit: ScreenFit, sheet: CanvasSize, box: CanvasSize | null): number {
  if (!box || box.width <= 0 || box.height <= 0 || sheet.width <= 0 || sheet.height <= 0) return 1;
  const across = box.width / sheet.width;
  const down = box.height / sheet.height;
  if (fit === 'width') return across;
  if (fit === 'height') return down;
  return Math.min(across, down);
}

export function isScreenFit(value: unknown): value is ScreenFit {
  return typeof value === 'string' && (SCREEN_FITS as readonly string[]).includes(value);
}

export function storedFit(): ScreenFit {
  try {
    const stored = window.localStorage.getItem(FIT_STORAGE_KEY);
    return isScreenFit(stored) ? stored : DEFAULT_FIT;
  } catch {
    return DEFAULT_FIT;
  }
}

/** The viewer's fit, read once and written on each choice. */
export function useScreenFit(): [ScreenFit, (fit: ScreenFit) => void] {
  const [fit, setFit] = useState<ScreenFit>(storedFit);
  const choose = useCallback((next: ScreenFit) => {
    setFit(next);
    try {
      window.localStorage.setItem(FIT_STORAGE_KEY, next);
    } catch {
      // Private mode or storage full: the choice lasts for the page.
    }
  }, []);
  return [fit, choose];
}
