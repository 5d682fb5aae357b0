// Test fixtures of the element tests: an element with the document's every field, and template data sources.
import type { DesignElement } from '../../model/types';
import type { BoundValue, DataSourceOption } from '../types';

export function makeElement(type: string, change: Partial<DesignElement> = {}): DesignElement {
  return {
    id: 'e1',
    type,
    name: '',
    placement: { x: 0, y: 0, w: 100, h: 40, rotation: 0 },
    z: 0,
    group: null,
    locked: false,
    hidden: false,
    settings: {},
    bindings: {},
    states: null,
    flicker: { flickerType: 'none', flickerFrequency: 0.5 },
    actions: [],
    animations: [],
    attach: null,
    ...change,
  };
}

export const DATA_SOURCES: readonly DataSourceOption[] = [
  { id: 1, name: '温度', unit: '℃', writable: false, decimals: 1 },
  { id: 2, name: '设定值', unit: '', writable: true, decimals: null },
];

export function bound(value: number | string | null, alarm = false): BoundValue {
  return { value, ts: 1_700_000_000_000, alarm };
}
