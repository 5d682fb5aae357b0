import { describe, expect, it } from 'vitest';

import {
  CUSTOM_SIZE,
  defaultSize,
  formatSize,
  isValidSize,
  presetToSize,
  rangeOf,
  resolveSize,
  sizeToPreset,
} from './screen-size';

describe('size presets', () => {
  it('maps the web presets both ways', () => {
    expect(sizeToPreset('web', 1280, 720)).toBe('1280x720');
    expect(sizeToPreset('web', 1120, 630)).toBe('1120x630');
    expect(presetToSize('web', '1280x720')).toEqual({ width: 1280, height: 720 });
  });

  it('maps the mobile presets both ways', () => {
    expect(sizeToPreset('mobile', 750, 1334)).toBe('750x1334');
    expect(sizeToPreset('mobile', 480, 800)).toBe('480x800');
    expect(presetToSize('mobile', '720x1280')).toEqual({ width: 720, height: 1280 });
  });

  it('calls any other size custom', () => {
    expect(sizeToPreset('web', 1920, 1080)).toBe(CUSTOM_SIZE);
    // A mobile preset is not a web preset.
    expect(sizeToPreset('web', 750, 1334)).toBe(CUSTOM_SIZE);
    expect(presetToSize('web', CUSTOM_SIZE)).toBeNull();
    expect(presetToSize('web', '750x1334')).toBeNull();
  });

  it('has the server defaults', () => {
    expect(defaultSize('web')).toEqual({ width: 1120, height: 630 });
    expect(defaultSize('mobile')).toEqual({ width: 750, height: 1334 });
  });

  it('checks custom sizes against the ranges', () => {
    expect(rangeOf('web', 'width')).toEqual([200, 7680]);
    expect(rangeOf('mobile', 'width')).toEqual([200, 2160]);
    expect(isValidSize('web', 1920, 1080)).toBe(true);
    expect(isValidSize('web', 199, 1080)).toBe(false);
    expect(isValidSize('web', 7681, 1080)).toBe(false);
    expect(isValidSize('web', 1920, 4321)).toBe(false);
    expect(isValidSize('mobile', 2161, 800)).toBe(false);
    expect(isValidSize('mobile', 1080.5, 800)).toBe(false);
    expect(isValidSize('mobile', 480, 800)).toBe(true);
  });

  it('resolves the form values', () => {
    expect(resolveSize('web', '1280x720', 10, 10)).toEqual({ width: 1280, height: 720 });
    expect(resolveSize('web', CUSTOM_SIZE, 1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(resolveSize('web', CUSTOM_SIZE, null, undefined)).toEqual({ width: 0, height: 0 });
  });

  it('formats a size', () => {
    expect(formatSize(1120, 630)).toBe('1120 × 630');
  });
});
