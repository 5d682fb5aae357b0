// Text made to fit its box whatever the box's size (an indicator's figure on a dashboard card, small on a phone, large
// on a wall screen): the content's sizes are CSS multiplied by the scale this hook returns (`calc(48px * var(--fit))`),
// the content is measured, and the scale is the one at which it fills the box without overflowing, between `min` and
// `max`. Measured again whenever the box or the content changes size (a resize, a new value, a font loaded).
import { useEffect, useRef, useState } from 'react';

/** A change of scale smaller than this (relative) is not applied: measuring again after a change ends there. */
const SETTLED = 0.01;

export interface FitScaleOptions {
  /** Largest scale (1: never larger than designed). */
  max?: number;
  /** Smallest scale; below it the content is clipped. */
  min?: number;
}

/** The scale at which `content` (laid out at `current`) fits `box`'s content area, or null while either has no size. */
export function fitScale(
  box: { width: number; height: number },
  content: { width: number; height: number },
  current: number,
  { max = 1, min = 0.2 }: FitScaleOptions = {},
): number | null {
  if (box.width <= 0 || box.height <= 0 || content.width <= 0 || content.height <= 0 || current <= 0)
    return null;
  // The content's size at scale 1: its sizes are all proportional to the scale.
  const width = content.width / current;
  const height = content.height / current;
  return Math.min(max, Math.max(min, Math.min(box.width / width, box.height / height)));
}

function innerSize(node: HTMLElement): { width: number; height: number } {
  const style = getComputedStyle(node);
  const px = (value: string) => Number.parseFloat(value) || 0;
  return {
    width: node.clientWidth - px(style.paddingLeft) - px(style.paddingRight),
    height: node.clientHeight - px(style.paddingTop) - px(style.paddingBottom),
  };
}

export function useFitScale(
  box: HTMLElement | null,
  content: HTMLElement | null,
  options: FitScaleOptions = {},
): number {
  const { max = 1, min = 0.2 } = options;
  const [scale, setScale] = useState(1);
  const current = useRef(1);
  useEffect(() => {
    if (!box || !content) return;
    const measure = () => {
      const next = fitScale(
        innerSize(box),
        { width: content.offsetWidth, height: content.offsetHeight },
        current.current,
        { max, min },
      );
      if (next === null || Math.abs(next - current.current) <= current.current * SETTLED) return;
      current.current = next;
      setScale(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(content);
    return () => {
      observer.disconnect();
    };
  }, [box, content, max, min]);
  return scale;
}
