import { describe, expect, it } from 'vitest';

import {
  colors,
  fontFamily,
  fontStack,
  installThemeVariables,
  SYMBOL_SIGNS,
  symbolFont,
  themeCssVariables,
} from './theme';
import { SYMBOL_FACES, symbolUnicodeRange } from './symbol-font';

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

describe('the symbol font', () => {
  it('is declared for exactly the signs it draws, ℃ ㎡ ‰ ± among them', () => {
    expect(symbolUnicodeRange('±℃')).toBe('U+B1, U+2103');
    const range = symbolUnicodeRange();
    for (const sign of ['℃', '㎡', '‰', '±', '°', 'µ', '²', '³', 'Ω'])
      expect(range).toContain(`U+${(sign.codePointAt(0) ?? 0).toString(16).toUpperCase()}`);
    expect(range.split(', ')).toHaveLength(Array.from(SYMBOL_SIGNS).length);
    expect(SYMBOL_FACES.map((f) => f.weight)).toEqual(['100 599', '600 900']);
  });

  it('leads every stack, so no CJK font after it draws a sign', () => {
    expect(fontFamily.startsWith(`'${symbolFont}',`)).toBe(true);
    expect(themeCssVariables()['--iot-font-family']).toBe(fontFamily);
    expect(fontStack('sans-serif')).toBe(fontFamily);
    expect(fontStack('serif')).toBe(`'${symbolFont}', serif`);
    expect(fontStack('monospace')).toBe(`'${symbolFont}', monospace`);
    expect(fontStack(fontFamily)).toBe(fontFamily);
  });
});
