// A seeded random walk through the editor: 500 operations, undos, redos and gestures, after each of which the
// document must be valid, must survive the wire round trip, and must never have been mutated in place (every
// document is deep-frozen, so an operation writing into its input throws).
import { describe, expect, it } from 'vitest';

import { documentOf, seeded } from '@/test/designer';

import { align, distribute, reorder, type AlignEdge, type ZMove } from '../model/arrange';
import { copyElements, pasteElements } from '../model/clipboard';
import { groupSelection, ungroup } from '../model/groups';
import { normalizeDocument, toWire } from '../model/normalize';
import {
  addElements,
  deleteElements,
  moveElements,
  nudge,
  setFlag,
  setPlacement,
  updateElement,
  type ArrowKey,
  type LayerRef,
} from '../model/operations';
import type { DesignDocument } from '../model/types';
import { validateDocument } from '../model/validate';
import { createDesignerStore, HISTORY_LIMIT } from './store';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

type Step = (doc: DesignDocument) => DesignDocument;

function walk(seed: number, steps: number): { kinds: Record<string, number> } {
  const random = seeded(seed);
  const int = (n: number): number => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T | undefined => items[int(items.length)];
  const some = (doc: DesignDocument): string[] => doc.elements.filter(() => random() < 0.4).map((e) => e.id);
  const layers = (doc: DesignDocument): LayerRef[] => [
    ...some(doc).map((id): LayerRef => ({ kind: 'element', id })),
    ...doc.groups.filter(() => random() < 0.3).map((g): LayerRef => ({ kind: 'group', id: g.id })),
  ];
  const coordinate = (): number => (random() < 0.05 ? (random() - 0.5) * 400_000 : int(1200) - 100);
  const store = createDesignerStore(deepFreeze(documentOf([])));
  const canvas = { width: 1120, height: 630 };
  const sources = [
    { id: 1, name: 'Flow' },
    { id: 2, name: 'Level' },
  ];

  const edits: [string, Step][] = [
    [
      'add',
      (d) =>
        addElements(d, [
          {
            type: pick(['rect', 'text', 'value'])!,
            placement: { x: coordinate(), y: coordinate(), w: 1 + int(200), h: 1 + int(200) },
            bindings: random() < 0.5 ? { value: { data_source_id: 1 + int(3) } } : {},
          },
        ]).doc,
    ],
    ['delete', (d) => deleteElements(d, some(d))],
    ['move', (d) => moveElements(d, some(d), coordinate(), coordinate())],
    [
      'place',
      (d) =>
        setPlacement(d, pick(d.elements)?.id ?? '', {
          w: int(300) - 20,
          h: coordinate(),
          rotation: (random() - 0.5) * 2000,
        }),
    ],
    [
      'nudge',
      (d) =>
        nudge(
          d,
          some(d),
          pick<ArrowKey>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'])!,
          random() < 0.5,
        ),
    ],
    [
      'update',
      (d) =>
        updateElement(d, pick(d.elements)?.id ?? '', {
          settings: { n: int(9) },
          flicker: { flickerType: 'background', flickerFrequency: 1 },
        }),
    ],
    ['flag', (d) => setFlag(d, layers(d), random() < 0.5 ? 'locked' : 'hidden', random() < 0.5)],
    ['group', (d) => groupSelection(d, some(d)).doc],
    ['ungroup', (d) => ungroup(d, pick(d.groups)?.id ?? '')],
    [
      'align',
      (d) =>
        align(d, some(d), pick<AlignEdge>(['left', 'center', 'right', 'top', 'middle', 'bottom'])!, canvas),
    ],
    ['distribute', (d) => distribute(d, some(d), random() < 0.5 ? 'horizontal' : 'vertical')],
    ['reorder', (d) => reorder(d, some(d), pick<ZMove>(['front', 'back', 'forward', 'backward'])!)],
    [
      'paste',
      (d) =>
        pasteElements(d, copyElements(d, some(d), { templateId: 1, screenId: 1, dataSources: sources }), {
          templateId: 1 + int(2),
          dataSources: sources,
        }).doc,
    ],
  ];
  const kinds: Record<string, number> = {};
  for (let i = 0; i < steps; i++) {
    const roll = random();
    const state = store.getState();
    let kind: string;
    if (roll < 0.12) {
      kind = 'undo';
      state.undo();
    } else if (roll < 0.2) {
      kind = 'redo';
      state.redo();
    } else if (roll < 0.27) {
      kind = 'gesture';
      state.beginGesture();
      const frames = 1 + int(30);
      const ids = some(state.doc);
      for (let f = 0; f < frames; f++)
        store.getState().apply((d) => deepFreeze(moveElements(d, ids, int(5) - 2, int(5) - 2)));
      if (random() < 0.2) store.getState().cancelGesture();
      else store.getState().endGesture();
    } else {
      const [name, edit] = pick(edits)!;
      kind = name;
      state.apply((d) => deepFreeze(edit(d)));
      if (random() < 0.3) state.select(some(store.getState().doc));
    }
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const { doc, selection } = store.getState();
    expect(validateDocument(doc), `after step ${i} (${kind})`).toEqual([]);
    // The wire round trip deep-compares up to 1,000 elements: every 25th step keeps the walk quick.
    if (i % 25 === 0 || i === steps - 1) expect(normalizeDocument(toWire(doc))).toEqual(doc);
    expect(selection.every((id) => doc.elements.some((e) => e.id === id))).toBe(true);
    expect(store.temporal.getState().pastStates.length).toBeLessThanOrEqual(HISTORY_LIMIT);
  }
  return { kinds };
}

describe('a randomised editing session', () => {
  it.each([1, 2, 3])('never leaves an invalid document (seed %i, 500 steps)', (seed) => {
    const { kinds } = walk(seed, 500);
    // The walk really exercised every kind of step.
    expect(Object.keys(kinds).sort()).toEqual(
      [
        'add',
        'align',
        'delete',
        'distribute',
        'flag',
        'gesture',
        'group',
        'move',
        'nudge',
        'paste',
        'place',
        'redo',
        'reorder',
        'undo',
        'ungroup',
        'update',
      ].sort(),
    );
  });
});
