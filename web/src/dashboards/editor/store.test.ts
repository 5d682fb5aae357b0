// The editor's store: one undo step per action and per gesture, at least 100 steps, the selection outside the
// history, dirty against the last save.
import { describe, expect, it } from 'vitest';

import { addCard, moveResize, removeCard, updateCard } from '../model';
import { createEditorStore, emptyDraft, HISTORY_LIMIT, isDirty } from './store';

describe('the editor store', () => {
  it('undoes and redoes each operation as one step', () => {
    const store = createEditorStore();
    const { apply, undo, redo } = store.getState();
    apply((m) => addCard(m, 'text', 'a'));
    apply((m) => addCard(m, 'report', 'b'));
    expect(store.getState().draft.model.cards.map((c) => c.id)).toEqual(['a', 'b']);
    undo();
    expect(store.getState().draft.model.cards.map((c) => c.id)).toEqual(['a']);
    undo();
    expect(store.getState().draft.model.cards).toEqual([]);
    redo();
    redo();
    expect(store.getState().draft.model.cards.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('records one step for a drag (written at its end) and none for an operation that changes nothing', () => {
    const store = createEditorStore();
    store.getState().apply((m) => addCard(m, 'text', 'a'));
    const past = store.temporal.getState().pastStates.length;
    store.getState().apply((m) => moveResize(m, [{ i: 'a', x: 5, y: 2, w: 8, h: 3 }]));
    store.getState().apply((m) => moveResize(m, [{ i: 'a', x: 5, y: 2, w: 8, h: 3 }]));
    store.getState().apply((m) => removeCard(m, 'nothing'));
    expect(store.temporal.getState().pastStates.length).toBe(past + 1);
  });

  it('records a gesture (typing a name) as one step', () => {
    const store = createEditorStore();
    const s = store.getState();
    s.beginGesture();
    for (const name of ['P', 'Pl', 'Pla', 'Plant']) store.getState().setMeta({ name });
    store.getState().endGesture();
    expect(store.getState().draft.meta.name).toBe('Plant');
    store.getState().undo();
    expect(store.getState().draft.meta.name).toBe('');
    store.getState().redo();
    expect(store.getState().draft.meta.name).toBe('Plant');
  });

  it(`keeps at least 100 steps (${HISTORY_LIMIT})`, () => {
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(100);
    const store = createEditorStore();
    for (let n = 0; n < 120; n += 1) store.getState().setMeta({ width: 1000 + n });
    for (let n = 0; n < 120; n += 1) store.getState().undo();
    expect(store.getState().draft.meta.width).toBe(1920);
  });

  it('is dirty after a change, clean after saving, and clean again when undone back to the saved draft', () => {
    const store = createEditorStore();
    expect(isDirty(store.getState())).toBe(false);
    store.getState().apply((m) => addCard(m, 'text', 'a'));
    expect(isDirty(store.getState())).toBe(true);
    store.getState().markSaved();
    expect(isDirty(store.getState())).toBe(false);
    store.getState().apply((m) => updateCard(m, 'a', { title: 'T' }));
    expect(isDirty(store.getState())).toBe(true);
    store.getState().undo();
    expect(isDirty(store.getState())).toBe(false);
    // A name typed and typed back is no change.
    store.getState().setMeta({ name: 'x' });
    store.getState().setMeta({ name: '' });
    expect(isDirty(store.getState())).toBe(false);
  });

  it('keeps the selection out of the history and drops it when its card goes', () => {
    const store = createEditorStore();
    store.getState().apply((m) => addCard(m, 'text', 'a'));
    const past = store.temporal.getState().pastStates.length;
    store.getState().select('a');
    expect(store.getState().selection).toBe('a');
    expect(store.temporal.getState().pastStates.length).toBe(past);
    store.getState().undo();
    expect(store.getState().selection).toBeNull();
    store.getState().select('missing');
    expect(store.getState().selection).toBeNull();
  });

  it('loads a draft clean and without history, settled as the grid would show it', () => {
    const packUp = (d: ReturnType<typeof emptyDraft>) => ({
      ...d,
      model: { ...d.model, desktop: d.model.desktop.map((item) => ({ ...item, y: 0 })) },
    });
    const store = createEditorStore(emptyDraft(), (d) =>
      d.model.desktop.some((i) => i.y > 0) ? packUp(d) : d,
    );
    const loaded = emptyDraft();
    loaded.model = moveResize(addCard(loaded.model, 'text', 'a'), [{ i: 'a', x: 0, y: 7, w: 8, h: 3 }]);
    store.getState().load(loaded);
    expect(store.getState().draft.model.desktop[0]?.y).toBe(0);
    expect(isDirty(store.getState())).toBe(false);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });
});
