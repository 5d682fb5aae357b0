import { describe, expect, it } from 'vitest';

import { documentOf, element, group } from '@/test/designer';

import { freshIds, newElementIds, newGroupIds } from './ids';
import { emptyDocument, normalizeDocument, toWire } from './normalize';

describe('normalizeDocument', () => {
  it('fills every default of the server schema (templates/screens/document.py) into an empty document', () => {
    expect(normalizeDocument({ schema_version: 1 })).toEqual({
      schema_version: 1,
      canvas: {
        width: null,
        height: null,
        background: { color: null, image: null, fit: 'stretch' },
        grid: { show: false, snap: false, size: 10 },
      },
      elements: [],
      groups: [],
    });
    expect(normalizeDocument(null)).toEqual(emptyDocument());
  });

  it('fills an element, its states, flicker and actions', () => {
    const doc = normalizeDocument({
      schema_version: 1,
      elements: [
        {
          id: 'e1',
          type: 'indicator',
          placement: { x: 5 },
          states: {
            items: [
              { min: 0, max: 1 },
              { bit: 3, flicker: { flickerType: 'background' } },
            ],
          },
          actions: [
            { type: 'write_value', data_source_id: 4, value: 1 },
            { type: 'open_url', url: 'https://example.com' },
            { type: 'jump_screen', screen_id: 2 },
          ],
        },
      ],
      groups: [{ id: 'g1' }],
    });
    const [e] = doc.elements;
    expect(e).toEqual({
      id: 'e1',
      type: 'indicator',
      // Unnamed: the designer names it (issue 30 point 7).
      name: '',
      placement: { x: 5, y: 0, w: 100, h: 40, rotation: 0 },
      z: 0,
      group: null,
      locked: false,
      hidden: false,
      settings: {},
      bindings: {},
      states: {
        by: 'value',
        items: [
          {
            min: 0,
            max: 1,
            bit: null,
            imgUrl: null,
            backgroundColor: null,
            stroke: null,
            textAlign: null,
            fontColor: null,
            font: null,
            isUnderline: false,
            text: null,
            flicker: null,
          },
          expect.objectContaining({ bit: 3, flicker: { flickerType: 'background', flickerFrequency: 0.5 } }),
        ],
      },
      flicker: { flickerType: 'none', flickerFrequency: 0.5 },
      actions: [
        { type: 'write_value', data_source_id: 4, value: 1, confirm: false },
        { type: 'open_url', url: 'https://example.com', new_tab: true },
        { type: 'jump_screen', screen_id: 2 },
      ],
      animations: [],
      attach: null,
    });
    expect(doc.groups).toEqual([{ id: 'g1', name: '', parent: null, locked: false, hidden: false }]);
  });
});

describe('toWire', () => {
  it('round-trips through normalizeDocument unchanged', () => {
    const doc = documentOf(
      [
        element('e1', {
          group: 'g1',
          settings: { text: 'Pump 1', ranges: [1, 2] },
          bindings: { value: { data_source_id: 7 } },
        }),
      ],
      [group('g1', { name: 'Pumps' })],
    );
    expect(normalizeDocument(toWire(doc))).toEqual(doc);
  });

  it('shares nothing with the document it was written from', () => {
    const doc = documentOf([element('e1', { settings: { list: [1] } })]);
    const wire = toWire(doc);
    const first = wire.elements?.[0];
    if (!first?.placement) throw new Error('element missing');
    first.placement.x = 99;
    (first.settings?.list as number[]).push(2);
    expect(doc.elements[0]?.placement.x).toBe(0);
    expect(doc.elements[0]?.settings.list).toEqual([1]);
  });

  it('writes only the fields the schema knows (it forbids any other)', () => {
    const wire = toWire(documentOf([element('e1')], [group('g1')]));
    expect(Object.keys(wire).sort()).toEqual(['canvas', 'elements', 'groups', 'schema_version']);
    expect(Object.keys(wire.elements?.[0] ?? {}).sort()).toEqual([
      'actions',
      'animations',
      'attach',
      'bindings',
      'flicker',
      'group',
      'hidden',
      'id',
      'locked',
      'name',
      'placement',
      'settings',
      'states',
      'type',
      'z',
    ]);
  });
});

describe('new ids', () => {
  it('numbers above the highest id of the series and skips ids taken', () => {
    expect(freshIds('e', ['e1', 'e7', 'x9', 'e3a'], 2)).toEqual(['e8', 'e9']);
    expect(freshIds('e', [], 3)).toEqual(['e1', 'e2', 'e3']);
  });

  it('never gives an element the id of a group or the reverse', () => {
    const doc = documentOf([element('g5')], [group('e2')]);
    expect(newElementIds(doc, 3)).toEqual(['e3', 'e4', 'e5']);
    expect(newGroupIds(doc, 1)).toEqual(['g6']);
  });
});
