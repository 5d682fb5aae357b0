// Whether the person asked their system for less motion (`prefers-reduced-motion: reduce`), followed live. The
// console then opens its dialogs, drawers, menus and messages without antd's animations (app/antd-root.tsx); its
// own decorative animations have their CSS `@media (prefers-reduced-motion: reduce)` rules. A screen's animations
// bound to data (a fan turning at its speed, a pipe's flow) keep running: they are the data.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const reduced = (): boolean => media()?.matches ?? false;

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
