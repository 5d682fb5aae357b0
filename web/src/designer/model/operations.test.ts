import { describe, expect, it } from 'vitest';

import { ELEMENT_BINDINGS_MAX, SCREEN_ELEMENTS_MAX } from '@/types/limits.gen';
import { at, documentOf, element, find, group, statesOf } from '@/test/designer';

import {
  addElements,
  deleteElements,
  moveElements,
  nudge,
  setFlag,
  setPlacement,
  setPlacements,
  updateCanvas,
  updateElement,
} from './operations';

describe('addElements', () => {
  it('adds on top with fresh ids, the registry defaults and every field filled', () => {
    const doc = documentOf([element('e4', { z: 7 }), element('e1')]);
    const result = addElements(doc, [
      { type: 'value', placement: { x: 20, y: 30 }, settings: { decimals: 2 } },
      { type: 'text', placement: { x: 0, y: 0, w: 80, h: 20 } },
    ]);
    expect(result.ids).toEqual(['e5', 'e6']);
    expect(find(result.doc, 'e5')).toMatchObject({
      type: 'value',
      z: 8,
      placement: { x: 20, y: 30, w: 100, h: 40, rotation: 0 },
      settings: { decimals: 2 },
      flicker: { flickerType: 'none', flickerFrequency: 0.5 },
      group: null,
    });
    expect(find(result.doc, 'e6').z).toBe(9);
    expect(doc.elements).toHaveLength(2);
  });

  it('keeps no reference to the defaults it was given', () => {
    const settings = { ranges: [1, 2] };
    const { doc } = addElements(documentOf([]), [{ type: 'gauge', settings }]);
    settings.ranges.push(3);
    expect(find(doc, 'e1').settings.ranges).toEqual([1, 2]);
  });

  it('adds nothing past SCREEN_ELEMENTS_MAX', () => {
    const full = documentOf(Array.from({ length: SCREEN_ELEMENTS_MAX - 1 }, (_, i) => element(`e${i + 1}`)));
    expect(addElements(full, [{ type: 'rect' }, { type: 'rect' }])).toEqual({ doc: full, ids: [] });
    expect(addElements(full, [{ type: 'rect' }]).doc.elements).toHaveLength(SCREEN_ELEMENTS_MAX);
  });
});

describe('deleteElements', () => {
  it('deletes, keeps locked elements and drops the groups left empty', () => {
    const doc = documentOf(
      [element('e1', { group: 'g1' }), element('e2', { locked: true }), element('e3', { group: 'g2' })],
      [group('g1'), group('g2', { locked: true })],
    );
    const next = deleteElements(doc, ['e1', 'e2', 'e3']);
    expect(next.elements.map((e) => e.id)).toEqual(['e2', 'e3']);
    expect(next.groups.map((g) => g.id)).toEqual(['g2']);
  });

  it('returns the same document when nothing is deleted', () => {
    const doc = documentOf([element('e1')]);
    expect(deleteElements(doc, ['nope'])).toBe(doc);
  });
});

describe('moving and placing', () => {
  it('moves by a delta without touching the input, locked elements staying', () => {
    const doc = documentOf([element('e1', at(10, 10)), element('e2', { ...at(0, 0), locked: true })]);
    const next = moveElements(doc, ['e1', 'e2'], 5, -3);
    expect(find(next, 'e1').placement).toMatchObject({ x: 15, y: 7 });
    expect(find(next, 'e2')).toBe(find(doc, 'e2'));
    expect(find(doc, 'e1').placement).toMatchObject({ x: 10, y: 10 });
  });

  it('keeps coordinates in the server range', () => {
    const next = moveElements(documentOf([element('e1', at(99_990, 0))]), ['e1'], 50, 0);
    expect(find(next, 'e1').placement.x).toBe(100_000);
  });

  it('resizes and rotates; a size never drops to 0 and a rotation folds into ±360', () => {
    let doc = documentOf([element('e1', at(0, 0, 50, 50))]);
    doc = setPlacement(doc, 'e1', { w: 120, h: 0 });
    expect(find(doc, 'e1').placement).toMatchObject({ w: 120, h: 1 });
    doc = setPlacement(doc, 'e1', { rotation: 450 });
    expect(find(doc, 'e1').placement.rotation).toBe(90);
    doc = setPlacement(doc, 'e1', { rotation: -720 });
    expect(find(doc, 'e1').placement.rotation).toBe(0);
  });

  it('sets many placements at once and changes nothing when they are the same', () => {
    const doc = documentOf([element('e1', at(0, 0)), element('e2', at(5, 5))]);
    const next = setPlacements(doc, { e1: { x: 1, y: 2, w: 3, h: 4, rotation: 5 } });
    expect(find(next, 'e1').placement).toEqual({ x: 1, y: 2, w: 3, h: 4, rotation: 5 });
    expect(find(next, 'e2')).toBe(find(doc, 'e2'));
    expect(setPlacements(doc, { e1: find(doc, 'e1').placement })).toBe(doc);
  });

  it('nudges 1 px with an arrow key, 10 px with shift', () => {
    const doc = documentOf([element('e1', at(50, 50))]);
    expect(find(nudge(doc, ['e1'], 'ArrowLeft', false), 'e1').placement).toMatchObject({ x: 49, y: 50 });
    expect(find(nudge(doc, ['e1'], 'ArrowDown', true), 'e1').placement).toMatchObject({ x: 50, y: 60 });
    expect(find(nudge(doc, ['e1'], 'ArrowUp', true), 'e1').placement).toMatchObject({ x: 50, y: 40 });
    expect(find(nudge(doc, ['e1'], 'ArrowRight', false), 'e1').placement).toMatchObject({ x: 51, y: 50 });
  });
});

describe('updateElement', () => {
  it('replaces settings, bindings, states, flicker and actions', () => {
    const doc = documentOf([element('e1', { settings: { text: 'a' } })]);
    const states = statesOf(2, 'bit');
    const next = updateElement(doc, 'e1', {
      settings: { text: 'b', unit: 'kPa' },
      bindings: { value: { data_source_id: 3 } },
      states,
      flicker: { flickerType: 'text', flickerFrequency: 1 },
      actions: [{ type: 'jump_screen', screen_id: 9 }],
    });
    expect(find(next, 'e1')).toMatchObject({
      settings: { text: 'b', unit: 'kPa' },
      bindings: { value: { data_source_id: 3 } },
      states: statesOf(2, 'bit'),
      flicker: { flickerType: 'text', flickerFrequency: 1 },
      actions: [{ type: 'jump_screen', screen_id: 9 }],
    });
    expect(find(next, 'e1').states).not.toBe(states);
    expect(find(doc, 'e1').settings).toEqual({ text: 'a' });
    expect(updateElement(doc, 'e1', {})).toBe(doc);
  });
});

describe('updateElement within the server limits', () => {
  it('changes nothing when the patch would break a limit the server enforces', () => {
    const doc = documentOf([element('e1')]);
    const tooMany = Object.fromEntries(
      Array.from({ length: ELEMENT_BINDINGS_MAX + 1 }, (_, i) => [`k${i}`, { data_source_id: 1 }]),
    );
    expect(updateElement(doc, 'e1', { bindings: tooMany })).toBe(doc);
    expect(updateElement(doc, 'e1', { states: { by: 'value', items: [] } })).toBe(doc);
  });
});

describe('setFlag', () => {
  it('locks and hides elements and groups, and changes nothing already so', () => {
    const doc = documentOf([element('e1', { group: 'g1' }), element('e2')], [group('g1')]);
    const locked = setFlag(
      doc,
      [
        { kind: 'group', id: 'g1' },
        { kind: 'element', id: 'e2' },
      ],
      'locked',
      true,
    );
    expect(locked.groups[0]?.locked).toBe(true);
    expect(find(locked, 'e2').locked).toBe(true);
    expect(find(locked, 'e1').locked).toBe(false);
    expect(setFlag(locked, [{ kind: 'group', id: 'g1' }], 'locked', true)).toBe(locked);
    const hidden = setFlag(doc, [{ kind: 'element', id: 'e1' }], 'hidden', true);
    expect(find(hidden, 'e1').hidden).toBe(true);
  });
});

describe('updateCanvas', () => {
  it('changes the size, background and grid, keeping what the patch leaves out', () => {
    const doc = documentOf([]);
    const next = updateCanvas(doc, { width: 1280, background: { color: '#fff' }, grid: { snap: true } });
    expect(next.canvas).toEqual({
      width: 1280,
      height: null,
      background: { color: '#fff', image: null, fit: 'stretch' },
      grid: { show: false, snap: true, size: 10 },
    });
    expect(doc.canvas.width).toBeNull();
  });
});
