import { describe, expect, it } from 'vitest';

import { frameOf, placementOf, placementStyle } from './frames';

const start = { x: 10, y: 20, w: 100, h: 40, rotation: 15 };

describe('gesture frames', () => {
  it('places a node at its placement with no offset outside a gesture', () => {
    expect(placementStyle(start)).toEqual({
      left: '10px',
      top: '20px',
      width: '100px',
      height: '40px',
      transform: 'translate(0px, 0px) rotate(15deg)',
    });
    expect(placementOf(start, frameOf(start))).toEqual(start);
  });

  it('draws a frame as an offset from the placement, and ends it as the moved placement', () => {
    const frame = { translate: [33.333, -5.06] as [number, number], w: 120.4, h: 39.6, rotation: 90.04 };
    expect(placementStyle(start, frame).transform).toBe('translate(33.333px, -5.06px) rotate(90.04deg)');
    expect(placementStyle(start, frame).left).toBe('10px');
    expect(placementOf(start, frame)).toEqual({ x: 43.3, y: 14.9, w: 120, h: 40, rotation: 90 });
  });

  it('leaves a placement untouched by a press that moved nothing, however many decimals it has', () => {
    const odd = { x: 10.25, y: 3.333, w: 100.5, h: 7.7, rotation: 12.345 };
    expect(placementOf(odd, frameOf(odd))).toBe(odd);
  });

  it('never ends a resize below one pixel', () => {
    expect(placementOf(start, { ...frameOf(start), w: 0.2, h: 0 })).toMatchObject({ w: 1, h: 1 });
  });
});
