import { describe, expect, it } from 'vitest';

import { SCREEN_GROUPS_MAX } from '@/types/limits.gen';
import { at, documentOf, element, find, group } from '@/test/designer';

import {
  expandSelection,
  groupMembers,
  groupSelection,
  isHidden,
  isLocked,
  pruneEmptyGroups,
  renameGroup,
  selectionUnits,
  ungroup,
} from './groups';
import { moveElements } from './operations';
import { validateDocument } from './validate';

// g1 ⊃ { e1, g2 ⊃ { e2, e3 } }, e4 alone.
const nested = documentOf(
  [
    element('e1', { ...at(0, 0), group: 'g1' }),
    element('e2', { ...at(20, 0), group: 'g2' }),
    element('e3', { ...at(40, 0), group: 'g2' }),
    element('e4', at(100, 100)),
  ],
  [group('g1', { name: 'Skid' }), group('g2', { parent: 'g1' })],
);

describe('group structure', () => {
  it('lists a group’s elements at any depth', () => {
    expect(groupMembers(nested, 'g1')).toEqual(['e1', 'e2', 'e3']);
    expect(groupMembers(nested, 'g2')).toEqual(['e2', 'e3']);
  });

  it('selects the outermost group’s members on a click', () => {
    expect(expandSelection(nested, 'e3')).toEqual(['e1', 'e2', 'e3']);
    expect(expandSelection(nested, 'e4')).toEqual(['e4']);
    expect(expandSelection(nested, 'gone')).toEqual([]);
  });

  it('treats a group whose members are all selected as one unit', () => {
    expect(selectionUnits(nested, ['e2', 'e3', 'e4'])).toEqual([
      { group: 'g2', ids: ['e2', 'e3'] },
      { group: null, ids: ['e4'] },
    ]);
    expect(selectionUnits(nested, ['e1', 'e2', 'e3'])).toEqual([{ group: 'g1', ids: ['e1', 'e2', 'e3'] }]);
    expect(selectionUnits(nested, ['e2'])).toEqual([{ group: null, ids: ['e2'] }]);
  });

  it('inherits lock and hide from the groups around an element', () => {
    const doc = {
      ...nested,
      groups: nested.groups.map((g) => (g.id === 'g1' ? { ...g, locked: true, hidden: true } : g)),
    };
    expect(isLocked(doc, 'e3')).toBe(true);
    expect(isHidden(doc, 'e2')).toBe(true);
    expect(isLocked(doc, 'e4')).toBe(false);
  });

  it('moves a group by moving its members, and a locked group stays', () => {
    const moved = moveElements(nested, groupMembers(nested, 'g2'), 5, 5);
    expect(find(moved, 'e2').placement).toMatchObject({ x: 25, y: 5 });
    expect(find(moved, 'e3').placement).toMatchObject({ x: 45, y: 5 });
    expect(find(moved, 'e1')).toBe(find(nested, 'e1'));
    const locked = { ...nested, groups: nested.groups.map((g) => ({ ...g, locked: g.id === 'g2' })) };
    expect(moveElements(locked, ['e2', 'e3'], 5, 5)).toBe(locked);
  });
});

describe('groupSelection', () => {
  it('groups loose elements into a new group that persists in doc.groups', () => {
    const doc = documentOf([element('e1'), element('e2'), element('e3')]);
    const { doc: next, groupId } = groupSelection(doc, ['e1', 'e2'], 'Pumps');
    expect(groupId).toBe('g1');
    expect(next.groups).toEqual([{ id: 'g1', name: 'Pumps', parent: null, locked: false, hidden: false }]);
    expect(next.elements.map((e) => e.group)).toEqual(['g1', 'g1', null]);
    expect(validateDocument(next)).toEqual([]);
  });

  it('nests groups: a whole group and an element become children of the new group', () => {
    const { doc, groupId } = groupSelection(nested, ['e1', 'e2', 'e3', 'e4']);
    expect(groupId).toBe('g3');
    expect(doc.groups.find((g) => g.id === 'g1')?.parent).toBe('g3');
    expect(find(doc, 'e4').group).toBe('g3');
    expect(find(doc, 'e1').group).toBe('g1');
    expect(groupMembers(doc, 'g3')).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(validateDocument(doc)).toEqual([]);
  });

  it('nests the new group inside the group its units share', () => {
    const { doc, groupId } = groupSelection(nested, ['e1', 'e2']);
    expect(doc.groups.find((g) => g.id === groupId)?.parent).toBe('g1');
    expect(find(doc, 'e1').group).toBe(groupId);
    expect(find(doc, 'e2').group).toBe(groupId);
    expect(find(doc, 'e3').group).toBe('g2');
  });

  it('makes no group past SCREEN_GROUPS_MAX', () => {
    const groups = Array.from({ length: SCREEN_GROUPS_MAX }, (_, i) => group(`g${i + 1}`));
    const doc = documentOf([element('e1'), element('e2')], groups);
    expect(groupSelection(doc, ['e1', 'e2'])).toEqual({ doc, groupId: null });
  });

  it('changes nothing for fewer than two units', () => {
    expect(groupSelection(nested, ['e2', 'e3'])).toEqual({ doc: nested, groupId: null });
    expect(groupSelection(nested, [])).toEqual({ doc: nested, groupId: null });
  });

  it('keeps a group whose only member is grouped with another element, nested in the new group', () => {
    const doc = documentOf([element('e1', { group: 'g1' }), element('e2')], [group('g1')]);
    const { doc: next, groupId } = groupSelection(doc, ['e1', 'e2']);
    expect(next.groups).toEqual([group('g1', { parent: groupId }), group('g2')]);
  });

  it('takes part of a group out of it into the new group', () => {
    const doc = documentOf(
      [element('e1', { group: 'g1' }), element('e2', { group: 'g1' }), element('e3')],
      [group('g1')],
    );
    const { doc: next, groupId } = groupSelection(doc, ['e2', 'e3']);
    expect(next.elements.map((e) => e.group)).toEqual(['g1', groupId, groupId]);
    expect(next.groups.find((g) => g.id === groupId)?.parent).toBeNull();
  });
});

describe('ungroup', () => {
  it('moves the members and child groups to the parent', () => {
    const next = ungroup(nested, 'g1');
    expect(next.groups).toEqual([group('g2')]);
    expect(find(next, 'e1').group).toBeNull();
    expect(find(next, 'e2').group).toBe('g2');
    expect(validateDocument(next)).toEqual([]);
    expect(ungroup(nested, 'nope')).toBe(nested);
  });

  it('ungroups an inner group into its parent', () => {
    const next = ungroup(nested, 'g2');
    expect(next.elements.map((e) => e.group)).toEqual(['g1', 'g1', 'g1', null]);
  });
});

describe('other group edits', () => {
  it('renames a group and prunes groups without elements', () => {
    expect(renameGroup(nested, 'g2', 'Pump pair').groups[1]?.name).toBe('Pump pair');
    const empty = documentOf([element('e1')], [group('g1'), group('g2', { parent: 'g1' })]);
    expect(pruneEmptyGroups(empty).groups).toEqual([]);
    expect(pruneEmptyGroups(nested)).toBe(nested);
  });
});
