import { describe, expect, it } from 'vitest';

import {
  FLICKER_DEFAULT,
  flickerClass,
  flickerDelayMs,
  flickerFrequency,
  flickerFrequencyText,
  flickerVars,
} from './flicker';

describe('flicker frequency rules', () => {
  it('defaults to none at 0.5 s', () => {
    expect(FLICKER_DEFAULT).toEqual({ flickerType: 'none', flickerFrequency: 0.5 });
  });

  it('turns a cleared input into 0.01', () => {
    expect(flickerFrequency(null)).toBe(0.01);
  });

  it('keeps a frequency within 0.01–1000 s', () => {
    expect(flickerFrequency(0.01)).toBe(0.01);
    expect(flickerFrequency(1000)).toBe(1000);
    expect(flickerFrequency(0.001)).toBe(0.01);
    expect(flickerFrequency(0)).toBe(0.01);
    expect(flickerFrequency(5000)).toBe(1000);
    expect(flickerFrequency(2.5)).toBe(2.5);
  });

  it('shows -- for type none', () => {
    expect(flickerFrequencyText({ flickerType: 'none', flickerFrequency: 2 })).toBe('--');
    expect(flickerFrequencyText({ flickerType: 'text', flickerFrequency: 2 })).toBe('2');
  });
});

describe('flicker CSS', () => {
  it('names the variant by type, none for none', () => {
    expect(flickerClass({ flickerType: 'none', flickerFrequency: 0.5 })).toBe('');
    expect(flickerClass({ flickerType: 'background', flickerFrequency: 0.5 })).toBe(
      'iot-flicker iot-flicker--background',
    );
    expect(flickerClass({ flickerType: 'text', flickerFrequency: 0.5 })).toBe(
      'iot-flicker iot-flicker--text',
    );
  });

  it('gives every element the same phase: the delay is the time since one epoch, negated, modulo the period', () => {
    // Two elements started 130 ms apart blink together: both are at the same point of a 500 ms period.
    const first = flickerDelayMs(0.5, 10_000);
    const second = flickerDelayMs(0.5, 10_130);
    expect(first).toBe(-0);
    expect(second).toBe(-130);
    // An animation started at t0 with delay d is at (t − t0 − d) mod P at time t: the same point for both, t mod P.
    const t = 12_345;
    expect((t - 10_000 - first) % 500).toBe(t % 500);
    expect((t - 10_130 - second) % 500).toBe(t % 500);
  });

  it('sets the period and the delay as custom properties', () => {
    expect(flickerVars({ flickerType: 'text', flickerFrequency: 2 }, 2_500)).toEqual({
      '--iot-flicker-period': '2s',
      '--iot-flicker-delay': '-500ms',
    });
    expect(flickerVars({ flickerType: 'none', flickerFrequency: 2 }, 2_500)).toEqual({});
  });
});
