import { describe, expect, it } from 'vitest';

import { documentOf, element, group } from '@/test/designer';

import { elementDefinition } from '../../elements/registry';
import { clearOfOthers, marqueeSelection, newElementAt, parsePaletteItem } from './picking';

const doc = documentOf(
  [
    element('a', { group: 'inner' }),
    element('b', { group: 'outer' }),
    element('c'),
    element('d', { hidden: true }),
    element('e', { group: 'shy' }),
    element('f', { group: 'shy' }),
  ],
  [group('outer'), group('inner', { parent: 'outer' }), group('shy', { hidden: true })],
);

describe('marquee selection', () => {
  it('takes the whole outermost group of every element it touches', () => {
    expect(marqueeSelection(doc, [], ['a'], false).sort()).toEqual(['a', 'b']);
    expect(marqueeSelection(doc, [], ['c', 'b'], false).sort()).toEqual(['a', 'b', 'c']);
  });

  it('leaves hidden elements out, their own flag or their group’s', () => {
    expect(marqueeSelection(doc, [], ['c', 'd', 'e'], false)).toEqual(['c']);
  });

  it('replaces the selection, or adds to it with shift', () => {
    expect(marqueeSelection(doc, ['c'], ['a'], false).sort()).toEqual(['a', 'b']);
    expect(marqueeSelection(doc, ['c'], ['a'], true).sort()).toEqual(['a', 'b', 'c']);
    expect(marqueeSelection(doc, ['c'], [], true)).toEqual(['c']);
  });
});

describe('palette items', () => {
  it('reads the palette’s drag data and refuses anything else', () => {
    expect(parsePaletteItem('{"type":"rect"}')).toEqual({ type: 'rect' });
    expect(parsePaletteItem('{"type":"text","settings":{"text":"Hi"},"size":{"w":50,"h":20}}')).toEqual({
      type: 'text',
      settings: { text: 'Hi' },
      size: { w: 50, h: 20 },
    });
    expect(parsePaletteItem('{"type":"rect","size":{"w":-5,"h":20}}')).toEqual({ type: 'rect' });
    expect(parsePaletteItem('{"type":"teleporter"}')).toBeNull();
    expect(parsePaletteItem('not json')).toBeNull();
    expect(parsePaletteItem('[1]')).toBeNull();
  });

  it('centres a new element on the point with its definition’s size, settings and states', () => {
    const indicator = elementDefinition('indicator');
    if (!indicator) throw new Error('no indicator');
    const made = newElementAt({ type: 'indicator' }, { x: 300, y: 200 });
    const { w, h } = indicator.defaultSize;
    expect(made?.placement).toEqual({
      x: Math.round(300 - w / 2),
      y: Math.round(200 - h / 2),
      w,
      h,
      rotation: 0,
    });
    expect(made?.settings).toEqual(indicator.defaultSettings());
    expect(made?.states?.items.length).toBe(indicator.defaultStates?.().items.length);
  });

  it('lets the item’s size and settings override the definition’s', () => {
    const made = newElementAt(
      { type: 'text', size: { w: 40, h: 10 }, settings: { text: 'Pump' } },
      { x: 0, y: 0 },
    );
    expect(made?.placement).toMatchObject({ x: -20, y: -5, w: 40, h: 10 });
    expect(made?.settings?.text).toBe('Pump');
    expect(made?.states).toBeNull();
    expect(newElementAt({ type: 'teleporter' }, { x: 0, y: 0 })).toBeNull();
  });
});

describe('palette clicks', () => {
  it('step an element added where another is centred down and right, until its centre is free', () => {
    const doc = documentOf([
      element('a', { placement: { x: 100, y: 50, w: 40, h: 40 } }),
      element('b', { placement: { x: 120, y: 70, w: 40, h: 40 } }),
    ]);
    const added = newElementAt({ type: 'rect', size: { w: 40, h: 40 } }, { x: 120, y: 70 });
    expect(added?.placement).toMatchObject({ x: 100, y: 50 });
    if (!added) return;
    expect(clearOfOthers(doc, added).placement).toMatchObject({ x: 140, y: 90, w: 40, h: 40 });
    expect(clearOfOthers(documentOf([]), added).placement).toMatchObject({ x: 100, y: 50 });
    // Another size centred on the same point counts too.
    const wide = newElementAt({ type: 'rect', size: { w: 80, h: 20 } }, { x: 120, y: 70 });
    if (!wide) return;
    expect(clearOfOthers(doc, wide).placement).toMatchObject({ x: 120, y: 100 });
  });
});
