// Small screen documents for the designer's tests: an element or a group with only what the test cares about.
import { normalizeDocument, normalizeElement } from '@/designer/model/normalize';
import type { DesignDocument, DesignElement, DesignGroup, Placement } from '@/designer/model/types';

type ElementOverrides = Partial<Omit<DesignElement, 'placement'>> & { placement?: Partial<Placement> };

export function element(id: string, overrides: ElementOverrides = {}): DesignElement {
  const { placement, ...rest } = overrides;
  return { ...normalizeElement({ id, type: 'rect', placement }), ...rest };
}

export function group(id: string, overrides: Partial<DesignGroup> = {}): DesignGroup {
  return { id, name: '', parent: null, locked: false, hidden: false, ...overrides };
}

export function documentOf(elements: DesignElement[], groups: DesignGroup[] = []): DesignDocument {
  return { ...normalizeDocument(null), elements, groups };
}

/** A box at (x, y) of size w × h, as an element placement. */
export function at(x: number, y: number, w = 10, h = 10): { placement: Partial<Placement> } {
  return { placement: { x, y, w, h } };
}

/** The element of `doc` with this id (the test fails loudly when it is missing). */
export function find(doc: DesignDocument, id: string): DesignElement {
  const found = doc.elements.find((e) => e.id === id);
  if (!found) throw new Error(`no element ${id}`);
  return found;
}

/** A deterministic random source (mulberry32), so a randomised test replays the same sequence every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An element's states: `count` looks, every field at its default. */
export function statesOf(count: number, by: 'value' | 'bit' = 'value'): NonNullable<DesignElement['states']> {
  const items = Array.from({ length: count }, () => ({}));
  return normalizeElement({ id: 'x', type: 'indicator', states: { by, items } }).states!;
}
