import { describe, expect, it } from 'vitest';

import { colors, installThemeVariables, themeCssVariables } from './theme';

describe('theme tokens', () => {
  it('name every token as a CSS variable', () => {
    const vars = themeCssVariables();
    expect(vars['--iot-color-primary']).toBe(colors.primary);
    expect(vars['--iot-color-text-secondary']).toBe(colors.textSecondary);
    expect(vars['--iot-radius-md']).toBe('6px');
    expect(vars['--iot-font-size-sm']).toBe('12px');
  });

  it('set the variables on the document root', () => {
    const root = document.createElement('div');
    installThemeVariables(root);
    expect(root.style.getPropertyValue('--iot-color-danger')).toBe(colors.danger);
  });
});
