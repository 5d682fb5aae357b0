// The drawing of a ScreenThumbnail (a lazy chunk of its own): the sheet with its background, fitted whole into its
// box, and every visible element in z order through the registry in `edit` mode, as the editor's canvas draws it:
// sample values, charts as their light static sample (no ECharts), clocks stopped, controls inert, no iframe or video
// loaded. No values store, no socket; nothing in it takes a pointer.
import { useEffect, useMemo, useRef, useState } from 'react';

import { elementDefinition } from '../elements/registry';
import { elementState } from '../elements/states';
import type { BoundValue } from '../elements/types';
import { byZ, canvasSize, hiddenElements, normalizeDocument, type CanvasSize } from '../model';
import type { WireDocument } from '../model/types';
import { elementBoxStyle } from './screen-view';
import { backdropStyle, fitScale } from './sheet';
import './runtime.css';

const NO_VALUES: Readonly<Record<string, BoundValue | undefined>> = Object.freeze({});

export interface ThumbnailSheetProps {
  document: WireDocument;
  /** The screen's size, for a document without its own. */
  width: number;
  height: number;
}

export default function ThumbnailSheet({ document, width, height }: ThumbnailSheetProps) {
  const box = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<CanvasSize | null>(null);
  const doc = useMemo(() => normalizeDocument(document), [document]);
  const size = canvasSize(doc, { width, height });
  const scale = fitScale(size, measured);
  const elements = useMemo(() => {
    const hidden = hiddenElements(doc);
    return byZ(doc).filter((e) => !hidden.has(e.id));
  }, [doc]);

  useEffect(() => {
    const node = box.current;
    if (!node) return undefined;
    const measure = () => {
      const rect = node.getBoundingClientRect();
      setMeasured((prev) =>
        prev?.width === rect.width && prev.height === rect.height
          ? prev
          : { width: rect.width, height: rect.height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, []);

  return (
    <div className="iot-screen iot-thumb__screen" ref={box} aria-hidden data-scale={scale.toFixed(3)}>
      <div className="iot-screen__frame" style={{ width: size.width * scale, height: size.height * scale }}>
        <div
          className="iot-screen__sheet"
          style={{ ...backdropStyle(doc.canvas, size), transform: `scale(${String(scale)})` }}
        >
          {elements.map((element) => {
            const Component = elementDefinition(element.type)?.component;
            if (!Component) return null;
            return (
              <div
                key={element.id}
                className="iot-screen-element"
                data-element-id={element.id}
                style={elementBoxStyle(element)}
              >
                <Component
                  element={element}
                  mode="edit"
                  values={NO_VALUES}
                  state={elementState(element, NO_VALUES)}
                />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
