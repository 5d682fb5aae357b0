// Whether a screen or a 3D model's viewer is seen (issue 16 point 1): the document shown (visibilitychange) and its
// container at least partly in the viewport (IntersectionObserver). A screen unseen stops its live subscription;
// seen again, it subscribes afresh and the socket's snapshot brings it up to date. A viewer unseen stops drawing.
import { useEffect, useState, useSyncExternalStore } from 'react';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => {
    document.removeEventListener('visibilitychange', listener);
  };
}

const documentShown = () => document.visibilityState !== 'hidden';
const shownOnServer = () => true;

/** The document is shown (not a background tab, not a minimised window). */
export function useDocumentShown(): boolean {
  return useSyncExternalStore(subscribeVisibility, documentShown, shownOnServer);
}

/** `node` is at least partly in the viewport; true before it is measured and where IntersectionObserver is missing. */
export function useInViewport(node: Element | null): boolean {
  const [seen, setSeen] = useState(true);
  useEffect(() => {
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setSeen(last.isIntersecting);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [node]);
  return node === null || seen;
}

/** The screen in `node` is seen: the document shown and the node in the viewport. */
export function useScreenVisible(node: Element | null): boolean {
  const shown = useDocumentShown();
  const inView = useInViewport(node);
  return shown && inView;
}
