import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { SYMBOL_CATEGORIES, SYMBOLS, symbolById, type SymbolDefinition, type SymbolProps } from '.';
import { SYMBOL_GREYS, SYMBOL_STROKE_WIDTH } from './style';

const SHAPES = 'path, circle, rect, ellipse, line, polyline, polygon';
// Colours no symbol draws with, so a shape showing one took it from the state.
const STATE_FILL = '#e0262b';
const STATE_STROKE = '#1d8f3a';

function draw(symbol: SymbolDefinition, props: SymbolProps = {}): SVGSVGElement {
  const { container } = render(<symbol.Component {...props} />);
  const svg = container.querySelector('svg');
  if (!svg) throw new Error(`${symbol.id} drew no svg`);
  return svg;
}

/** The fill or stroke a shape is painted with: its own attribute or the nearest ancestor's. */
function painted(shape: Element, attribute: 'fill' | 'stroke'): string | null {
  for (let node: Element | null = shape; node; node = node.parentElement) {
    const value = node.getAttribute(attribute);
    if (value !== null) return value;
  }
  return null;
}

function partOf(shape: Element): string | null {
  return shape.closest('[data-part]')?.getAttribute('data-part') ?? null;
}

function drawnParts(svg: SVGSVGElement): Set<string> {
  return new Set(
    [...svg.querySelectorAll('[data-part]')].map((node) => node.getAttribute('data-part') ?? ''),
  );
}

describe('symbol library', () => {
  it('has at least 40 symbols with unique ids of lower-case letters, digits and underscores', () => {
    expect(SYMBOLS.length).toBeGreaterThanOrEqual(40);
    const ids = SYMBOLS.map((symbol) => symbol.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9_]*$/);
    for (const symbol of SYMBOLS) {
      expect(symbol.i18nKey).toBe(`designer.symbols.${symbol.id}`);
      expect(symbolById(symbol.id)).toBe(symbol);
    }
    expect(symbolById('no_such_symbol')).toBeUndefined();
  });

  it('lists each category in one run, in palette order, every category with a symbol', () => {
    const runs = SYMBOLS.map((symbol) => symbol.category).filter((c, i, all) => i === 0 || all[i - 1] !== c);
    expect(runs).toEqual([...SYMBOL_CATEGORIES]);
  });

  it.each(SYMBOLS.map((symbol) => [symbol.id, symbol] as const))(
    '%s draws at the ratio of its default size, its parts as declared',
    (_id, symbol) => {
      const svg = draw(symbol);
      const [, , w, h] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
      expect(w! / h!).toBeCloseTo(symbol.defaultSize.w / symbol.defaultSize.h, 5);
      expect(svg.querySelectorAll(SHAPES).length).toBeGreaterThan(1);
      expect(symbol.parts.length).toBeGreaterThanOrEqual(1);
      expect(new Set(symbol.parts).size).toBe(symbol.parts.length);
      expect([...drawnParts(svg)].sort()).toEqual([...symbol.parts].sort());
      // A part inside another would be coloured by both.
      expect(svg.querySelectorAll('[data-part] [data-part]').length).toBe(0);
      // Every part has something painted, not only an empty group.
      for (const part of symbol.parts) {
        const shapes = [...svg.querySelectorAll(SHAPES)].filter((shape) => partOf(shape) === part);
        expect(shapes.length, `${symbol.id}.${part}`).toBeGreaterThan(0);
      }
    },
  );

  it.each(SYMBOLS.map((symbol) => [symbol.id, symbol] as const))(
    '%s without a state is grey: one stroke width, no gradient, filter or inline style',
    (_id, symbol) => {
      const svg = draw(symbol);
      for (const node of svg.querySelectorAll('*')) {
        for (const attribute of ['fill', 'stroke'] as const) {
          const value = node.getAttribute(attribute);
          if (value !== null && value !== 'none')
            expect(SYMBOL_GREYS, `${symbol.id} ${attribute}`).toContain(value);
        }
        const width = node.getAttribute('stroke-width');
        if (width !== null) expect(Number(width)).toBe(SYMBOL_STROKE_WIDTH);
        expect(node.getAttribute('style')).toBeNull();
        expect(node.getAttribute('opacity')).toBeNull();
      }
      expect(svg.querySelectorAll('linearGradient, radialGradient, pattern, filter, image').length).toBe(0);
    },
  );

  it.each(
    SYMBOLS.flatMap((symbol) => symbol.parts.map((part) => [`${symbol.id}.${part}`, symbol, part] as const)),
  )('%s takes a state colour, and nothing else does', (_name, symbol, part) => {
    const plain = [...draw(symbol).querySelectorAll(SHAPES)];
    const styled = [
      ...draw(symbol, { parts: { [part]: { fill: STATE_FILL, stroke: STATE_STROKE } } }).querySelectorAll(
        SHAPES,
      ),
    ];
    expect(styled.length).toBe(plain.length);
    const paints = new Set<string | null>();
    styled.forEach((shape, i) => {
      const before = plain[i]!;
      if (partOf(shape) === part) {
        // A part's shape may paint only its outline or only its area (a pipe wall, a pipe's inside): what it
        // paints is the state's colour.
        const fill = painted(shape, 'fill');
        const stroke = painted(shape, 'stroke');
        expect([STATE_FILL, 'none']).toContain(fill);
        expect([STATE_STROKE, 'none']).toContain(stroke);
        paints.add(fill).add(stroke);
      } else {
        expect(painted(shape, 'fill')).toBe(painted(before, 'fill'));
        expect(painted(shape, 'stroke')).toBe(painted(before, 'stroke'));
      }
    });
    expect(paints.has(STATE_FILL) || paints.has(STATE_STROKE)).toBe(true);
  });

  it('takes a fill alone and keeps the grey stroke', () => {
    const symbol = SYMBOLS[0]!;
    const part = symbol.parts[0]!;
    const svg = draw(symbol, { parts: { [part]: { fill: STATE_FILL } } });
    const shape = [...svg.querySelectorAll(SHAPES)].find((node) => partOf(node) === part)!;
    expect(painted(shape, 'fill')).toBe(STATE_FILL);
    expect(SYMBOL_GREYS).toContain(painted(shape, 'stroke'));
  });

  it('names every symbol and category in zh and en', () => {
    for (const lng of ['zh', 'en']) {
      const t = i18n.getFixedT(lng);
      for (const symbol of SYMBOLS) {
        expect(i18n.exists(symbol.i18nKey, { lng }), `${lng} ${symbol.i18nKey}`).toBe(true);
        expect(t(symbol.i18nKey)).not.toBe('');
      }
      for (const category of new Set(SYMBOLS.map((symbol) => symbol.category))) {
        expect(i18n.exists(`designer.symbolCategories.${category}`, { lng }), `${lng} ${category}`).toBe(
          true,
        );
      }
    }
    const zh = i18n.getFixedT('zh');
    expect(zh('designer.symbols.valve_gate')).toBe('闸阀');
  });

  it('is named by its title and hidden from assistive technology without one', () => {
    const symbol = symbolById('valve_gate')!;
    const { container, unmount } = render(<symbol.Component title="Inlet valve V-101" />);
    expect(screen.getByRole('img', { name: 'Inlet valve V-101' })).toBe(container.querySelector('svg'));
    unmount();
    const plain = draw(symbol);
    expect(plain.getAttribute('aria-hidden')).toBe('true');
    expect(plain.getAttribute('role')).toBeNull();
    expect(plain.querySelector('title')).toBeNull();
  });
});
