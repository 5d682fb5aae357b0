import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { documentOf } from '@/test/designer';
import { elementDefinition } from '../elements/registry';
import type { ElementDefinition, ElementRenderProps } from '../elements/types';
import { normalizeElement, type LooseElement } from '../model/normalize';
import { ScreenView, type ScreenViewProps } from './screen-view';
import { createValuesStore, type FrameScheduler } from './values-store';

function manualFrame() {
  const pending: (() => void)[] = [];
  const frame: FrameScheduler = (callback) => {
    pending.push(callback);
    return () => undefined;
  };
  return { frame, run: () => act(() => pending.splice(0).forEach((callback) => callback())) };
}

const valueEl = (id: string, source: number | null, extra: Partial<LooseElement> = {}) =>
  normalizeElement({
    id,
    type: 'value',
    placement: { x: 10, y: 10, w: 120, h: 30 },
    settings: { unit: '℃', decimals: 1 },
    bindings: source === null ? {} : { value: { data_source_id: source } },
    ...extra,
  });

const lamp = normalizeElement({
  id: 'lamp',
  type: 'indicator',
  placement: { x: 200, y: 10, w: 40, h: 40 },
  bindings: { value: { data_source_id: 3 } },
  states: {
    by: 'value',
    items: [
      { min: null, max: 1, text: '停止', isUnderline: false },
      { min: 1, max: null, text: '运行', isUnderline: false },
    ],
  },
});

const doc = {
  ...documentOf([
    valueEl('temp', 1),
    valueEl('pressure', 2, { settings: { unit: 'MPa', decimals: 2 } }),
    lamp,
    valueEl('loose', null),
    valueEl('gone', 99),
    valueEl('hidden', 1, { hidden: true }),
  ]),
  canvas: { ...documentOf([]).canvas, width: 800, height: 600 },
};

/** The registry, with every component counting its renders by element id. */
function countingRegistry() {
  const renders = new Map<string, number>();
  const wrapped = new Map<string, ElementDefinition>();
  const definitionOf = (type: string): ElementDefinition | undefined => {
    const definition = elementDefinition(type);
    if (!definition) return undefined;
    let counting = wrapped.get(type);
    if (!counting) {
      const Inner: ComponentType<ElementRenderProps> = definition.component;
      const Counting = (props: ElementRenderProps) => {
        renders.set(props.element.id, (renders.get(props.element.id) ?? 0) + 1);
        return <Inner {...props} />;
      };
      counting = { ...definition, component: Counting };
      wrapped.set(type, counting);
    }
    return counting;
  };
  return { definitionOf, renders };
}

const node = (id: string) => document.querySelector(`[data-element-id="${id}"]`)!;

function setup(props: Partial<ScreenViewProps> = {}, ts = 100) {
  const frames = manualFrame();
  const store = createValuesStore(frames.frame, null);
  store.seed([
    { id: 1, value: 36.54, ts },
    { id: 2, value: 0.8, ts },
    { id: 3, value: 0, ts },
  ]);
  const registry = countingRegistry();
  render(
    <div style={{ width: 400, height: 300 }}>
      <ScreenView
        doc={doc}
        store={store}
        defaultSize={{ width: 1920, height: 1080 }}
        definitionOf={registry.definitionOf}
        label="泵房"
        {...props}
      />
    </div>,
  );
  return { store, frames, renders: registry.renders };
}

/** Replaces ResizeObserver so a test can say the box's size; returns the restore. */
function fakeResize(size: { width: number; height: number }) {
  const observers: ResizeObserverCallback[] = [];
  const original = window.ResizeObserver;
  window.ResizeObserver = class {
    constructor(callback: ResizeObserverCallback) {
      observers.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  return {
    measure: (region: HTMLElement) => {
      region.getBoundingClientRect = () => size as DOMRect;
      act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
    },
    restore: () => {
      window.ResizeObserver = original;
    },
  };
}

describe('ScreenView', () => {
  it('draws each element with its bound value, in preview mode, leaving out hidden ones', () => {
    setup();
    expect(screen.getByRole('region', { name: '泵房' })).toBeInTheDocument();
    expect(node('temp')).toHaveTextContent('36.5 ℃');
    expect(node('pressure')).toHaveTextContent('0.80 MPa');
    // No binding, or a binding to a source the device never reported: the empty mark, not the editor's sample.
    expect(node('loose')).toHaveTextContent(/^-$/);
    expect(node('gone')).toHaveTextContent(/^-$/);
    expect(node('hidden')).toBeNull();
    expect(node('temp')).toHaveStyle({ left: '10px', top: '10px', width: '120px', height: '30px' });
  });

  it('marks an element bound to a source the device does not report as unbound, and keeps the rest running', () => {
    const { store, frames } = setup({ knownSources: new Set([1, 2, 3]) });
    // 'gone' binds data source 99, which the device's published configuration no longer has.
    expect(node('gone')).toHaveClass('iot-screen-element--unbound');
    expect(node('gone').querySelector('[role="note"]')).toHaveTextContent('数据项未绑定');
    for (const id of ['temp', 'pressure', 'lamp', 'loose'])
      expect(node(id)).not.toHaveClass('iot-screen-element--unbound');
    act(() => {
      store.push([{ id: 1, v: 40, ts: 200, q: 0 }]);
    });
    frames.run();
    expect(node('temp')).toHaveTextContent('40.0 ℃');
  });

  it("marks nothing while the device's data sources are not known", () => {
    setup();
    expect(document.querySelector('.iot-screen-element--unbound')).toBeNull();
  });

  it('chooses the state the value picks, and changes it with the value', () => {
    const { store, frames } = setup();
    expect(node('lamp')).toHaveTextContent('停止');
    store.push([{ id: 3, v: 1, ts: 200, q: 0 }]);
    frames.run();
    expect(node('lamp')).toHaveTextContent('运行');
  });

  it('shows the alarm icon on the elements bound to a source in alarm', () => {
    const { store } = setup();
    expect(screen.queryByRole('img', { name: '报警' })).toBeNull();
    act(() => store.setAlarms(new Set([2])));
    const icons = screen.getAllByRole('img', { name: '报警' });
    expect(icons).toHaveLength(1);
    expect(node('pressure')).toContainElement(icons[0]!);
    act(() => store.setAlarms(new Set()));
    expect(screen.queryByRole('img', { name: '报警' })).toBeNull();
  });

  it('re-renders only the elements whose values changed, once per frame', () => {
    const { store, frames, renders } = setup();
    const before = new Map(renders);
    store.push([{ id: 1, v: 37, ts: 200, q: 0 }]);
    store.push([{ id: 1, v: 38, ts: 300, q: 0 }]);
    // Nothing drawn until the frame.
    expect(node('temp')).toHaveTextContent('36.5 ℃');
    expect(renders).toEqual(before);
    frames.run();
    expect(node('temp')).toHaveTextContent('38.0 ℃');
    expect(renders.get('temp')).toBe(before.get('temp')! + 1);
    for (const id of ['pressure', 'lamp', 'loose', 'gone']) expect(renders.get(id)).toBe(before.get(id));
  });

  it('fits the screen into its box', () => {
    const resize = fakeResize({ width: 400, height: 600 });
    try {
      setup();
      const region = screen.getByRole('region', { name: '泵房' });
      resize.measure(region);
      // 800 × 600 into 400 × 600: half size, limited by the width.
      expect(region).toHaveAttribute('data-scale', '0.500');
      expect(region.querySelector('.iot-screen__frame')).toHaveStyle({ width: '400px', height: '300px' });
    } finally {
      resize.restore();
    }
  });

  it.each([
    ['contain', '0.500', '400px', '300px'],
    // By height: 600 / 600, the sheet wider than the box (it scrolls across).
    ['height', '1.000', '800px', '600px'],
    ['width', '0.500', '400px', '300px'],
  ] as const)('fits by %s', (fit, scale, width, height) => {
    const resize = fakeResize({ width: 400, height: 600 });
    try {
      setup({ fit });
      const region = screen.getByRole('region', { name: '泵房' });
      resize.measure(region);
      expect(region).toHaveAttribute('data-scale', scale);
      expect(region).toHaveClass(`iot-screen--fit-${fit}`);
      expect(region.querySelector('.iot-screen__frame')).toHaveStyle({ width, height });
    } finally {
      resize.restore();
    }
  });

  describe('values older than the offline timeout', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('grey out on the shared tick, re-rendering only the boxes whose age flipped', () => {
      vi.useFakeTimers();
      const start = new Date('2026-11-27T08:00:00Z').getTime();
      vi.setSystemTime(start);
      // Seeded 60 s ago; greyed after 90 s.
      const { store, frames, renders } = setup({ staleAfterMs: 90_000 }, start - 60_000);
      expect(document.querySelectorAll('.iot-screen-element--stale')).toHaveLength(0);
      // A fresh value for the pressure only.
      store.push([{ id: 2, v: 0.9, ts: start + 20_000, q: 0 }]);
      frames.run();
      const before = new Map(renders);
      // 35 s on: the temperature and the lamp are 95 s old; the pressure 15 s.
      act(() => {
        vi.advanceTimersByTime(35_000);
      });
      expect(node('temp')).toHaveClass('iot-screen-element--stale');
      expect(node('lamp')).toHaveClass('iot-screen-element--stale');
      expect(node('temp').getAttribute('title')).toMatch(
        /^数据已过期：自 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 起没有新值$/,
      );
      expect(node('pressure')).not.toHaveClass('iot-screen-element--stale');
      // Never reported: no age, no grey.
      expect(node('gone')).not.toHaveClass('iot-screen-element--stale');
      // Greying redraws the box, not the element's component.
      expect(renders).toEqual(before);
      // A new value brings it back.
      store.push([{ id: 1, v: 37, ts: Date.now(), q: 0 }]);
      frames.run();
      expect(node('temp')).not.toHaveClass('iot-screen-element--stale');
      expect(node('temp')).not.toHaveAttribute('title');
    });

    it('never grey out without a timeout (the values have no age)', () => {
      setup({}, 1);
      expect(document.querySelectorAll('.iot-screen-element--stale')).toHaveLength(0);
    });
  });

  it('keeps the icon of a confirmed alarm steady and every unconfirmed one flashing', () => {
    const { store } = setup();
    act(() => {
      store.setAlarms(new Set([1]));
      store.setConfirmed(new Set([2]));
    });
    const icons = screen.getAllByRole('img', { name: '报警' });
    expect(icons).toHaveLength(2);
    expect(node('temp').querySelector('.iot-alarm-icon--confirmed')).toBeNull();
    expect(node('pressure').querySelector('.iot-alarm-icon--confirmed')).not.toBeNull();
  });
});

describe('ScreenView animations', () => {
  const fan = normalizeElement({
    id: 'fan',
    type: 'rect',
    placement: { x: 10, y: 10, w: 60, h: 60 },
    animations: [
      { type: 'spin', data_source_id: 5, speed: 6 },
      { type: 'opacity', expression: 'if(s > 0, 1, 0.4)', inputs: { s: { data_source_id: 5 } }, max: 1 },
    ],
  });
  const animatedDoc = { ...documentOf([fan, valueEl('temp', 1)]), canvas: doc.canvas };

  it('turns and fades by the value, re-rendering the wrapper and never the drawing', () => {
    const frames = manualFrame();
    const store = createValuesStore(frames.frame, null);
    const registry = countingRegistry();
    render(
      <ScreenView
        doc={animatedDoc}
        store={store}
        defaultSize={{ width: 800, height: 600 }}
        definitionOf={registry.definitionOf}
      />,
    );
    const spin = () => node('fan').querySelector<HTMLElement>('.iot-anim-spin')!;
    const wrapper = () => node('fan').querySelector<HTMLElement>('.iot-anim')!;
    // No value yet: paused, and the expression has no value (no opacity set).
    expect(spin()).toHaveClass('iot-anim-spin--paused');
    expect(wrapper().style.opacity).toBe('');
    const drawn = registry.renders.get('fan');
    act(() => store.seed([{ id: 5, value: 10, ts: 1 }]));
    expect(spin()).not.toHaveClass('iot-anim-spin--paused');
    expect(spin().style.animationDuration).toBe('1s');
    expect(wrapper().style.opacity).toBe('1');
    store.push([{ id: 5, v: -20, ts: 2, q: 0 }]);
    frames.run();
    expect(spin()).toHaveClass('iot-anim-spin--reverse');
    expect(spin().style.animationDuration).toBe('0.5s');
    expect(wrapper().style.opacity).toBe('0.4');
    store.push([{ id: 5, v: 0, ts: 3, q: 0 }]);
    frames.run();
    expect(spin()).toHaveClass('iot-anim-spin--paused');
    expect(registry.renders.get('fan')).toBe(drawn);
  });
});
