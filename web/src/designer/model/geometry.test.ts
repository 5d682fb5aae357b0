import { describe, expect, it } from 'vitest';

import { at, documentOf, element } from '@/test/designer';

import { rotatedBounds, selectionBounds, snapBox, unionBounds } from './geometry';

describe('bounds', () => {
  it('gives the drawn box of a rotated placement', () => {
    expect(rotatedBounds({ x: 0, y: 0, w: 40, h: 10, rotation: 0 })).toEqual({ x: 0, y: 0, w: 40, h: 10 });
    const quarter = rotatedBounds({ x: 0, y: 0, w: 40, h: 10, rotation: 90 });
    expect(quarter.x).toBeCloseTo(15);
    expect(quarter.y).toBeCloseTo(-15);
    expect(quarter.w).toBeCloseTo(10);
    expect(quarter.h).toBeCloseTo(40);
    const diagonal = rotatedBounds({ x: 0, y: 0, w: 10, h: 10, rotation: 45 });
    expect(diagonal.w).toBeCloseTo(Math.SQRT2 * 10);
    expect(diagonal.x).toBeCloseTo(5 - Math.SQRT2 * 5);
  });

  it('unites boxes and a selection’s elements', () => {
    expect(unionBounds([])).toBeNull();
    const doc = documentOf([
      element('e1', at(10, 20, 5, 5)),
      element('e2', at(-5, 40, 10, 10)),
      element('e3', at(500, 500)),
    ]);
    expect(selectionBounds(doc, ['e1', 'e2'])).toEqual({ x: -5, y: 20, w: 20, h: 30 });
    expect(selectionBounds(doc, [])).toBeNull();
  });
});

describe('snapBox', () => {
  const other = { x: 100, y: 100, w: 50, h: 20 };

  it('snaps an edge to another box’s edge within the threshold and draws the guide', () => {
    const result = snapBox({ x: 153, y: 300, w: 10, h: 10 }, { others: [other], grid: null, zoom: 1 });
    expect(result.x).toBe(150);
    expect(result.y).toBe(300);
    expect(result.guides).toEqual([{ axis: 'x', at: 150, from: 100, to: 310 }]);
  });

  it('snaps centre to centre on both axes', () => {
    const result = snapBox({ x: 121, y: 104, w: 10, h: 10 }, { others: [other], grid: null, zoom: 1 });
    expect(result).toMatchObject({ x: 120, y: 105 });
    expect(result.guides.map((g) => [g.axis, g.at])).toEqual([
      ['x', 125],
      ['y', 110],
    ]);
  });

  it('measures the threshold in screen pixels at any zoom', () => {
    const box = { x: 154, y: 300, w: 10, h: 10 };
    // 4 canvas px away: within 6 screen px at 100 %, not at 200 % (12 screen px), again at 50 %.
    expect(snapBox(box, { others: [other], grid: null, zoom: 1 }).x).toBe(150);
    expect(snapBox(box, { others: [other], grid: null, zoom: 2 }).x).toBe(154);
    expect(snapBox({ ...box, x: 161 }, { others: [other], grid: null, zoom: 0.5 }).x).toBe(150);
  });

  it('falls back on the grid where no edge is near', () => {
    const result = snapBox({ x: 303, y: 296, w: 10, h: 10 }, { others: [other], grid: 10, zoom: 3 });
    expect(result).toEqual({ x: 300, y: 300, guides: [] });
    expect(snapBox({ x: 303, y: 296, w: 10, h: 10 }, { others: [], grid: null, zoom: 1 })).toMatchObject({
      x: 303,
      y: 296,
    });
  });
});
