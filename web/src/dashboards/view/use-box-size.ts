// An element's size in layout px, followed as it changes (ResizeObserver): the box a canvas is fitted into. Layout px,
// not the size on screen: a dashboard drawn in a card of another (a toggle's) sits in a canvas already scaled.
import { useEffect, useState } from 'react';

import type { Size } from './scale';

export function useBoxSize(node: HTMLElement | null): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    if (!node) return undefined;
    const measure = () => {
      const width = node.clientWidth;
      const height = node.clientHeight;
      setSize((old) => (old?.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [node]);
  return size;
}
