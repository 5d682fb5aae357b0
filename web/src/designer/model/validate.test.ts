import { describe, expect, it } from 'vitest';

import {
  ELEMENT_ACTIONS_MAX,
  ELEMENT_BINDINGS_MAX,
  ELEMENT_STATES_MAX,
  ELEMENT_STATES_MIN,
  SCREEN_ELEMENTS_MAX,
  SCREEN_GROUPS_MAX,
} from '@/types/limits.gen';
import { documentOf, element, group, statesOf } from '@/test/designer';

import { validateDocument } from './validate';

describe('validateDocument', () => {
  it('finds nothing wrong with a valid document', () => {
    const doc = documentOf(
      [element('e1', { group: 'g2' }), element('e2')],
      [group('g1'), group('g2', { parent: 'g1' })],
    );
    expect(validateDocument(doc)).toEqual([]);
  });

  it('reports duplicate element and group ids', () => {
    const doc = documentOf([element('e1'), element('e1')], [group('g1'), group('g1')]);
    expect(validateDocument(doc)).toEqual([
      { kind: 'duplicate_element', id: 'e1' },
      { kind: 'duplicate_group', id: 'g1' },
    ]);
  });

  it('reports an unknown group and an unknown parent', () => {
    const doc = documentOf([element('e1', { group: 'nope' })], [group('g1', { parent: 'gone' })]);
    expect(validateDocument(doc)).toEqual([
      { kind: 'unknown_group', id: 'e1' },
      { kind: 'unknown_parent', id: 'g1' },
    ]);
  });

  it('reports every group of a loop', () => {
    const doc = documentOf(
      [],
      [
        group('g1', { parent: 'g3' }),
        group('g2', { parent: 'g1' }),
        group('g3', { parent: 'g2' }),
        group('g4'),
      ],
    );
    expect(validateDocument(doc).map((p) => p.kind + ':' + (p.id ?? ''))).toEqual([
      'group_cycle:g1',
      'group_cycle:g2',
      'group_cycle:g3',
    ]);
  });

  it('reports more elements than SCREEN_ELEMENTS_MAX', () => {
    const many = Array.from({ length: SCREEN_ELEMENTS_MAX + 1 }, (_, i) => element(`e${i + 1}`));
    expect(validateDocument(documentOf(many))).toEqual([
      { kind: 'too_many_elements', max: SCREEN_ELEMENTS_MAX },
    ]);
    expect(validateDocument(documentOf(many.slice(1)))).toEqual([]);
  });

  it('reports more groups than SCREEN_GROUPS_MAX', () => {
    const groups = Array.from({ length: SCREEN_GROUPS_MAX + 1 }, (_, i) => group(`g${i + 1}`));
    const elements = groups.map((g, i) => element(`e${i + 1}`, { group: g.id }));
    expect(validateDocument(documentOf(elements.slice(0, SCREEN_ELEMENTS_MAX), groups))).toEqual([
      { kind: 'too_many_groups', max: SCREEN_GROUPS_MAX },
    ]);
  });

  it('reports what the server refuses in an element: its type, state count, bindings and actions', () => {
    const doc = documentOf([
      element('e1', { type: 'teapot' }),
      element('e2', { states: statesOf(1) }),
      element('e3', {
        bindings: Object.fromEntries(
          Array.from({ length: ELEMENT_BINDINGS_MAX + 1 }, (_, i) => [`k${i}`, { data_source_id: 1 }]),
        ),
      }),
      element('e4', {
        actions: Array.from({ length: ELEMENT_ACTIONS_MAX + 1 }, () => ({
          type: 'jump_screen' as const,
          screen_id: 1,
        })),
      }),
      element('e5', { states: statesOf(2, 'bit') }),
    ]);
    expect(validateDocument(doc)).toEqual([
      { kind: 'unknown_type', id: 'e1' },
      { kind: 'state_count', id: 'e2', min: ELEMENT_STATES_MIN, max: ELEMENT_STATES_MAX },
      { kind: 'too_many_bindings', id: 'e3', max: ELEMENT_BINDINGS_MAX },
      { kind: 'too_many_actions', id: 'e4', max: ELEMENT_ACTIONS_MAX },
    ]);
  });

  it('reports placements out of the server range', () => {
    const doc = documentOf([
      element('e1', { placement: { x: 0, y: 0, w: 0, h: 10, rotation: 0 } }),
      element('e2', { placement: { x: 100_001, y: 0, w: 1, h: 1, rotation: 0 } }),
      element('e3', { placement: { x: 0, y: Number.NaN, w: 1, h: 1, rotation: 0 } }),
      element('e4', { placement: { x: 0, y: 0, w: 1, h: 1, rotation: 400 } }),
    ]);
    expect(validateDocument(doc).map((p) => p.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
  });
});
