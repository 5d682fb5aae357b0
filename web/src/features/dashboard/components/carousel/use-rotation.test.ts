import { describe, expect, it } from 'vitest';

import type { CarouselDevice } from '../../types';
import { stepFrom } from './use-rotation';

const device = (id: number, hasScreen = true): CarouselDevice => ({
  device_id: id,
  sn_code: `SN${String(id)}`,
  alias: '',
  dev_state: 1,
  registered: true,
  template_id: hasScreen ? 1 : null,
  has_main_screen: hasScreen,
  available: true,
});

describe('stepFrom', () => {
  const [a, b, c, d] = [device(1), device(2, false), device(3), device(4, false)];
  const devices = [a, b, c, d];

  it('moves to the next or previous device with a screen, skipping the others and wrapping round', () => {
    expect(stepFrom(devices, a, 1)).toBe(c);
    expect(stepFrom(devices, c, 1)).toBe(a);
    expect(stepFrom(devices, a, -1)).toBe(c);
    expect(stepFrom(devices, c, -1)).toBe(a);
  });

  it('starts from a device without a screen at its own place, or from the ends without one', () => {
    expect(stepFrom(devices, b, 1)).toBe(c);
    expect(stepFrom(devices, d, 1)).toBe(a);
    expect(stepFrom(devices, undefined, 1)).toBe(a);
    expect(stepFrom(devices, undefined, -1)).toBe(c);
  });

  it('finds nothing when no device has a screen', () => {
    expect(stepFrom([b, d], b, 1)).toBeUndefined();
    expect(stepFrom([], undefined, 1)).toBeUndefined();
  });
});
