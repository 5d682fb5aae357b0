import { describe, expect, it } from 'vitest';

import { arcPath, bandAt, gaugeAngle, GAUGE_END, GAUGE_START, polar, readBands } from './gauge-geometry';

describe('gaugeAngle', () => {
  it('turns from the start angle at min to the end angle at max, linearly', () => {
    expect(gaugeAngle(0, 0, 100)).toBe(GAUGE_START);
    expect(gaugeAngle(100, 0, 100)).toBe(GAUGE_END);
    expect(gaugeAngle(50, 0, 100)).toBe(0);
    expect(gaugeAngle(25, 0, 100)).toBe(-67.5);
    expect(gaugeAngle(-5, -10, 10)).toBe(-67.5);
  });

  it('clamps at the ends, and rests at the start with no value or no range', () => {
    expect(gaugeAngle(-20, 0, 100)).toBe(GAUGE_START);
    expect(gaugeAngle(1e9, 0, 100)).toBe(GAUGE_END);
    expect(gaugeAngle(null, 0, 100)).toBe(GAUGE_START);
    expect(gaugeAngle(Number.NaN, 0, 100)).toBe(GAUGE_START);
    expect(gaugeAngle(5, 10, 10)).toBe(GAUGE_START);
    expect(gaugeAngle(5, 10, 0)).toBe(GAUGE_START);
  });
});

describe('polar and arcPath', () => {
  it('measures angles clockwise from 12 o’clock', () => {
    expect(polar(50, 50, 40, 0)).toEqual({ x: 50, y: 10 });
    const right = polar(50, 50, 40, 90);
    expect(right.x).toBeCloseTo(90);
    expect(right.y).toBeCloseTo(50);
  });

  it('takes the large arc beyond half a turn only', () => {
    expect(arcPath(50, 50, 40, -135, 135)).toMatch(/A 40 40 0 1 1 /);
    expect(arcPath(50, 50, 40, -135, 0)).toMatch(/A 40 40 0 0 1 /);
  });
});

describe('bands', () => {
  it('reads well-formed bands only, in value order', () => {
    expect(
      readBands([
        { from: 80, to: 100, color: '#F53F3F' },
        { from: 0, to: 'x', color: '#00B42A' },
        'junk',
        { from: 60, to: 80, color: '#FF7D00' },
      ]),
    ).toEqual([
      { from: 60, to: 80, color: '#FF7D00' },
      { from: 80, to: 100, color: '#F53F3F' },
    ]);
    expect(readBands(null)).toEqual([]);
  });

  it('finds the band a value falls in', () => {
    const bands = readBands([
      { from: 60, to: 80, color: '#FF7D00' },
      { from: 80, to: 100, color: '#F53F3F' },
    ]);
    expect(bandAt(bands, 70)?.color).toBe('#FF7D00');
    expect(bandAt(bands, 80)?.color).toBe('#F53F3F');
    expect(bandAt(bands, 10)).toBeUndefined();
    expect(bandAt(bands, null)).toBeUndefined();
  });
});
