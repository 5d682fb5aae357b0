// normalizeDocument against the server's own defaults: every `default` the OpenAPI document (generated from
// templates/screens/document.py by `make gen`) declares is the value normalizeDocument fills in, so a default changed
// on the server fails here instead of drifting.
import { describe, expect, it } from 'vitest';

import openapi from '@/types/openapi.gen.json';

import { normalizeDocument, toWire } from './normalize';

interface PropertySchema {
  default?: unknown;
}
const schemas = openapi.components.schemas as unknown as Record<
  string,
  { properties: Record<string, PropertySchema> }
>;

function declaredDefaults(name: string): [string, unknown][] {
  const schema = schemas[name];
  if (!schema) throw new Error(`no schema ${name}`);
  return Object.entries(schema.properties).flatMap(([key, p]) => ('default' in p ? [[key, p.default]] : []));
}

const doc = normalizeDocument({
  schema_version: 1,
  elements: [
    {
      id: 'e1',
      type: 'indicator',
      states: { items: [{}, {}] },
      actions: [
        { type: 'write_value', data_source_id: 1, value: 1 },
        { type: 'open_url', url: 'https://example.com' },
      ],
    },
  ],
  groups: [{ id: 'g1' }],
});
const [element] = doc.elements;
const filled: Record<string, unknown> = {
  ScreenDocument: doc,
  Canvas: doc.canvas,
  Background: doc.canvas.background,
  Grid: doc.canvas.grid,
  Placement: element?.placement,
  Flicker: element?.flicker,
  Element: element,
  Group: doc.groups[0],
  State: element?.states?.items[0],
  States: element?.states,
  WriteValue: element?.actions[0],
  OpenUrl: element?.actions[1],
};

describe('normalizeDocument fills the server’s defaults', () => {
  it.each(Object.keys(filled))('%s', (name) => {
    const defaults = declaredDefaults(name);
    const value = filled[name] as Record<string, unknown>;
    for (const [key, expected] of defaults) expect(value[key], `${name}.${key}`).toEqual(expected);
    // Every property the schema has is present in memory (DESIGN §7: no code downstream repeats a default).
    for (const key of Object.keys(schemas[name]?.properties ?? {}))
      expect(value, `${name}.${key}`).toHaveProperty(key);
  });

  it.each(Object.keys(filled))(
    'toWire writes no %s field the schema lacks (it forbids extra fields)',
    (name) => {
      const wire = toWire(doc);
      const [e] = wire.elements ?? [];
      const written: Record<string, unknown> = {
        ScreenDocument: wire,
        Canvas: wire.canvas,
        Background: wire.canvas?.background,
        Grid: wire.canvas?.grid,
        Placement: e?.placement,
        Flicker: e?.flicker,
        Element: e,
        Group: wire.groups?.[0],
        State: e?.states?.items[0],
        States: e?.states,
        WriteValue: e?.actions?.[0],
        OpenUrl: e?.actions?.[1],
      };
      const known = Object.keys(schemas[name]?.properties ?? {});
      expect(Object.keys(written[name] as object).filter((key) => !known.includes(key))).toEqual([]);
    },
  );

  it('covers the defaults of the document schema', () => {
    const withDefaults = Object.keys(filled).filter((name) => declaredDefaults(name).length > 0);
    expect(withDefaults.length).toBeGreaterThanOrEqual(10);
  });
});
