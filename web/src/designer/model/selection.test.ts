import { describe, expect, it } from 'vitest';

import { documentOf, element, group } from '@/test/designer';

import { clickSelection } from './selection';

const doc = documentOf(
  [element('e1', { group: 'g1' }), element('e2', { group: 'g1' }), element('e3'), element('e4')],
  [group('g1')],
);

describe('clickSelection', () => {
  it('selects the clicked element, or its outermost group, alone', () => {
    expect(clickSelection(doc, ['e3'], 'e4', false)).toEqual(['e4']);
    expect(clickSelection(doc, ['e3'], 'e2', false)).toEqual(['e1', 'e2']);
  });

  it('adds with shift, and removes with shift what was already selected', () => {
    expect(clickSelection(doc, ['e3'], 'e1', true)).toEqual(['e3', 'e1', 'e2']);
    expect(clickSelection(doc, ['e3', 'e1', 'e2'], 'e2', true)).toEqual(['e3']);
    expect(clickSelection(doc, ['e3', 'e4'], 'e4', true)).toEqual(['e3']);
  });

  it('ignores a click on an element that does not exist', () => {
    expect(clickSelection(doc, ['e3'], 'gone', false)).toEqual(['e3']);
  });
});
