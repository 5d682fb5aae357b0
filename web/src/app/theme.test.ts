import { describe, expect, it } from 'vitest';

import { chartPalette, colors, radius } from '@/lib/theme';
import { appTheme } from './theme';

describe('appTheme', () => {
  it('feeds antd and the charts the same brand colour and radius', () => {
    expect(appTheme.token?.colorPrimary).toBe(colors.primary);
    expect(appTheme.token?.borderRadius).toBe(radius.md);
    expect(chartPalette[0]).toBe(colors.primary);
  });
});
