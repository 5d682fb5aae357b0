import { act, cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import Moveable from 'react-moveable';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { at, documentOf, element, find, group } from '@/test/designer';

import { elementDefinition } from '../../elements/registry';
import { moveElements, type DesignDocument } from '../../model';
import { createDesignerStore, type DesignerStore } from '../store';
import { DesignCanvas, ELEMENT_DRAG_TYPE, type DesignCanvasHandle } from './index';
import { FIT_MARGIN } from './view';

const VIEWPORT = { width: 800, height: 600 };
const RECT = { left: 50, top: 20 };

// jsdom lays nothing out: the viewport gets a size and a place on the page, so the view is what a browser would have.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(VIEWPORT.width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT.height);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    ...RECT,
    x: RECT.left,
    y: RECT.top,
    width: VIEWPORT.width,
    height: VIEWPORT.height,
    right: RECT.left + VIEWPORT.width,
    bottom: RECT.top + VIEWPORT.height,
    toJSON: () => ({}),
  });
});
afterEach(() => vi.restoreAllMocks());

const doc = documentOf(
  [
    element('a', { ...at(10, 10), z: 0, group: 'g' }),
    element('b', { ...at(40, 10), z: 1, group: 'g' }),
    element('c', { ...at(100, 100), z: 2, bindings: { value: { data_source_id: 99 } } }),
    element('h', { ...at(200, 200), z: 3, hidden: true }),
  ],
  [group('g')],
);
// 1000 × 500, so the view's centre is the canvas point (500, 250) until panned.
const sized: DesignDocument = { ...doc, canvas: { ...doc.canvas, width: 1000, height: 500 } };

function mount(zoom = 1, store: DesignerStore = createDesignerStore(sized)) {
  const onZoomChange = vi.fn();
  const ref = createRef<DesignCanvasHandle>();
  const props = {
    store,
    dataSources: [{ id: 7, name: 'Flow' }],
    templateId: 1,
    screenId: 2,
    onZoomChange,
    defaultSize: { width: 750, height: 1334 },
  };
  const view = render(<DesignCanvas {...props} zoom={zoom} fitRequest={0} ref={ref} />);
  const canvas = screen.getByRole('application');
  const node = (id: string) => view.container.querySelector<HTMLElement>(`[data-element-id="${id}"]`);
  const rerender = (next: number, fitRequest = 0) =>
    view.rerender(<DesignCanvas {...props} zoom={next} fitRequest={fitRequest} ref={ref} />);
  return { store, canvas, node, ref, onZoomChange, rerender };
}

function drop(canvas: HTMLElement, client: { x: number; y: number }, data: string) {
  // jsdom has no DragEvent: the drop is a plain event given a pointer position and the palette's data.
  const event = createEvent.drop(canvas);
  Object.defineProperties(event, {
    clientX: { value: client.x },
    clientY: { value: client.y },
    dataTransfer: {
      value: {
        types: [ELEMENT_DRAG_TYPE],
        getData: (type: string) => (type === ELEMENT_DRAG_TYPE ? data : ''),
      },
    },
  });
  fireEvent(canvas, event);
}

describe('the canvas draws the document', () => {
  it('draws a screen at its own size, or at the size given for its kind when its document names none', () => {
    const sheet = () => document.querySelector<HTMLElement>('.iot-canvas-sheet');
    mount();
    expect([sheet()?.style.width, sheet()?.style.height]).toEqual(['1000px', '500px']);
    cleanup();
    mount(1, createDesignerStore(doc));
    expect([sheet()?.style.width, sheet()?.style.height]).toEqual(['750px', '1334px']);
  });

  it('gives the zoomed content the size of the canvas, the area the handles lay their grid lines over', () => {
    mount();
    const content = document.querySelector<HTMLElement>('.iot-canvas-content');
    expect([content?.style.width, content?.style.height]).toEqual(['1000px', '500px']);
  });

  it('draws each visible element in one node with its id, bottom to top, at its placement', () => {
    const { node, canvas } = mount();
    const ids = [...canvas.querySelectorAll<HTMLElement>('[data-element-id]')].map(
      (n) => n.dataset.elementId,
    );
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(node('b')?.style.left).toBe('40px');
    expect(node('b')?.style.width).toBe('10px');
  });

  it('leaves hidden elements out, and draws one faint while it is selected', () => {
    const { node, store } = mount();
    expect(node('h')).toBeNull();
    act(() => store.getState().select(['h']));
    expect(node('h')).toHaveClass('iot-canvas-element-faint');
  });

  it('outlines a selected locked element itself, since the handles take only what moves', () => {
    const store = createDesignerStore({ ...sized, groups: [group('g', { locked: true })] });
    const { node } = mount(1, store);
    act(() => store.getState().select(['a', 'b', 'c']));
    expect(node('a')).toHaveClass('iot-canvas-element-pinned');
    expect(node('a')).toHaveAttribute('data-locked', 'true');
    expect(node('c')).not.toHaveClass('iot-canvas-element-pinned');
  });

  it('outlines the element pointed at, on the canvas or in the layer tree', () => {
    const { node, store } = mount();
    fireEvent.pointerOver(node('b')!);
    expect(store.getState().hovered).toBe('b');
    expect(node('b')).toHaveClass('iot-canvas-element-hovered');
    act(() => store.getState().hover('c'));
    expect(node('b')).not.toHaveClass('iot-canvas-element-hovered');
    expect(node('c')).toHaveClass('iot-canvas-element-hovered');
  });

  it('outlines an element bound to a data source the template lacks, with a hint', () => {
    const { node } = mount();
    expect(node('c')).toHaveClass('iot-canvas-element-broken');
    expect(node('a')).not.toHaveClass('iot-canvas-element-broken');
    expect(screen.getAllByRole('img', { name: '绑定的数据源已不在此模板中，请重新绑定' })).toHaveLength(1);
  });

  it('re-renders only the element an operation changed', () => {
    const rect = elementDefinition('rect');
    if (!rect) throw new Error('no rect');
    // Count the rect component's renders by element: the registry's definition is what the canvas reads.
    const Original = rect.component;
    const renders: string[] = [];
    vi.spyOn(rect, 'component', 'get').mockReturnValue(function Counted(props) {
      renders.push(props.element.id);
      return <Original {...props} />;
    });
    const { store, node } = mount();
    expect(renders.sort()).toEqual(['a', 'b', 'c']);
    renders.length = 0;
    act(() => store.getState().apply((d) => moveElements(d, ['a'], 67, 0)));
    expect(renders).toEqual(['a']);
    expect(node('a')?.style.left).toBe('77px');
    renders.length = 0;
    act(() => store.getState().select(['c']));
    expect(renders).toEqual([]);
  });
});

describe('the view', () => {
  it('fits the canvas when it opens and when asked', () => {
    const { onZoomChange, rerender, store } = mount();
    expect(onZoomChange).toHaveBeenLastCalledWith((800 - 2 * FIT_MARGIN) / 1000);
    onZoomChange.mockClear();
    rerender(1, 1);
    expect(onZoomChange).toHaveBeenCalledTimes(1);
    onZoomChange.mockClear();
    act(() => store.getState().load({ ...sized, canvas: { ...sized.canvas, width: 750, height: 1334 } }));
    expect(onZoomChange).toHaveBeenLastCalledWith((600 - 2 * FIT_MARGIN) / 1334);
  });

  it('zooms about the pointer with ctrl+wheel', () => {
    const { canvas, onZoomChange } = mount();
    onZoomChange.mockClear();
    fireEvent.wheel(canvas, { ctrlKey: true, deltaY: -100, clientX: 100, clientY: 100 });
    expect(onZoomChange).toHaveBeenCalledWith(expect.closeTo(1.1));
  });

  it('drops a palette element centred on the drop point, under zoom and pan', () => {
    const { canvas, store, rerender } = mount(2);
    // At 200 % the view's centre (client 450, 320) shows the canvas point (500, 250).
    drop(canvas, { x: 450 + 60, y: 320 - 40 }, JSON.stringify({ type: 'rect', size: { w: 20, h: 10 } }));
    const [added] = store.getState().selection;
    expect(find(store.getState().doc, added ?? '').placement).toMatchObject({ x: 520, y: 225, w: 20, h: 10 });

    // Scrolling the wheel 100 px down pans 50 canvas px at 200 %; then at 50 % the same offset is 4× as far.
    fireEvent.wheel(canvas, { deltaY: 100 });
    rerender(0.5);
    drop(canvas, { x: 450 + 60, y: 320 - 40 }, JSON.stringify({ type: 'rect', size: { w: 20, h: 10 } }));
    const [second] = store.getState().selection;
    expect(find(store.getState().doc, second ?? '').placement).toMatchObject({ x: 610, y: 215 });
    expect(store.temporal.getState().pastStates).toHaveLength(2);
  });

  it('refuses a drop that is not a palette element', () => {
    const { canvas, store } = mount();
    drop(canvas, { x: 100, y: 100 }, '{"type":"teleporter"}');
    expect(store.getState().doc).toBe(sized);
  });

  it('adds a palette click at the centre of the view', () => {
    const { ref, store } = mount(1.5);
    const added: (string | null)[] = [];
    act(() => {
      added.push(ref.current?.addAt({ type: 'rect', size: { w: 40, h: 40 } }) ?? null);
    });
    const [id] = added;
    expect(find(store.getState().doc, id ?? '').placement).toMatchObject({ x: 480, y: 230 });
    expect(store.getState().selection).toEqual([id]);
  });
});

describe('selecting and the keyboard', () => {
  it('selects a group’s members on a click, and clears on a click on empty canvas', () => {
    const { node, store, canvas } = mount();
    const target = node('a');
    if (!target) throw new Error('no a');
    fireEvent.mouseDown(target, { clientX: 60, clientY: 30, button: 0 });
    fireEvent.mouseUp(target, { clientX: 60, clientY: 30, button: 0 });
    expect([...store.getState().selection].sort()).toEqual(['a', 'b']);
    fireEvent.mouseDown(canvas, { clientX: 700, clientY: 500, button: 0 });
    fireEvent.mouseUp(canvas, { clientX: 700, clientY: 500, button: 0 });
    expect(store.getState().selection).toEqual([]);
  });

  it('acts on keys pressed on the focused canvas, one step each', () => {
    const { canvas, store } = mount();
    act(() => store.getState().select(['c']));
    fireEvent.keyDown(canvas, { key: 'ArrowLeft', shiftKey: true });
    expect(find(store.getState().doc, 'c').placement.x).toBe(90);
    fireEvent.keyDown(canvas, { key: 'Delete' });
    expect(store.getState().doc.elements.map((e) => e.id)).toEqual(['a', 'b', 'h']);
    expect(store.temporal.getState().pastStates).toHaveLength(2);
  });

  it('re-measures the handles when the document moves the selection outside a gesture', () => {
    const { canvas, store } = mount();
    act(() => store.getState().select(['c']));
    const updateRect = vi.spyOn(Moveable.prototype, 'updateRect');
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    expect(updateRect).toHaveBeenCalled();
    updateRect.mockClear();
    act(() => store.getState().apply((d) => moveElements(d, ['c'], 0, 25)));
    expect(updateRect).toHaveBeenCalled();
  });
});
