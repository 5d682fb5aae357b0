// Whether an element is in or near the viewport, for the central monitoring grid: one IntersectionObserver serves
// every card (a hundred observers would each run their own checks), with a margin so a card subscribes a little
// before it scrolls in and lets go once it is well out. Without IntersectionObserver (old browsers, jsdom) every
// card counts as visible.
import { useCallback, useState, type RefCallback } from 'react';

/** How far beyond the viewport a card still counts as near. */
export const IN_VIEW_MARGIN = '300px 0px';

type Listener = (inView: boolean) => void;

const listeners = new Map<Element, Listener>();
let observer: IntersectionObserver | null = null;
let observerClass: typeof IntersectionObserver | null = null;

function sharedObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  // A test may install another IntersectionObserver: the shared one follows the global.
  if (!observer || observerClass !== IntersectionObserver) {
    observer?.disconnect();
    observerClass = IntersectionObserver;
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
      },
      { rootMargin: IN_VIEW_MARGIN },
    );
    for (const element of listeners.keys()) observer.observe(element);
  }
  return observer;
}

/** A ref for the element and whether it is in or near the viewport (false until the observer first says). */
export function useInView<T extends Element>(): [RefCallback<T>, boolean] {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((element: T | null) => {
    if (!element) return undefined;
    const shared = sharedObserver();
    if (!shared) return undefined;
    listeners.set(element, setInView);
    shared.observe(element);
    return () => {
      listeners.delete(element);
      shared.unobserve(element);
    };
  }, []);
  return [ref, inView];
}
