// The canvas fitted to its box: one scale, centred, bars where the proportions differ.
import { describe, expect, it } from 'vitest';

import { canvasTransform, fitCanvas } from './scale';

describe('fitCanvas', () => {
  const canvas = { width: 1920, height: 1080 };

  it('fills a box of the same proportions', () => {
    expect(fitCanvas(canvas, { width: 960, height: 540 })).toEqual({ scale: 0.5, x: 0, y: 0 });
    expect(fitCanvas(canvas, { width: 3840, height: 2160 })).toEqual({ scale: 2, x: 0, y: 0 });
  });

  it('letterboxes a taller box: bars above and below, centred', () => {
    expect(fitCanvas(canvas, { width: 1440, height: 1024 })).toEqual({
      scale: 0.75,
      x: 0,
      y: (1024 - 810) / 2,
    });
  });

  it('pillarboxes a wider box: bars left and right, centred', () => {
    expect(fitCanvas(canvas, { width: 2560, height: 1080 })).toEqual({ scale: 1, x: 320, y: 0 });
  });

  it('fits a portrait canvas into a landscape display', () => {
    const fit = fitCanvas({ width: 1080, height: 1920 }, { width: 1920, height: 1080 });
    expect(fit.scale).toBeCloseTo(1080 / 1920);
    expect(fit.x).toBeCloseTo((1920 - 1080 * (1080 / 1920)) / 2);
    expect(fit.y).toBe(0);
  });

  it('stays at scale 1 until the box is measured', () => {
    expect(fitCanvas(canvas, null)).toEqual({ scale: 1, x: 0, y: 0 });
    expect(fitCanvas(canvas, { width: 0, height: 0 })).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('is one transform from the top left corner', () => {
    expect(canvasTransform({ scale: 0.5, x: 10, y: 20 })).toBe('translate(10px, 20px) scale(0.5)');
  });
});
