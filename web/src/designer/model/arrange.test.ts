import { describe, expect, it } from 'vitest';

import { at, documentOf, element, find, group } from '@/test/designer';

import { align, byZ, distribute, layerTree, reorder } from './arrange';

const canvas = { width: 1000, height: 500 };
// e1 (0,0 10×10), e2 (50,20 20×30), e3 (200,100 40×10)
const three = documentOf([
  element('e1', at(0, 0)),
  element('e2', at(50, 20, 20, 30)),
  element('e3', at(200, 100, 40, 10)),
]);
const xs = (doc: typeof three): number[] => doc.elements.map((e) => e.placement.x);
const ys = (doc: typeof three): number[] => doc.elements.map((e) => e.placement.y);

describe('align', () => {
  it('aligns to the selection’s bounds on each edge', () => {
    const ids = ['e1', 'e2', 'e3'];
    expect(xs(align(three, ids, 'left', canvas))).toEqual([0, 0, 0]);
    expect(xs(align(three, ids, 'right', canvas))).toEqual([230, 220, 200]);
    expect(xs(align(three, ids, 'center', canvas))).toEqual([115, 110, 100]);
    expect(ys(align(three, ids, 'top', canvas))).toEqual([0, 0, 0]);
    expect(ys(align(three, ids, 'bottom', canvas))).toEqual([100, 80, 100]);
    expect(ys(align(three, ids, 'middle', canvas))).toEqual([50, 40, 50]);
  });

  it('aligns a single element to the canvas', () => {
    expect(find(align(three, ['e2'], 'right', canvas), 'e2').placement.x).toBe(980);
    expect(find(align(three, ['e2'], 'middle', canvas), 'e2').placement.y).toBe(235);
  });

  it('aligns a whole group as one unit, its members keeping their layout', () => {
    const doc = {
      ...three,
      elements: three.elements.map((e) => (e.id === 'e3' ? e : { ...e, group: 'g1' })),
      groups: [group('g1')],
    };
    const next = align(doc, ['e1', 'e2', 'e3'], 'right', canvas);
    // The group spans 0..70; the selection's right edge is 240.
    expect(xs(next)).toEqual([170, 220, 200]);
  });

  it('aligns by the drawn box of a rotated element', () => {
    const doc = documentOf([
      element('e1', { placement: { x: 100, y: 0, w: 40, h: 10, rotation: 90 } }),
      element('e2', at(0, 0)),
    ]);
    // Rotated a quarter turn about its centre (120, 5) it covers x 115..125: its drawn left edge goes to 0.
    expect(find(align(doc, ['e1', 'e2'], 'left', canvas), 'e1').placement.x).toBe(-15);
  });

  it('leaves locked elements and returns the same document when nothing moves', () => {
    const doc = {
      ...three,
      elements: three.elements.map((e) => (e.id === 'e3' ? { ...e, locked: true } : e)),
    };
    expect(xs(align(doc, ['e1', 'e2', 'e3'], 'right', canvas))).toEqual([60, 50, 200]);
    expect(align(align(three, ['e1', 'e2'], 'left', canvas), ['e1', 'e2'], 'left', canvas)).toEqual(
      align(three, ['e1', 'e2'], 'left', canvas),
    );
    expect(align(three, [], 'left', canvas)).toBe(three);
  });
});

describe('distribute', () => {
  it('spaces three or more units evenly between the outermost', () => {
    // Widths 10 + 20 + 40 over a span 0..240: gaps (240 − 70) / 2 = 85.
    expect(xs(distribute(three, ['e3', 'e1', 'e2'], 'horizontal'))).toEqual([0, 95, 200]);
    // Heights 10 + 30 + 10 over 0..110: gaps 30.
    expect(ys(distribute(three, ['e1', 'e2', 'e3'], 'vertical'))).toEqual([0, 40, 100]);
  });

  it('needs three units', () => {
    expect(distribute(three, ['e1', 'e2'], 'horizontal')).toBe(three);
  });
});

describe('z-order', () => {
  const four = documentOf(['e1', 'e2', 'e3', 'e4'].map((id, z) => element(id, { z })));
  const order = (doc: typeof four): string[] => byZ(doc).map((e) => e.id);

  it('brings to the front and sends to the back, keeping the selection’s own order', () => {
    expect(order(reorder(four, ['e1', 'e2'], 'front'))).toEqual(['e3', 'e4', 'e1', 'e2']);
    expect(order(reorder(four, ['e4', 'e3'], 'back'))).toEqual(['e3', 'e4', 'e1', 'e2']);
  });

  it('moves one step forward or backward', () => {
    expect(order(reorder(four, ['e2'], 'forward'))).toEqual(['e1', 'e3', 'e2', 'e4']);
    expect(order(reorder(four, ['e3', 'e4'], 'forward'))).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(order(reorder(four, ['e1', 'e3'], 'backward'))).toEqual(['e1', 'e3', 'e2', 'e4']);
  });

  it('orders equal z by document order, and writes z as 0…n−1', () => {
    const flat = documentOf([element('a'), element('b'), element('c')]);
    const next = reorder(flat, ['a'], 'front');
    expect(next.elements.map((e) => e.z)).toEqual([2, 0, 1]);
    expect(reorder(four, ['e4'], 'front')).toBe(four);
  });
});

describe('layerTree', () => {
  it('lists groups and elements top first, a group at its topmost member', () => {
    const doc = documentOf(
      [
        element('e1', { z: 0 }),
        element('e2', { z: 3, group: 'g2' }),
        element('e3', { z: 1, group: 'g1' }),
        element('e4', { z: 2 }),
      ],
      [group('g1'), group('g2', { parent: 'g1' })],
    );
    const names = (nodes: ReturnType<typeof layerTree>): unknown[] =>
      nodes.map((n) => (n.kind === 'group' ? { [n.id]: names(n.children) } : n.id));
    expect(names(layerTree(doc))).toEqual([{ g1: [{ g2: ['e2'] }, 'e3'] }, 'e4', 'e1']);
  });
});
