import { describe, expect, it } from 'vitest';

import { SCREEN_ELEMENTS_MAX } from '@/types/limits.gen';
import { at, documentOf, element, find, group } from '@/test/designer';

import {
  brokenBindings,
  CLIPBOARD_MARKER,
  clipboardText,
  copyElements,
  parseClipboard,
  pasteElements,
} from './clipboard';
import { groupMembers } from './groups';
import { validateDocument } from './validate';

// Template 1 has Pressure (11) and Pump (12); template 2 has Pressure (21) and Level (22).
const template1 = {
  templateId: 1,
  screenId: 100,
  dataSources: [
    { id: 11, name: 'Pressure' },
    { id: 12, name: 'Pump' },
  ],
};
const template2 = {
  templateId: 2,
  dataSources: [
    { id: 21, name: 'Pressure' },
    { id: 22, name: 'Level' },
  ],
};

const source = documentOf(
  [
    element('e1', { ...at(10, 10), z: 0, group: 'g1', bindings: { value: { data_source_id: 11 } } }),
    element('e2', {
      ...at(40, 10),
      z: 1,
      group: 'g1',
      bindings: { state: { data_source_id: 12 } },
      actions: [{ type: 'write_value', data_source_id: 12, value: 1, confirm: true }],
    }),
    element('e3', { ...at(90, 90), z: 2, group: 'g2' }),
    element('e4', { ...at(0, 200), z: 3, group: 'g2' }),
  ],
  [group('g1', { name: 'Pump skid' }), group('g2')],
);

describe('copyElements', () => {
  it('keeps bindings, the groups copied whole and the names of the sources used', () => {
    const payload = copyElements(source, ['e1', 'e2', 'e3'], template1);
    expect(payload).toMatchObject({ marker: CLIPBOARD_MARKER, version: 1, templateId: 1, screenId: 100 });
    expect(payload.elements.map((e) => [e.id, e.group])).toEqual([
      ['e1', 'g1'],
      ['e2', 'g1'],
      ['e3', null],
    ]);
    expect(payload.groups).toEqual([group('g1', { name: 'Pump skid' })]);
    expect(payload.elements[0]?.bindings).toEqual({ value: { data_source_id: 11 } });
    expect(payload.sources).toEqual({ '11': 'Pressure', '12': 'Pump' });
  });
});

describe('pasteElements', () => {
  it('pastes within a template with fresh ids, an offset, on top, groups kept and bindings unchanged', () => {
    const payload = parseClipboard(clipboardText(copyElements(source, ['e1', 'e2'], template1)));
    if (!payload) throw new Error('payload not read back');
    const { doc, ids } = pasteElements(source, payload, {
      templateId: 1,
      dataSources: template1.dataSources,
    });
    expect(ids).toEqual(['e5', 'e6']);
    expect(find(doc, 'e5')).toMatchObject({
      placement: { x: 20, y: 20 },
      z: 4,
      bindings: { value: { data_source_id: 11 } },
    });
    expect(find(doc, 'e6').z).toBe(5);
    const pastedGroup = find(doc, 'e5').group;
    expect(pastedGroup).toBe('g3');
    expect(doc.groups.find((g) => g.id === 'g3')?.name).toBe('Pump skid');
    expect(groupMembers(doc, 'g3')).toEqual(['e5', 'e6']);
    expect(validateDocument(doc)).toEqual([]);
    expect(brokenBindings(doc, [11, 12])).toEqual([]);
  });

  it('pastes twice without a collision', () => {
    const payload = copyElements(source, ['e1', 'e2'], template1);
    const once = pasteElements(source, payload, { templateId: 1, dataSources: [] }).doc;
    const twice = pasteElements(once, payload, { templateId: 1, dataSources: [] }).doc;
    expect(validateDocument(twice)).toEqual([]);
    expect(twice.elements).toHaveLength(8);
    expect(twice.groups).toHaveLength(4);
  });

  it('re-points bindings by name into another template, leaving unknown names broken', () => {
    const payload = copyElements(source, ['e1', 'e2'], template1);
    const target = documentOf([]);
    const { doc, ids } = pasteElements(target, payload, template2);
    expect(find(doc, ids[0] ?? '').bindings).toEqual({ value: { data_source_id: 21 } });
    const pump = find(doc, ids[1] ?? '');
    expect(pump.bindings).toEqual({ state: { data_source_id: 12 } });
    expect(pump.actions).toEqual([{ type: 'write_value', data_source_id: 12, value: 1, confirm: true }]);
    expect(brokenBindings(doc, [21, 22])).toEqual([
      { id: pump.id, bindings: ['state'], actions: [0], screens: [], animations: [] },
    ]);
  });

  it('re-points jumps and pop-ups by screen name into another template, leaving unknown names broken', () => {
    const links = documentOf([
      element('j', {
        type: 'link',
        actions: [
          { type: 'jump_screen', screen_id: 101 },
          { type: 'open_popup', screen_id: 102 },
        ],
      }),
    ]);
    const from = {
      ...template1,
      screens: [
        { id: 100, name: 'Main' },
        { id: 101, name: 'Boiler' },
        { id: 102, name: 'Pump detail' },
      ],
    };
    const payload = copyElements(links, ['j'], from);
    expect(payload.screens).toEqual({ '101': 'Boiler', '102': 'Pump detail' });
    // Through the clipboard's text, as a paste in another tab reads it.
    const read = parseClipboard(clipboardText(payload));
    const to = { ...template2, screens: [{ id: 201, name: 'Boiler' }] };
    const { doc, ids } = pasteElements(documentOf([]), read!, to);
    const pasted = find(doc, ids[0] ?? '');
    expect(pasted.actions).toEqual([
      { type: 'jump_screen', screen_id: 201 },
      { type: 'open_popup', screen_id: 102 },
    ]);
    expect(brokenBindings(doc, [21, 22], [201])).toEqual([
      { id: pasted.id, bindings: [], actions: [], screens: [1], animations: [] },
    ]);
    // Within the template the ids stay, whatever the names.
    const same = pasteElements(links, payload, { ...template1, screens: [] });
    expect(find(same.doc, same.ids[0] ?? '').actions).toEqual(links.elements[0]?.actions);
  });

  it('pastes nothing past SCREEN_ELEMENTS_MAX', () => {
    const payload = copyElements(source, ['e1', 'e2'], template1);
    const full = documentOf(Array.from({ length: SCREEN_ELEMENTS_MAX - 1 }, (_, i) => element(`x${i}`)));
    expect(pasteElements(full, payload, template2)).toEqual({ doc: full, ids: [] });
  });

  it('pastes nothing carrying an element type the server refuses', () => {
    const text = clipboardText(copyElements(source, ['e3'], template1)).replace(
      '"type":"rect"',
      '"type":"teapot"',
    );
    const payload = parseClipboard(text);
    expect(payload?.elements[0]?.type).toBe('teapot');
    expect(pasteElements(source, payload!, template2)).toEqual({ doc: source, ids: [] });
  });

  it('pastes nothing from a hand-written payload whose groups loop', () => {
    const payload = copyElements(source, ['e1', 'e2'], template1);
    const looped = { ...payload, groups: [group('g1', { parent: 'g9' }), group('g9', { parent: 'g1' })] };
    expect(pasteElements(source, looped, template2).ids).toEqual([]);
  });
});

describe('parseClipboard', () => {
  it('refuses text that is not ours', () => {
    expect(parseClipboard('hello')).toBeNull();
    expect(parseClipboard('{"marker":"other"}')).toBeNull();
    expect(parseClipboard(JSON.stringify({ marker: CLIPBOARD_MARKER, version: 2 }))).toBeNull();
    const base = {
      marker: CLIPBOARD_MARKER,
      version: 1,
      templateId: 1,
      screenId: 1,
      groups: [],
      sources: {},
    };
    expect(parseClipboard(JSON.stringify({ ...base, elements: [{ id: 'e1' }] }))).toBeNull();
  });

  it('fills what a payload leaves out and reads placements number by number', () => {
    const text = JSON.stringify({
      marker: CLIPBOARD_MARKER,
      version: 1,
      templateId: 1,
      screenId: 1,
      elements: [{ id: 'a', type: 'text', placement: { x: '5', y: 7 } }],
      groups: [{ id: 'g', name: 3 }],
      sources: { '4': 'Flow', '5': 6 },
    });
    const payload = parseClipboard(text);
    expect(payload?.elements[0]?.placement).toEqual({ x: 0, y: 7, w: 100, h: 40, rotation: 0 });
    expect(payload?.groups).toEqual([group('g')]);
    expect(payload?.sources).toEqual({ '4': 'Flow' });
    // A payload of a console from before screens were named has none.
    expect(payload?.screens).toEqual({});
    expect(parseClipboard(text.replace('"sources"', '"screens":[],"sources"'))).toBeNull();
  });
});

describe('brokenBindings', () => {
  it('lists elements naming a source the template does not have', () => {
    expect(brokenBindings(source, [11])).toEqual([
      { id: 'e2', bindings: ['state'], actions: [0], screens: [], animations: [] },
    ]);
    expect(brokenBindings(source, [11, 12])).toEqual([]);
  });

  it('checks jumps and pop-ups only when the screens are given', () => {
    const links = documentOf([
      element('j', { type: 'link', actions: [{ type: 'open_popup', screen_id: 7 }] }),
    ]);
    expect(brokenBindings(links, [])).toEqual([]);
    expect(brokenBindings(links, [], [7])).toEqual([]);
    expect(brokenBindings(links, [], [8])).toEqual([
      { id: 'j', bindings: [], actions: [], screens: [0], animations: [] },
    ]);
  });
});
