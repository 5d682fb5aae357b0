import { describe, expect, it } from 'vitest';

import {
  centred,
  clampZoom,
  clientToCanvas,
  fitView,
  FIT_MARGIN,
  viewportToCanvas,
  viewTransform,
  wheelZoom,
  zoomAbout,
  ZOOM_MAX,
  ZOOM_MIN,
} from './view';

describe('screen to canvas coordinates', () => {
  it('maps a viewport point through the pan and the scale', () => {
    expect(viewportToCanvas({ scale: 1, x: 0, y: 0 }, { x: 120, y: 80 })).toEqual({ x: 120, y: 80 });
    expect(viewportToCanvas({ scale: 2, x: 0, y: 0 }, { x: 120, y: 80 })).toEqual({ x: 60, y: 40 });
    expect(viewportToCanvas({ scale: 0.5, x: 0, y: 0 }, { x: 120, y: 80 })).toEqual({ x: 240, y: 160 });
    expect(viewportToCanvas({ scale: 1, x: 100, y: -50 }, { x: 120, y: 80 })).toEqual({ x: 20, y: 130 });
    expect(viewportToCanvas({ scale: 4, x: -400, y: 20 }, { x: 0, y: 100 })).toEqual({ x: 100, y: 20 });
    expect(viewportToCanvas({ scale: 0.1, x: 10, y: 10 }, { x: 20, y: 30 })).toEqual({ x: 100, y: 200 });
  });

  it('takes a client point relative to the viewport’s rectangle', () => {
    const view = { scale: 2, x: 30, y: 40 };
    expect(clientToCanvas(view, { left: 200, top: 100 }, { x: 330, y: 240 })).toEqual({ x: 50, y: 50 });
  });

  it('is the inverse of the content’s transform', () => {
    const view = { scale: 1.5, x: -37, y: 12 };
    const canvasPoint = { x: 333, y: 77 };
    const screen = { x: view.x + canvasPoint.x * view.scale, y: view.y + canvasPoint.y * view.scale };
    const back = viewportToCanvas(view, screen);
    expect(back.x).toBeCloseTo(canvasPoint.x);
    expect(back.y).toBeCloseTo(canvasPoint.y);
    expect(viewTransform(view)).toBe('translate(-37px, 12px) scale(1.5)');
  });
});

describe('zoom', () => {
  it('stays within 10 %–400 %', () => {
    expect(clampZoom(0.01)).toBe(ZOOM_MIN);
    expect(clampZoom(9)).toBe(ZOOM_MAX);
    expect(clampZoom(0.75)).toBe(0.75);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(wheelZoom(ZOOM_MAX, -100)).toBe(ZOOM_MAX);
    expect(wheelZoom(ZOOM_MIN, 500)).toBe(ZOOM_MIN);
  });

  it('zooms in on a wheel up and out on a wheel down, by the same factor', () => {
    const zoomedIn = wheelZoom(1, -100);
    expect(zoomedIn).toBeGreaterThan(1);
    expect(wheelZoom(zoomedIn, 100)).toBeCloseTo(1);
  });

  it('keeps the canvas point under the pointer where it was', () => {
    for (const [view, anchor, scale] of [
      [{ scale: 1, x: 0, y: 0 }, { x: 200, y: 100 }, 2],
      [{ scale: 0.5, x: 40, y: -20 }, { x: 13, y: 400 }, 0.25],
      [{ scale: 3, x: -900, y: -300 }, { x: 640, y: 360 }, 4],
    ] as const) {
      const before = viewportToCanvas(view, anchor);
      const next = zoomAbout(view, scale, anchor);
      expect(next.scale).toBe(scale);
      const after = viewportToCanvas(next, anchor);
      expect(after.x).toBeCloseTo(before.x);
      expect(after.y).toBeCloseTo(before.y);
    }
  });

  it('fits the canvas in the viewport with a margin, centred, never past 100 %', () => {
    const fit = fitView({ width: 800, height: 600 }, { width: 1120, height: 630 });
    expect(fit.scale).toBeCloseTo((800 - 2 * FIT_MARGIN) / 1120);
    expect(fit.x).toBeCloseTo(FIT_MARGIN);
    expect(fit.y).toBeCloseTo((600 - 630 * fit.scale) / 2);
    expect(fitView({ width: 2000, height: 2000 }, { width: 100, height: 100 })).toEqual(
      centred({ width: 2000, height: 2000 }, { width: 100, height: 100 }, 1),
    );
    expect(fitView({ width: 100, height: 100 }, { width: 100_000, height: 100 }).scale).toBe(ZOOM_MIN);
  });
});
