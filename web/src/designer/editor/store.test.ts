import { describe, expect, it } from 'vitest';

import { at, documentOf, element, group, statesOf } from '@/test/designer';

import { align, distribute, reorder } from '../model/arrange';
import { copyElements, pasteElements } from '../model/clipboard';
import { groupSelection, renameGroup, ungroup } from '../model/groups';
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
} from '../model/operations';
import type { DesignDocument } from '../model/types';
import { createDesignerStore, HISTORY_LIMIT, isDirty } from './store';

const start = documentOf(
  [
    element('e1', { ...at(0, 0), z: 0, group: 'g1', bindings: { value: { data_source_id: 1 } } }),
    element('e2', { ...at(30, 10), z: 1, group: 'g1' }),
    element('e3', { ...at(100, 50), z: 2 }),
    element('e4', { ...at(300, 300), z: 3 }),
  ],
  [group('g1')],
);
const canvas = { width: 800, height: 600 };
const sources = [{ id: 1, name: 'Flow' }];

const operations: [string, (doc: DesignDocument) => DesignDocument][] = [
  ['add', (d) => addElements(d, [{ type: 'text', placement: { x: 5, y: 5 } }]).doc],
  ['delete', (d) => deleteElements(d, ['e3'])],
  ['move', (d) => moveElements(d, ['e1', 'e2'], 7, 8)],
  ['resize', (d) => setPlacement(d, 'e3', { w: 200, h: 90 })],
  ['rotate', (d) => setPlacement(d, 'e3', { rotation: 45 })],
  ['set placements', (d) => setPlacements(d, { e1: { x: 9, y: 9, w: 9, h: 9, rotation: 0 } })],
  ['nudge', (d) => nudge(d, ['e3'], 'ArrowRight', true)],
  ['settings', (d) => updateElement(d, 'e3', { settings: { text: 'Tank 1' } })],
  ['bindings', (d) => updateElement(d, 'e3', { bindings: { value: { data_source_id: 4 } } })],
  ['states', (d) => updateElement(d, 'e3', { states: statesOf(3, 'bit') })],
  ['flicker', (d) => updateElement(d, 'e3', { flicker: { flickerType: 'text', flickerFrequency: 2 } })],
  ['actions', (d) => updateElement(d, 'e3', { actions: [{ type: 'open_popup', screen_id: 3 }] })],
  ['lock', (d) => setFlag(d, [{ kind: 'element', id: 'e3' }], 'locked', true)],
  ['hide group', (d) => setFlag(d, [{ kind: 'group', id: 'g1' }], 'hidden', true)],
  ['align', (d) => align(d, ['e1', 'e2', 'e3'], 'bottom', canvas)],
  ['distribute', (d) => distribute(d, ['e1', 'e2', 'e3', 'e4'], 'vertical')],
  ['group', (d) => groupSelection(d, ['e1', 'e2', 'e3']).doc],
  ['ungroup', (d) => ungroup(d, 'g1')],
  ['rename group', (d) => renameGroup(d, 'g1', 'Pumps')],
  ['to front', (d) => reorder(d, ['e1'], 'front')],
  ['backward', (d) => reorder(d, ['e3'], 'backward')],
  [
    'paste',
    (d) =>
      pasteElements(d, copyElements(d, ['e1'], { templateId: 1, screenId: 1, dataSources: sources }), {
        templateId: 2,
        dataSources: [],
      }).doc,
  ],
  ['canvas', (d) => updateCanvas(d, { grid: { snap: true } })],
];

describe('undo and redo', () => {
  it.each(operations)('undoes and redoes %s as one step', (_name, operation) => {
    const store = createDesignerStore(start);
    const before = store.getState().doc;
    store.getState().apply(operation);
    const after = store.getState().doc;
    expect(after).not.toEqual(before);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().doc).toBe(before);
    store.getState().redo();
    expect(store.getState().doc).toBe(after);
  });

  it('walks back and forth across every operation in turn', () => {
    const store = createDesignerStore(start);
    const seen = [store.getState().doc];
    for (const [, operation] of operations) {
      store.getState().apply(operation);
      // Some operations find nothing to do after the earlier ones (e3 deleted); those record no step.
      if (store.getState().doc !== seen.at(-1)) seen.push(store.getState().doc);
    }
    expect(store.temporal.getState().pastStates).toHaveLength(seen.length - 1);
    expect(seen.length).toBeGreaterThan(operations.length / 2);
    for (let i = seen.length - 2; i >= 0; i--) {
      store.getState().undo();
      expect(store.getState().doc).toBe(seen[i]);
    }
    for (let i = 1; i < seen.length; i++) {
      store.getState().redo();
      expect(store.getState().doc).toBe(seen[i]);
    }
  });

  it('records no step for an operation that changes nothing', () => {
    const store = createDesignerStore(start);
    store.getState().apply((d) => moveElements(d, ['e1'], 0, 0));
    store.getState().apply((d) => deleteElements(d, ['missing']));
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('drops the redo steps when a new change is made', () => {
    const store = createDesignerStore(start);
    store.getState().apply((d) => nudge(d, ['e3'], 'ArrowUp', false));
    store.getState().undo();
    store.getState().apply((d) => nudge(d, ['e3'], 'ArrowDown', false));
    expect(store.temporal.getState().futureStates).toHaveLength(0);
  });
});

describe('gestures', () => {
  it('records a drag of 60 frames as one step', () => {
    const store = createDesignerStore(start);
    store.getState().beginGesture();
    for (let frame = 0; frame < 60; frame++) store.getState().apply((d) => moveElements(d, ['e3'], 1, 1));
    store.getState().endGesture();
    expect(store.getState().doc.elements[2]?.placement).toMatchObject({ x: 160, y: 110 });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().doc).toBe(start);
  });

  it('records nothing for a gesture that changed nothing, and a cancel puts the document back', () => {
    const store = createDesignerStore(start);
    store.getState().beginGesture();
    store.getState().endGesture();
    store.getState().beginGesture();
    store.getState().apply((d) => moveElements(d, ['e3'], 4, 4));
    store.getState().cancelGesture();
    expect(store.getState().doc).toBe(start);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('ends an open gesture before an undo', () => {
    const store = createDesignerStore(start);
    store.getState().apply((d) => nudge(d, ['e3'], 'ArrowUp', false));
    const first = store.getState().doc;
    store.getState().beginGesture();
    store.getState().apply((d) => moveElements(d, ['e3'], 10, 0));
    store.getState().undo();
    expect(store.getState().doc).toBe(first);
    expect(store.getState().gestureStart).toBeNull();
  });
});

describe('history length', () => {
  it('keeps 250 steps', () => {
    const store = createDesignerStore(start);
    for (let i = 0; i < 250; i++) store.getState().apply((d) => nudge(d, ['e3'], 'ArrowRight', false));
    expect(store.temporal.getState().pastStates).toHaveLength(250);
    for (let i = 0; i < 250; i++) store.getState().undo();
    expect(store.getState().doc).toBe(start);
  });

  it(`keeps at most ${HISTORY_LIMIT} steps, dropping the oldest`, () => {
    const store = createDesignerStore(start);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++)
      store.getState().apply((d) => nudge(d, ['e3'], 'ArrowRight', false));
    expect(store.temporal.getState().pastStates).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) store.getState().undo();
    expect(store.getState().doc.elements[2]?.placement.x).toBe(120);
  });
});

describe('selection, hover, load and saving', () => {
  it('does not record selection or hover changes as steps', () => {
    const store = createDesignerStore(start);
    store.getState().select(['e1', 'e2', 'nope']);
    store.getState().hover('e3');
    expect(store.getState().selection).toEqual(['e1', 'e2']);
    expect(store.getState().hovered).toBe('e3');
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('keeps the selection to elements that still exist after an undo', () => {
    const store = createDesignerStore(start);
    let added: string[] = [];
    store.getState().apply((d) => {
      const result = addElements(d, [{ type: 'rect' }]);
      added = result.ids;
      return result.doc;
    });
    store.getState().select(['e1', ...added]);
    store.getState().hover(added[0] ?? null);
    store.getState().undo();
    expect(store.getState().selection).toEqual(['e1']);
    expect(store.getState().hovered).toBeNull();
  });

  it('drops deleted elements from the selection', () => {
    const store = createDesignerStore(start);
    store.getState().select(['e3', 'e4']);
    store.getState().hover('e3');
    store.getState().apply((d) => deleteElements(d, ['e3']));
    expect(store.getState()).toMatchObject({ selection: ['e4'], hovered: null });
  });

  it('clears the history and the selection on load', () => {
    const store = createDesignerStore(start);
    store.getState().apply((d) => nudge(d, ['e3'], 'ArrowUp', false));
    store.getState().select(['e3']);
    const other = documentOf([element('x1')]);
    store.getState().load(other);
    expect(store.getState()).toMatchObject({ doc: other, selection: [], hovered: null });
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    expect(isDirty(store.getState())).toBe(false);
  });

  it('is dirty until saved, and clean again when undone back to the saved document', () => {
    const store = createDesignerStore(start);
    expect(isDirty(store.getState())).toBe(false);
    store.getState().apply((d) => nudge(d, ['e3'], 'ArrowUp', false));
    expect(isDirty(store.getState())).toBe(true);
    store.getState().undo();
    expect(isDirty(store.getState())).toBe(false);
    store.getState().redo();
    store.getState().markSaved();
    expect(isDirty(store.getState())).toBe(false);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
  });

  it('stays dirty for edits made while a save was in flight', () => {
    const store = createDesignerStore(start);
    store.getState().apply((d) => nudge(d, ['e3'], 'ArrowUp', false));
    const sent = store.getState().doc;
    store.getState().apply((d) => nudge(d, ['e3'], 'ArrowUp', false));
    store.getState().markSaved(sent);
    expect(isDirty(store.getState())).toBe(true);
    store.getState().undo();
    expect(isDirty(store.getState())).toBe(false);
  });
});
