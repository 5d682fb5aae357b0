import { describe, expect, it } from 'vitest';

import { SCREEN_NAME_MAX } from '@/types/limits.gen';
import { copyName, initialScreenValues, screenRequest } from './screen-form';

describe('screen form', () => {
  it('preselects a preset size, or custom with its width and height', () => {
    expect(initialScreenValues('web', { width: 1120, height: 630 }, '')).toEqual({
      name: '',
      preset: '1120x630',
      width: 1120,
      height: 630,
    });
    expect(initialScreenValues('mobile', { width: 480, height: 800 }, 'a').preset).toBe('480x800');
    expect(initialScreenValues('web', { width: 1920, height: 1080 }, 'a').preset).toBe('custom');
  });

  it('sends the preset size, or the custom inputs only for custom', () => {
    const preset = { name: ' 泵房 ', preset: '1280x720', width: 1, height: 2 };
    expect(screenRequest('web', preset)).toEqual({ name: '泵房', width: 1280, height: 720 });
    const custom = { name: 'x', preset: 'custom', width: 1920, height: 1080 };
    expect(screenRequest('web', custom)).toEqual({ name: 'x', width: 1920, height: 1080 });
    // 1280 × 720 is a web preset, not a mobile one.
    expect(screenRequest('mobile', { ...preset, preset: '720x1280' })).toMatchObject({
      width: 720,
      height: 1280,
    });
  });

  it('names a copy within the name limit', () => {
    expect(copyName('泵房', ' 副本')).toBe('泵房 副本');
    const long = '名'.repeat(SCREEN_NAME_MAX);
    const named = copyName(long, ' copy');
    expect(named).toHaveLength(SCREEN_NAME_MAX);
    expect(named.endsWith(' copy')).toBe(true);
  });
});
