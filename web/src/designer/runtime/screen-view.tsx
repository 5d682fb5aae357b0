// ScreenView (DESIGN §7 "Runtime"): a screen document drawn read-only, scaled to fit its container (fit.ts: whole,
// by width or by height). Each element is its registry component in `preview` (or `runtime`) mode, given its values
// from the values store through its bindings, the state its value picks (elements/states.ts) and, while a bound data
// source is in alarm, the alarm-icon overlay. Elements are memoised on the element object and read only their own
// data sources, so a push re-renders only the elements whose values changed; a value older than `staleAfterMs` greys
// its element out (stale.ts: one clock per screen). No editing code: the editor is never imported here.
import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { useTranslation } from 'react-i18next';

import { useStableCallback } from '@/lib/use-stable-callback';

import { AlarmIcon } from '../elements/alarm-icon';
import { elementDefinition } from '../elements/registry';
import { elementState } from '../elements/states';
import type { ElementDefinition, RenderMode } from '../elements/types';
import { byZ, canvasSize, hiddenElements, type CanvasSize } from '../model';
import type { DesignDocument, DesignElement } from '../model/types';
import { Animated } from './animated';
import { DEFAULT_FIT, fitScaleFor, type ScreenFit } from './fit';
import { backdropStyle } from './sheet';
import { createStaleClock, StaleScreenContext, useStaleSince, type StaleScreen } from './stale';
import { bindsUnknown, UnboundScreenContext, type UnboundScreen } from './unbound';
import { useBoundValues } from './use-bound-values';
import type { ValuesStore } from './values-store';
import './runtime.css';
import { zoned } from '@/lib/timezone';

/** A control's write from an element of the screen (runtime/use-screen-write.tsx carries it out). */
export type ScreenWrite = (element: DesignElement, bindingKey: string, value: number | string) => void;
/** One of an element's actions run (jump, pop-up, URL, write), by its index in `element.actions`. */
export type ScreenAction = (element: DesignElement, index: number) => void;

export interface ScreenViewProps {
  doc: DesignDocument;
  store: ValuesStore;
  /** The template's size for the screen's kind, for a document without its own size. */
  defaultSize: CanvasSize;
  mode?: Exclude<RenderMode, 'edit'>;
  onWrite?: ScreenWrite;
  onAction?: ScreenAction;
  /** The element registry's look-up (the registry itself unless a test counts renders). */
  definitionOf?: (type: string) => ElementDefinition | undefined;
  /** The accessible name of the drawing. */
  label?: string;
  /** How the sheet fits the box (contain: whole). */
  fit?: ScreenFit;
  /** A value older than this (ms) greys its elements out; null or absent: never (the values have no age). */
  staleAfterMs?: number | null;
  /** The data sources the device reports: an element bound to another says "unbound data item"; null or absent:
   * not known (nothing is marked). */
  knownSources?: ReadonlySet<number> | null;
}

interface ScreenElementProps {
  element: DesignElement;
  store: ValuesStore;
  mode: Exclude<RenderMode, 'edit'>;
  definition: ElementDefinition | undefined;
  onWrite: ScreenWrite;
  onAction: ScreenAction;
}

export function elementBoxStyle(element: DesignElement): CSSProperties {
  const { x, y, w, h, rotation } = element.placement;
  return {
    left: x,
    top: y,
    width: w,
    height: h,
    transform: rotation ? `rotate(${String(rotation)}deg)` : undefined,
  };
}

const ScreenElement = memo(function ScreenElement({
  element,
  store,
  mode,
  definition,
  onWrite,
  onAction,
}: ScreenElementProps) {
  const values = useBoundValues(store, element.bindings);
  const write = useCallback(
    (key: string, value: number | string) => {
      onWrite(element, key, value);
    },
    [onWrite, element],
  );
  const act = useCallback(
    (index: number) => {
      onAction(element, index);
    },
    [onAction, element],
  );
  const Component = definition?.component;
  const staleScreen = useContext(StaleScreenContext);
  const unboundScreen = useContext(UnboundScreenContext);
  const unbound = unboundScreen !== null && bindsUnknown(element, unboundScreen.known);
  const since = useStaleSince(values);
  // The drawing itself, kept while only the element's age flips: greying re-renders the box, not the component.
  const drawing = useMemo(
    () =>
      Component ? (
        <>
          <Component
            element={element}
            mode={mode}
            values={values}
            state={elementState(element, values)}
            onWrite={write}
            onAction={act}
          />
          <AlarmIcon values={values} />
        </>
      ) : null,
    [Component, element, mode, values, write, act],
  );
  // Animated elements move their drawing by their own values (animated.tsx): a push to an animation's data source
  // re-renders the wrapper, never the drawing.
  const body =
    drawing && element.animations.length > 0 ? (
      <Animated animations={element.animations} store={store}>
        {drawing}
      </Animated>
    ) : (
      drawing
    );
  // An element type this build does not know draws nothing (the editor marks it; a screen at work shows the rest).
  if (!body) return null;
  if (unbound)
    return (
      <div
        className="iot-screen-element iot-screen-element--unbound"
        data-element-id={element.id}
        title={unboundScreen.label}
        style={elementBoxStyle(element)}
      >
        {body}
        <span className="iot-screen-element__unbound" role="note">
          {unboundScreen.label}
        </span>
      </div>
    );
  return (
    <div
      className={since === null ? 'iot-screen-element' : 'iot-screen-element iot-screen-element--stale'}
      data-element-id={element.id}
      title={since === null || !staleScreen ? undefined : staleScreen.title(since)}
      style={elementBoxStyle(element)}
    >
      {body}
    </div>
  );
});

const noWrite: ScreenWrite = () => undefined;
const noAction: ScreenAction = () => undefined;

export function ScreenView({
  doc,
  store,
  defaultSize,
  mode = 'preview',
  onWrite,
  onAction,
  definitionOf = elementDefinition,
  label,
  fit = DEFAULT_FIT,
  staleAfterMs = null,
  knownSources = null,
}: ScreenViewProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<CanvasSize | null>(null);
  const size = canvasSize(doc, defaultSize);
  const scale = fitScaleFor(fit, size, measured);
  // One clock for the whole screen: every element looks at its values' age on the same tick.
  const stale = useMemo<StaleScreen | null>(
    () =>
      staleAfterMs === null || staleAfterMs <= 0
        ? null
        : {
            clock: createStaleClock(staleAfterMs),
            title: (since) =>
              t('designer.runtime.stale', { time: zoned(since).format('YYYY-MM-DD HH:mm:ss') }),
          },
    [staleAfterMs, t],
  );
  useEffect(() => () => stale?.clock.dispose(), [stale]);
  const unbound = useMemo<UnboundScreen | null>(
    () => (knownSources === null ? null : { known: knownSources, label: t('110522', { ns: 'errors' }) }),
    [knownSources, t],
  );
  const write = useStableCallback(onWrite ?? noWrite);
  const act = useStableCallback(onAction ?? noAction);
  const elements = useMemo(() => {
    const hidden = hiddenElements(doc);
    return byZ(doc).filter((e) => !hidden.has(e.id));
  }, [doc]);

  useEffect(() => {
    const node = box.current;
    if (!node) return undefined;
    const measure = () => {
      // The box's own size, not its size as drawn: inside a scaled dashboard canvas the drawn size is scaled already
      // (the screen was drawn at the canvas's scale twice). A DOM without layout (tests) has only the drawn size.
      const rect = node.getBoundingClientRect();
      const width = node.offsetWidth || rect.width;
      const height = node.offsetHeight || rect.height;
      setMeasured((prev) => (prev?.width === width && prev.height === height ? prev : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, []);

  return (
    <StaleScreenContext value={stale}>
      <UnboundScreenContext value={unbound}>
        <div
          className={`iot-screen iot-screen--fit-${fit}`}
          ref={box}
          role="region"
          aria-label={label}
          data-scale={scale.toFixed(3)}
        >
          <div
            className="iot-screen__frame"
            style={{ width: size.width * scale, height: size.height * scale }}
          >
            <div
              className="iot-screen__sheet"
              style={{ ...backdropStyle(doc.canvas, size), transform: `scale(${String(scale)})` }}
            >
              {elements.map((element) => (
                <ScreenElement
                  key={element.id}
                  element={element}
                  store={store}
                  mode={mode}
                  definition={definitionOf(element.type)}
                  onWrite={write}
                  onAction={act}
                />
              ))}
            </div>
          </div>
        </div>
      </UnboundScreenContext>
    </StaleScreenContext>
  );
}
