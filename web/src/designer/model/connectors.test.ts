import { describe, expect, it } from 'vitest';

import { at, documentOf, element, find } from '@/test/designer';

import { createDesignerStore } from '../editor/store';
import { SYMBOLS } from '../symbols';
import { SYMBOLS_WITH_PORTS, symbolPorts } from '../symbols/ports';
import { align } from './arrange';
import { copyElements, pasteElements } from './clipboard';
import {
  detachEnd,
  endOf,
  keepAttached,
  moveEnd,
  nearestPort,
  portOf,
  portsOf,
  setEnd,
  type XY,
} from './connectors';
import { groupSelection } from './groups';
import { normalizeDocument, toWire } from './normalize';
import { deleteElements, moveElements, nudge, setPlacement, updateElement } from './operations';
import type { DesignDocument } from './types';

const close = (actual: XY, expected: XY): void => {
  expect(actual.x).toBeCloseTo(expected.x, 1);
  expect(actual.y).toBeCloseTo(expected.y, 1);
};

// A centrifugal pump, 64 × 64 at (100, 100): its outlet (60, 19) in its own units is at (160, 119).
const pump = element('pump', {
  type: 'symbol',
  ...at(100, 100, 64, 64),
  settings: { symbol: 'pump_centrifugal' },
});
const tank = element('tank', { ...at(500, 80, 80, 120) });
// A straight pipe from (200, 120) to (400, 120).
const pipe = element('pipe', {
  type: 'pipe',
  ...at(200, 108, 200, 24),
  settings: {
    points: [
      [0, 50],
      [100, 50],
    ],
    strokeWidth: 12,
  },
});
const plain = documentOf([pump, tank, pipe]);

/** The pipe attached at its start to the pump's outlet and at its end to the tank's left side. */
function attached(): DesignDocument {
  let doc = setEnd(plain, 'pipe', 'start', { x: 0, y: 0 }, { element: 'pump', port: 'outlet' });
  doc = setEnd(doc, 'pipe', 'end', { x: 0, y: 0 }, { element: 'tank', port: 'left' });
  return doc;
}

describe('ports', () => {
  it('every element has the midpoints of its four sides, rotated with it', () => {
    expect(portsOf(tank)).toEqual([
      { id: 'top', x: 540, y: 80 },
      { id: 'right', x: 580, y: 140 },
      { id: 'bottom', x: 540, y: 200 },
      { id: 'left', x: 500, y: 140 },
    ]);
    // Turned 90° clockwise about its centre (540, 140): the top comes to the right.
    const turned = { ...tank, placement: { ...tank.placement, rotation: 90 } };
    close(portOf(turned, 'top')!, { x: 600, y: 140 });
    close(portOf(turned, 'left')!, { x: 540, y: 100 });
  });

  it("a symbol's own ports replace the sides, placed as the symbol is drawn (scaled to fit, centred)", () => {
    expect(portsOf(pump).map((p) => p.id)).toEqual(['inlet', 'outlet']);
    close(portOf(pump, 'outlet')!, { x: 160, y: 119 });
    // Stretched to 128 × 64 the drawing keeps its ratio and sits in the middle: 32 pixels in.
    const wide = { ...pump, placement: { ...pump.placement, w: 128 } };
    close(portOf(wide, 'inlet')!, { x: 134, y: 134 });
    // A symbol without ports of its own has the sides.
    const motor = { ...pump, settings: { symbol: 'motor' } };
    expect(portsOf(motor).map((p) => p.id)).toEqual(['top', 'right', 'bottom', 'left']);
  });

  it('pumps, valves, tanks, pipe fittings and heat exchangers declare ports within their drawing', () => {
    for (const category of ['pump', 'valve', 'tank', 'pipe', 'exchanger']) {
      for (const symbol of SYMBOLS.filter((s) => s.category === category)) {
        expect(SYMBOLS_WITH_PORTS, symbol.id).toContain(symbol.id);
      }
    }
    for (const id of SYMBOLS_WITH_PORTS) {
      const declared = symbolPorts(id)!;
      const symbol = SYMBOLS.find((s) => s.id === id);
      expect(symbol, id).toBeDefined();
      expect({ w: declared.w, h: declared.h }, id).toEqual(symbol?.defaultSize);
      for (const port of declared.ports) {
        expect(
          port.x >= 0 && port.x <= declared.w && port.y >= 0 && port.y <= declared.h,
          `${id} ${port.id}`,
        ).toBe(true);
      }
      expect(new Set(declared.ports.map((p) => p.id)).size, id).toBe(declared.ports.length);
    }
  });

  it('a path offers its two ends; the nearest port within reach is found, others excluded', () => {
    expect(portsOf(pipe)).toEqual([
      { id: 'start', x: 200, y: 120 },
      { id: 'end', x: 400, y: 120 },
    ]);
    expect(nearestPort(plain.elements, { x: 163, y: 121 }, 6, new Set(['pipe']))).toMatchObject({
      element: 'pump',
      port: { id: 'outlet' },
    });
    expect(nearestPort(plain.elements, { x: 170, y: 121 }, 6, new Set(['pipe']))).toBeNull();
    expect(nearestPort(plain.elements, { x: 201, y: 121 }, 6, new Set(['pipe']))).toBeNull();
  });
});

describe('attaching', () => {
  it("puts the end on the target's port and stores (element, port); the box is refitted around the points", () => {
    const doc = attached();
    const p = find(doc, 'pipe');
    expect(p.attach).toEqual({
      start: { element: 'pump', port: 'outlet' },
      end: { element: 'tank', port: 'left' },
    });
    close(endOf(p, 'start'), { x: 160, y: 119 });
    close(endOf(p, 'end'), { x: 500, y: 140 });
    // The box spans the points, 24 (twice the stroke) thick at least; the points stay within 0–100 %.
    expect(p.placement.w).toBeCloseTo(340, 1);
    expect(p.placement.h).toBeCloseTo(24, 1);
    for (const point of p.settings.points as number[][]) {
      for (const v of point) expect(v >= 0 && v <= 100).toBe(true);
    }
    expect(find(doc, 'pump')).toBe(pump);
  });

  it('detaches an end where it is; an attach to the pipe itself or to nothing only moves the end', () => {
    const doc = detachEnd(attached(), 'pipe', 'start');
    expect(find(doc, 'pipe').attach).toEqual({ start: null, end: { element: 'tank', port: 'left' } });
    close(endOf(find(doc, 'pipe'), 'start'), { x: 160, y: 119 });
    const both = detachEnd(doc, 'pipe', 'end');
    expect(find(both, 'pipe').attach).toBeNull();
    const self = setEnd(plain, 'pipe', 'end', { x: 410, y: 130 }, { element: 'pipe', port: 'start' });
    expect(find(self, 'pipe').attach).toBeNull();
    close(endOf(find(self, 'pipe'), 'end'), { x: 410, y: 130 });
    expect(setEnd(plain, 'pipe', 'end', { x: 400, y: 120 }, null)).toBe(plain);
  });

  it('a line is laid between its ends: its box centred and turned', () => {
    const line = element('line', { type: 'line', ...at(0, 0, 100, 10) });
    let doc = documentOf([pump, tank, line]);
    doc = setEnd(doc, 'line', 'start', { x: 0, y: 0 }, { element: 'pump', port: 'outlet' });
    doc = setEnd(doc, 'line', 'end', { x: 0, y: 0 }, { element: 'tank', port: 'top' });
    const l = find(doc, 'line');
    close(endOf(l, 'start'), { x: 160, y: 119 });
    close(endOf(l, 'end'), { x: 540, y: 80 });
    expect(l.placement.h).toBe(10);
    expect(l.placement.rotation).toBeCloseTo((Math.atan2(-39, 380) * 180) / Math.PI, 2);
  });
});

describe('keeping attached', () => {
  it('moving the target moves the attached end only, in the same document', () => {
    const doc = attached();
    const moved = keepAttached(doc, moveElements(doc, ['pump'], -40, 30));
    const p = find(moved, 'pipe');
    close(endOf(p, 'start'), { x: 120, y: 149 });
    close(endOf(p, 'end'), { x: 500, y: 140 });
    expect(p.attach?.start).toEqual({ element: 'pump', port: 'outlet' });
  });

  it('a nudge, an align, a resize and a rotation of the target keep the end on its port', () => {
    const doc = attached();
    const cases: [string, (d: DesignDocument) => DesignDocument][] = [
      ['nudge', (d) => nudge(d, ['tank'], 'ArrowDown', true)],
      ['align', (d) => align(d, ['tank', 'pump'], 'top', { width: 800, height: 600 })],
      ['resize', (d) => setPlacement(d, 'tank', { w: 160, h: 200 })],
      ['rotate', (d) => setPlacement(d, 'tank', { rotation: 90 })],
    ];
    for (const [name, operation] of cases) {
      const next = keepAttached(doc, operation(doc));
      close(endOf(find(next, 'pipe'), 'end'), portOf(find(next, 'tank'), 'left')!);
      close(endOf(find(next, 'pipe'), 'start'), portOf(find(next, 'pump'), 'outlet')!);
      expect(find(next, 'pipe').attach?.end, name).toEqual({ element: 'tank', port: 'left' });
    }
  });

  it('deleting the target detaches the end, which keeps its last position', () => {
    const doc = attached();
    const next = keepAttached(doc, deleteElements(doc, ['tank']));
    const p = find(next, 'pipe');
    expect(p.attach).toEqual({ start: { element: 'pump', port: 'outlet' }, end: null });
    close(endOf(p, 'end'), { x: 500, y: 140 });
  });

  it('a pipe moved on its own lets go; moved with its targets, it stays attached', () => {
    const doc = attached();
    const alone = keepAttached(doc, moveElements(doc, ['pipe'], 0, 50));
    expect(find(alone, 'pipe').attach).toBeNull();
    close(endOf(find(alone, 'pipe'), 'start'), { x: 160, y: 169 });
    const together = keepAttached(doc, moveElements(doc, ['pipe', 'pump', 'tank'], 20, 50));
    expect(find(together, 'pipe').attach).toEqual(find(doc, 'pipe').attach);
    close(endOf(find(together, 'pipe'), 'start'), { x: 180, y: 169 });
  });

  it('another symbol without the port lets go; a change that moves no port leaves the same document', () => {
    const doc = attached();
    const other = updateElement(doc, 'pump', { settings: { symbol: 'motor' } });
    expect(find(keepAttached(doc, other), 'pipe').attach?.start).toBeNull();
    const recoloured = updateElement(doc, 'pipe', {
      settings: { ...find(doc, 'pipe').settings, stroke: '#000' },
    });
    expect(keepAttached(doc, recoloured)).toBe(recoloured);
    const unrelated = moveElements(doc, ['tank'], 0, 0);
    expect(keepAttached(doc, unrelated)).toBe(unrelated);
  });

  it('grouping keeps the attachment', () => {
    const doc = attached();
    const grouped = groupSelection(doc, ['pipe', 'pump']).doc;
    expect(find(keepAttached(doc, grouped), 'pipe').attach).toEqual(find(doc, 'pipe').attach);
  });

  it('an orthogonal pipe stays orthogonal: the bend slides with the moved end', () => {
    // (200, 120) → (300, 120) → (300, 220): an L whose end is attached to the tank's left side after a move.
    const bend = element('bend', {
      type: 'pipe',
      ...at(200, 120, 100, 100),
      settings: {
        points: [
          [0, 0],
          [100, 0],
          [100, 100],
        ],
      },
    });
    let doc = documentOf([pump, bend]);
    doc = setEnd(doc, 'bend', 'start', { x: 0, y: 0 }, { element: 'pump', port: 'outlet' });
    const points = (d: DesignDocument) => {
      const e = find(d, 'bend');
      return [0, 1, 2].map((i) => {
        const [x, y] = (e.settings.points as number[][])[i] ?? [0, 0];
        return {
          x: e.placement.x + ((x ?? 0) * e.placement.w) / 100,
          y: e.placement.y + ((y ?? 0) * e.placement.h) / 100,
        };
      });
    };
    // The start's segment was horizontal: the bend took the outlet's height.
    const [s, b, e] = points(doc);
    close(s!, { x: 160, y: 119 });
    close(b!, { x: 300, y: 119 });
    close(e!, { x: 300, y: 220 });
    const moved = keepAttached(doc, moveElements(doc, ['pump'], 0, -30));
    const [s2, b2, e2] = points(moved);
    close(s2!, { x: 160, y: 89 });
    close(b2!, { x: 300, y: 89 });
    close(e2!, { x: 300, y: 220 });
  });

  it('a two-point pipe keeps its other point: only the end moves', () => {
    const moved = moveEnd(pipe, 'end', { x: 400, y: 200 });
    close(endOf(moved, 'start'), { x: 200, y: 120 });
    close(endOf(moved, 'end'), { x: 400, y: 200 });
  });

  it('a pipe attached to the end of another pipe follows it along the chain', () => {
    const branch = element('branch', {
      type: 'pipe',
      ...at(400, 200, 100, 24),
      settings: {
        points: [
          [0, 50],
          [100, 50],
        ],
      },
    });
    let doc = documentOf([pump, tank, pipe, branch]);
    doc = setEnd(doc, 'pipe', 'start', { x: 0, y: 0 }, { element: 'pump', port: 'outlet' });
    doc = setEnd(doc, 'branch', 'start', { x: 0, y: 0 }, { element: 'pipe', port: 'start' });
    const moved = keepAttached(doc, moveElements(doc, ['pump'], 10, 10));
    close(endOf(find(moved, 'branch'), 'start'), { x: 170, y: 129 });
  });
});

describe('copy, paste and undo', () => {
  const source = { templateId: 1, screenId: 1, dataSources: [] };

  it('a pipe pasted with its target is attached to the copy; pasted alone it lets go where it is', () => {
    const doc = attached();
    const both = pasteElements(doc, copyElements(doc, ['pump', 'pipe'], source), {
      templateId: 1,
      dataSources: [],
    });
    const [newPump, newPipe] = both.ids;
    const pasted = find(both.doc, newPipe!);
    expect(pasted.attach).toEqual({ start: { element: newPump, port: 'outlet' }, end: null });
    close(endOf(pasted, 'start'), portOf(find(both.doc, newPump!), 'outlet')!);
    // The original stays attached to the original.
    expect(find(both.doc, 'pipe').attach?.start).toEqual({ element: 'pump', port: 'outlet' });

    const alone = pasteElements(doc, copyElements(doc, ['pipe'], source), { templateId: 1, dataSources: [] });
    expect(find(alone.doc, alone.ids[0]!).attach).toBeNull();
  });

  it('the wire round trip keeps the attachment, null when there is none', () => {
    const doc = attached();
    const wire = toWire(doc);
    expect(wire.elements?.[2]?.attach).toEqual(find(doc, 'pipe').attach);
    expect(wire.elements?.[0]?.attach).toBeNull();
    expect(normalizeDocument(wire)).toEqual(doc);
    const loose = normalizeDocument({
      elements: [{ id: 'p', type: 'pipe', attach: { start: null, end: null } }],
    });
    expect(loose.elements[0]?.attach).toBeNull();
  });

  it('the store keeps pipes attached through a gesture, one undo step, and undo/redo bring both back', () => {
    const store = createDesignerStore(attached());
    const before = store.getState().doc;
    store.getState().beginGesture();
    for (let i = 1; i <= 5; i += 1) {
      store.getState().apply((d) => setPlacement(d, 'pump', { x: 100 + i * 10, y: 100 + i * 4 }));
    }
    store.getState().endGesture();
    const after = store.getState().doc;
    close(endOf(find(after, 'pipe'), 'start'), { x: 210, y: 139 });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().doc).toBe(before);
    close(endOf(find(store.getState().doc, 'pipe'), 'start'), { x: 160, y: 119 });
    store.getState().redo();
    expect(store.getState().doc).toBe(after);

    // Deleting the pump through the store detaches in the same step; undo attaches again.
    store.getState().apply((d) => deleteElements(d, ['pump']));
    expect(find(store.getState().doc, 'pipe').attach?.start).toBeNull();
    store.getState().undo();
    expect(find(store.getState().doc, 'pipe').attach?.start).toEqual({ element: 'pump', port: 'outlet' });
  });
});
