import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import en from '@/locales/en/designer-elements.json';
import zh from '@/locales/zh/designer-elements.json';
import { ELEMENT_TYPES, ELEMENT_STATES_MAX, ELEMENT_STATES_MIN } from '@/types/limits.gen';

import { BASE_ELEMENTS, CATEGORIES, ELEMENTS, elementDefinition, paletteGroups } from './registry';
import { makeElement, DATA_SOURCES } from './test/fixtures';

const CONTROL_TYPES = ['switch', 'button', 'input', 'gauge', 'chart', 'alarm_list'];

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe('the element registry', () => {
  it('has a definition for every server element type and no other', () => {
    const base = ELEMENT_TYPES.filter((type) => !CONTROL_TYPES.includes(type));
    expect(base).toHaveLength(17);
    expect(BASE_ELEMENTS.map((d) => d.type).sort()).toEqual([...base].sort());
    for (const type of ELEMENT_TYPES) expect(elementDefinition(type)?.type, type).toBe(type);
    expect(ELEMENTS.map((d) => d.type).sort()).toEqual([...ELEMENT_TYPES].sort());
    expect(elementDefinition('nope')).toBeUndefined();
  });

  it('registers each type once, under a known category, with a positive default size', () => {
    expect(new Set(ELEMENTS.map((d) => d.type)).size).toBe(ELEMENTS.length);
    for (const definition of ELEMENTS) {
      expect(CATEGORIES).toContain(definition.category);
      expect(definition.defaultSize.w, definition.type).toBeGreaterThan(0);
      expect(definition.defaultSize.h, definition.type).toBeGreaterThan(0);
      expect(definition.i18nKey).toBe(`designer.elements.${definition.type}`);
    }
  });

  it('gives new settings as plain JSON, fresh on each call', () => {
    for (const definition of ELEMENTS) {
      const settings = definition.defaultSettings();
      expect(JSON.parse(JSON.stringify(settings)), definition.type).toEqual(settings);
      expect(definition.defaultSettings()).not.toBe(settings);
    }
  });

  it('gives an always-stateful element 2–255 states', () => {
    const withStates = ELEMENTS.filter((d) => d.defaultStates);
    expect(withStates.map((d) => d.type).sort()).toEqual(['indicator', 'model3d', 'symbol']);
    for (const definition of withStates) {
      expect(definition.stateful).toBe(true);
      const count = definition.defaultStates?.().items.length ?? 0;
      expect(count).toBeGreaterThanOrEqual(ELEMENT_STATES_MIN);
      expect(count).toBeLessThanOrEqual(ELEMENT_STATES_MAX);
    }
  });

  it('groups the palette by category in order, leaving empty ones out', () => {
    const groups = paletteGroups();
    expect(groups.map((g) => g.category)).toEqual([
      'basic',
      'shape',
      'data',
      'control',
      'chart',
      'media',
      'symbol',
    ]);
    expect(groups.flatMap((g) => g.definitions)).toHaveLength(ELEMENTS.length);
    expect(groups[1]?.definitions.map((d) => d.type)).toEqual([
      'rect',
      'ellipse',
      'line',
      'polyline',
      'pipe',
    ]);
  });

  it.each(BASE_ELEMENTS.map((d) => [d.type, d] as const))(
    '%s draws in edit mode with its defaults and no values',
    (type, definition) => {
      const element = makeElement(type, {
        settings: definition.defaultSettings(),
        states: definition.defaultStates?.() ?? null,
      });
      const { container } = render(
        <definition.component element={element} mode="edit" values={{}} state={null} />,
      );
      const root = container.firstElementChild;
      expect(root).toHaveClass('iot-el');
      // Small DOM: an element may be drawn 500 times.
      expect(container.querySelectorAll('*').length, type).toBeLessThanOrEqual(12);
    },
  );

  it.each(BASE_ELEMENTS.map((d) => [d.type, d] as const))(
    '%s has a settings form that opens on its defaults',
    (type, definition) => {
      const element = makeElement(type, {
        settings: definition.defaultSettings(),
        states: definition.defaultStates?.() ?? null,
      });
      // A settings form may read the server (the symbol's lists the tenant's own symbols).
      const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
      const { container } = render(
        <definition.settingsForm element={element} dataSources={DATA_SOURCES} onChange={() => undefined} />,
        { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
      );
      expect(container.querySelector('.iot-prop-section'), type).not.toBeNull();
    },
  );
});

describe('element texts', () => {
  it('has the same keys in zh and en', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(zh).sort());
  });

  it('names every element and category in both languages', () => {
    for (const lng of ['zh', 'en']) {
      for (const definition of ELEMENTS)
        expect(i18n.exists(definition.i18nKey, { lng }), `${lng} ${definition.i18nKey}`).toBe(true);
      for (const group of paletteGroups())
        expect(i18n.exists(group.i18nKey, { lng }), `${lng} ${group.i18nKey}`).toBe(true);
    }
  });
});
