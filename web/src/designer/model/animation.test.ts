import { describe, expect, it } from 'vitest';

import {
  animationLook,
  animationStyle,
  animationValue,
  newAnimation,
  normalizeAnimation,
  pointAlong,
  spinClass,
  spinStyle,
  type DesignAnimation,
} from './animation';
import { normalizeElement, toWire } from './normalize';

const values: Record<number, number | null> = { 1: 30, 2: 0, 3: -60, 4: 50 };
const valueOf = (id: number) => values[id] ?? null;
const look = (...animations: DesignAnimation[]) => animationLook(animations, valueOf);
const on = (a: DesignAnimation, change: Partial<DesignAnimation>) => ({ ...a, ...change }) as DesignAnimation;

describe('animation by value', () => {
  it('spins at value × speed turns a minute, backwards below 0, paused at 0 or without a value', () => {
    const spin = look(on(newAnimation('spin', 1), { speed: 2 })).spin;
    expect(spin).toEqual({ running: true, reverse: false, durationS: 1 });
    expect(spinClass(spin!)).toBe('iot-anim-spin');
    expect(spinStyle(spin!)).toEqual({ animationDuration: '1s' });
    const back = look(newAnimation('spin', 3)).spin!;
    expect(back).toMatchObject({ running: true, reverse: true, durationS: 1 });
    expect(spinClass(back)).toBe('iot-anim-spin iot-anim-spin--reverse');
    for (const id of [2, 9]) {
      const stopped = look(newAnimation('spin', id)).spin!;
      expect(stopped.running).toBe(false);
      expect(spinClass(stopped)).toBe('iot-anim-spin iot-anim-spin--paused');
    }
    // Clamped: at most 10 turns a second, at least one in 10 minutes.
    expect(look(on(newAnimation('spin', 1), { speed: 1000 })).spin!.durationS).toBe(0.1);
    expect(look(on(newAnimation('spin', 1), { speed: 0.001 })).spin!.durationS).toBe(600);
  });

  it('rotates to an angle, scales and fades over the input range, clamped', () => {
    expect(look(on(newAnimation('rotate', 1), { max: 60, to_angle: 180 })).transform).toBe('rotate(90deg)');
    expect(look(on(newAnimation('rotate', 3), { min: 0, max: 60 })).transform).toBe('rotate(0deg)');
    expect(look(on(newAnimation('scale', 4), { from_scale: 1, to_scale: 2 })).transform).toBe('scale(1.5)');
    expect(look(newAnimation('opacity', 1)).opacity).toBe(0.3);
    expect(animationStyle(look(newAnimation('opacity', 4)))).toEqual({ opacity: 0.5 });
  });

  it('moves along its path by length', () => {
    const path = [
      [0, 0],
      [100, 0],
      [100, 100],
    ];
    expect(pointAlong(path, 0)).toEqual([0, 0]);
    expect(pointAlong(path, 0.25)).toEqual([50, 0]);
    expect(pointAlong(path, 0.75)).toEqual([100, 50]);
    expect(pointAlong(path, 2)).toEqual([100, 100]);
    expect(look(on(newAnimation('move', 4), { points: path })).transform).toBe('translate(100px, 0px)');
  });

  it('composes move, turn and size in that order', () => {
    const all = look(
      newAnimation('scale', 4),
      newAnimation('move', 4),
      on(newAnimation('rotate', 4), { to_angle: 90 }),
    );
    expect(all.transform).toBe('translate(50px, 0px) rotate(45deg) scale(0.5)');
  });

  it('fills to the level in its direction', () => {
    expect(look(newAnimation('fill', 1)).clipPath).toBe('inset(70% 0 0 0)');
    expect(look(on(newAnimation('fill', 1), { direction: 'down' })).clipPath).toBe('inset(0 0 70% 0)');
    expect(look(on(newAnimation('fill', 1), { direction: 'right' })).clipPath).toBe('inset(0 70% 0 0)');
    expect(look(on(newAnimation('fill', 1), { direction: 'left' })).clipPath).toBe('inset(0 0 0 70%)');
    expect(look(newAnimation('fill', 9)).clipPath).toBeNull();
  });

  it('shows and hides by the value, shown without one', () => {
    expect(look(newAnimation('visible', 1)).hidden).toBe(false);
    expect(look(newAnimation('visible', 2)).hidden).toBe(true);
    expect(look(on(newAnimation('visible', 2), { invert: true })).hidden).toBe(false);
    expect(look(newAnimation('visible', 9)).hidden).toBe(false);
    expect(animationStyle(look(newAnimation('visible', 2)))).toEqual({ visibility: 'hidden' });
  });

  it('reads an expression over its inputs, and nothing without a value', () => {
    const expr = on(newAnimation('rotate'), {
      expression: 'max(a, b) * 2',
      inputs: { a: { data_source_id: 1 }, b: { data_source_id: 4 } },
    });
    expect(animationValue(expr, valueOf)).toBe(100);
    expect(animationValue(on(expr, { expression: 'a + missing' }), valueOf)).toBeNull();
    expect(animationValue(on(expr, { expression: 'a +' }), valueOf)).toBeNull();
    expect(look(on(expr, { expression: 'a / 0' })).transform).toBeNull();
    expect(animationStyle(look())).toEqual({});
  });

  it('round-trips through the wire with its defaults filled', () => {
    const element = normalizeElement({
      id: 'e1',
      type: 'symbol',
      animations: [
        { type: 'spin', data_source_id: 1 },
        { type: 'fill', expression: 'a', inputs: { a: { data_source_id: 2 } } },
      ],
    });
    expect(element.animations[0]).toEqual({
      type: 'spin',
      data_source_id: 1,
      expression: null,
      inputs: {},
      speed: 1,
    });
    expect(element.animations[1]).toMatchObject({
      type: 'fill',
      min: 0,
      max: 100,
      direction: 'up',
      data_source_id: null,
    });
    const wire = toWire({
      schema_version: 1,
      canvas: normalizeElementCanvas(),
      elements: [element],
      groups: [],
    });
    expect(wire.elements?.[0]?.animations).toEqual(element.animations);
    expect(wire.elements?.[0]?.animations?.[1]).not.toBe(element.animations[1]);
    expect(normalizeAnimation({ type: 'move' })).toMatchObject({
      points: [
        [0, 0],
        [100, 0],
      ],
    });
  });
});

function normalizeElementCanvas() {
  return {
    width: null,
    height: null,
    background: { color: null, image: null, fit: 'stretch' as const },
    grid: { show: false, snap: false, size: 10 },
  };
}
