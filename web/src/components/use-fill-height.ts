// A page's editor or stage fills the console's content area down to the window's bottom: its height is the window's
// less what is above it (the header and the tab bar, whose heights vary with the layout), measured again on resize.
// The screen designer, the dashboard editor and the dashboard presentation use it.
import { useCallback, useEffect, useRef } from 'react';

/** Space kept below the editor (the content area's bottom padding). */
const BOTTOM_GAP_PX = 16;
/** Below this the panels cannot be used; the page scrolls instead. */
const MIN_HEIGHT_PX = 480;

export function useFillHeight(): (node: HTMLElement | null) => void {
  const element = useRef<HTMLElement | null>(null);
  const fit = useCallback(() => {
    const node = element.current;
    if (!node) return;
    const top = node.getBoundingClientRect().top + window.scrollY;
    // No layout to measure (a test's DOM): the stylesheet's minimum holds.
    if (!Number.isFinite(top) || !window.innerHeight) return;
    node.style.height = `${Math.max(MIN_HEIGHT_PX, window.innerHeight - top - BOTTOM_GAP_PX)}px`;
  }, []);
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fit]);
  return useCallback(
    (node: HTMLElement | null) => {
      element.current = node;
      fit();
    },
    [fit],
  );
}
