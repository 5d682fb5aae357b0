// A text card's font made to fit its card: from the size set down to a floor, the largest whole size at which the
// text (wrapped to the card's width) neither overflows its height nor its width. Measured again when the card, the
// text or its settings change. A card without a size yet (hidden, not laid out) keeps the size set.
import { useLayoutEffect, useState } from 'react';

/** The smallest size the text is shrunk to; a size set below it is kept. */
export const TEXT_FIT_MIN = 10;

/** The CSS variable the text's size is read from (widgets.css `.dbw-text`). */
export const FONT_SIZE_VAR = '--dbw-font-size';

/** The largest whole size from `designed` down to `floor` at which `fits` holds; `floor` when none does. */
export function fitFontSize(designed: number, floor: number, fits: (size: number) => boolean): number {
  if (designed <= floor || fits(designed)) return designed;
  // fits(high) is false; fits(low) is assumed until the end.
  let low = floor;
  let high = designed;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** Whether the node's content, at its current size, stays within its box (a pixel of rounding allowed). */
function contentFits(node: HTMLElement): boolean {
  return node.scrollHeight <= node.clientHeight + 1 && node.scrollWidth <= node.clientWidth + 1;
}

/** The font size at which `node`'s text fits it: `designed` when it does, else smaller down to TEXT_FIT_MIN.
 * `content` is what, when it changes, calls for a new measure (the text, its weight). */
export function useFitFontSize(node: HTMLElement | null, designed: number, content: unknown): number {
  const [size, setSize] = useState(designed);
  useLayoutEffect(() => {
    if (!node) return undefined;
    const measure = () => {
      const laidOut = node.clientWidth > 0 && node.clientHeight > 0;
      const next = laidOut
        ? fitFontSize(designed, Math.min(designed, TEXT_FIT_MIN), (px) => {
            node.style.setProperty(FONT_SIZE_VAR, `${String(px)}px`);
            return contentFits(node);
          })
        : designed;
      node.style.setProperty(FONT_SIZE_VAR, `${String(next)}px`);
      setSize(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [node, designed, content]);
  return size;
}
