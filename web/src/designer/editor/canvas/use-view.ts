// The canvas's pan and zoom. The page owns the zoom; the canvas keeps which canvas point sits at the viewport's
// centre, so a zoom from the toolbar (100 %, a preset) keeps the view centred where it was without any pan following
// it, and one transform (view.ts) places the content. Space-drag and middle-drag pan, the wheel scrolls, and
// ctrl/cmd+wheel zooms about the pointer.
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';

import { isTyping } from './keyboard';
import {
  clampZoom,
  fitView,
  viewportToCanvas,
  wheelZoom,
  zoomAbout,
  type Point,
  type Size,
  type View,
} from './view';

export interface ViewInputs {
  zoom: number;
  onZoomChange: (zoom: number) => void;
  fitRequest: number;
}

export function useView(viewport: RefObject<HTMLDivElement | null>, canvas: Size, inputs: ViewInputs) {
  const { zoom, onZoomChange, fitRequest } = inputs;
  const scale = clampZoom(zoom);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [focus, setFocus] = useState<Point>({ x: canvas.width / 2, y: canvas.height / 2 });
  const [fitted, setFitted] = useState<string | null>(null);
  const [space, setSpace] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [keepRatio, setKeepRatio] = useState(false);
  const spaceHeld = useRef(false);
  const last = useRef<Point | null>(null);

  const view: View = { scale, x: box.width / 2 - focus.x * scale, y: box.height / 2 - focus.y * scale };
  const focusOf = (next: View): Point => viewportToCanvas(next, { x: box.width / 2, y: box.height / 2 });

  // A fit (asked for, or the first one once the viewport has a size) centres the canvas here and asks the page for
  // the zoom that shows all of it.
  // A document opened (or resized) after the canvas mounted is fitted anew: a 750 × 1334 mobile screen loaded into
  // a view fitted for the empty default would open cut off.
  const ready = box.width > 0 && box.height > 0;
  const fitKey = `${fitRequest} ${canvas.width}×${canvas.height}`;
  // The fit whose zoom was asked for: each fit asks once.
  const asked = useRef<string | null>(null);
  // A measured size: the first one with an area fits at once, so the opening's size, centre and the page's zoom land
  // in one render before the first paint, not in one render each (benchmark B7: each drew the toolbar again).
  const measured = useEffectEvent((next: Size) => {
    setBox(next);
    if (asked.current !== null || next.width <= 0 || next.height <= 0) return;
    asked.current = fitKey;
    setFitted(fitKey);
    setFocus({ x: canvas.width / 2, y: canvas.height / 2 });
    onZoomChange(fitView(next, canvas).scale);
  });
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return undefined;
    const measure = (): void => measured({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [viewport]);

  if (ready && fitted !== fitKey) {
    setFitted(fitKey);
    setFocus({ x: canvas.width / 2, y: canvas.height / 2 });
  }
  const askFit = useEffectEvent(() => {
    if (asked.current === fitKey) return;
    asked.current = fitKey;
    onZoomChange(fitView(box, canvas).scale);
  });
  useEffect(() => {
    if (ready) askFit();
  }, [fitKey, ready]);

  // The browser zooms the page on ctrl+wheel unless the listener may cancel it: React's wheel listener is passive.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault();
    const el = viewport.current;
    if (!el) return;
    if (event.ctrlKey || event.metaKey) {
      const rect = el.getBoundingClientRect();
      const pointer = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      const next = zoomAbout(view, wheelZoom(scale, event.deltaY), pointer);
      if (next.scale === scale) return;
      setFocus(focusOf(next));
      onZoomChange(next.scale);
    } else {
      const horizontal = event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
      const vertical = event.shiftKey && event.deltaX === 0 ? 0 : event.deltaY;
      setFocus((f) => ({ x: f.x + horizontal / scale, y: f.y + vertical / scale }));
    }
  });
  useEffect(() => {
    const el = viewport.current;
    if (!el) return undefined;
    const listener = (event: WheelEvent): void => onWheel(event);
    el.addEventListener('wheel', listener, { passive: false });
    return () => el.removeEventListener('wheel', listener);
  }, [viewport]);

  // Shift keeps a resize's ratio wherever the focus is (the handles may hold the pointer).
  useEffect(() => {
    const track = (event: globalThis.KeyboardEvent): void => setKeepRatio(event.shiftKey);
    window.addEventListener('keydown', track);
    window.addEventListener('keyup', track);
    return () => {
      window.removeEventListener('keydown', track);
      window.removeEventListener('keyup', track);
    };
  }, []);

  const setSpaceHeld = (held: boolean): void => {
    spaceHeld.current = held;
    setSpace(held);
  };
  const viewportHandlers = {
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>): void => {
      if (event.key !== ' ' || isTyping(event.target)) return;
      event.preventDefault();
      if (!event.repeat) setSpaceHeld(true);
    },
    onKeyUp: (event: KeyboardEvent<HTMLDivElement>): void => {
      if (event.key === ' ') setSpaceHeld(false);
    },
    onBlur: (): void => setSpaceHeld(false),
    onPointerDown: (event: PointerEvent<HTMLDivElement>): void => {
      if (event.button !== 1 && !(event.button === 0 && spaceHeld.current)) return;
      event.preventDefault();
      event.stopPropagation();
      event.currentTarget.setPointerCapture(event.pointerId);
      last.current = { x: event.clientX, y: event.clientY };
      setDragging(true);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>): void => {
      const from = last.current;
      if (!from) return;
      last.current = { x: event.clientX, y: event.clientY };
      const dx = (event.clientX - from.x) / scale;
      const dy = (event.clientY - from.y) / scale;
      setFocus((f) => ({ x: f.x - dx, y: f.y - dy }));
    },
    onPointerUp: (): void => {
      last.current = null;
      setDragging(false);
    },
  };

  // One function for the canvas's life: the marquee, memoised on its props, keeps it.
  const isPanning = useCallback((): boolean => spaceHeld.current || last.current !== null, []);

  return {
    view,
    /** Space is held or a pan is under way: the cursor shows a hand. */
    panning: space || dragging,
    /** Whether a press now pans rather than selects (read by the marquee at the press). */
    isPanning,
    keepRatio,
    viewportHandlers,
  };
}
