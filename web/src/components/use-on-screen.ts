// Whether an element has come on screen, for what a page draws only once it is seen (the home page's map, whose
// Leaflet and country outlines are most of its weight): true from the first time `share` of the element is inside
// the viewport while `watching` (false while what is drawn above it still loads and moves it down), and stays true.
// Without IntersectionObserver (old browsers, jsdom) it is on screen at once.
import { useCallback, useState, type RefCallback } from 'react';

export function useOnScreen<T extends Element>(share: number, watching = true): [RefCallback<T>, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || !watching || typeof IntersectionObserver === 'undefined') return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= share)) {
            setSeen(true);
            observer.disconnect();
          }
        },
        { threshold: share },
      );
      observer.observe(element);
      return () => {
        observer.disconnect();
      };
    },
    [share, watching],
  );
  return [ref, seen];
}
