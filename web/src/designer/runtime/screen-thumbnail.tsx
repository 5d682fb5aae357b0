// ScreenThumbnail: a screen document drawn small and read-only (the template list, the library's tiles, a template's
// screen list). It waits until scrolled near the view (IntersectionObserver) before it asks for its document
// (`onVisible`) and draws: a skeleton until then and while the document loads, an "empty screen" placeholder for a
// document without elements, else the drawing of ./thumbnail-sheet, a lazy chunk of its own with the registry.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useStableCallback } from '@/lib/use-stable-callback';

import type { WireDocument } from '../model/types';
import './screen-thumbnail.css';

const ThumbnailSheet = lazy(() => import('./thumbnail-sheet'));

/** A screen to draw: its document as the server sends it and its size (the template's for a document without one). */
export interface ThumbnailScreen {
  document: WireDocument;
  width: number;
  height: number;
}

export interface ScreenThumbnailProps {
  /** The screen's (or its template's) name, for the accessible label. */
  name: string;
  /** undefined while not loaded, null when there is nothing to draw (no screen, or it could not be loaded). */
  screen: ThumbnailScreen | null | undefined;
  /** Called once, when the thumbnail first comes near the view: the moment to load its document. */
  onVisible?: () => void;
  className?: string;
}

/** Starts this far below the fold, so a thumbnail scrolled to is usually drawn already. */
const MARGIN = '200px';

function useSeen(onVisible: (() => void) | undefined) {
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  const visible = useStableCallback(() => onVisible?.());
  useEffect(() => {
    const node = box.current;
    // Without IntersectionObserver (tests without one) nothing is ever seen: no document is asked for.
    if (!node || seen || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setSeen(true);
        visible();
      },
      { rootMargin: MARGIN },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [seen, visible]);
  return { box, seen };
}

function hasElements(screen: ThumbnailScreen): boolean {
  return (screen.document.elements?.length ?? 0) > 0;
}

const skeleton = <div className="iot-thumb__skeleton" data-testid="thumbnail-skeleton" />;

export function ScreenThumbnail({ name, screen, onVisible, className }: ScreenThumbnailProps) {
  const { t } = useTranslation();
  const { box, seen } = useSeen(onVisible);
  let body = skeleton;
  if (seen && screen === null)
    body = <span className="iot-thumb__empty">{t('designer.runtime.thumbnail.none')}</span>;
  else if (seen && screen && !hasElements(screen))
    body = <span className="iot-thumb__empty">{t('designer.runtime.thumbnail.empty')}</span>;
  else if (seen && screen)
    body = (
      <Suspense fallback={skeleton}>
        <ThumbnailSheet document={screen.document} width={screen.width} height={screen.height} />
      </Suspense>
    );
  return (
    <div
      ref={box}
      className={className ? `iot-thumb ${className}` : 'iot-thumb'}
      role="img"
      aria-label={t('designer.runtime.thumbnail.label', { name })}
      aria-busy={!seen || screen === undefined}
    >
      {body}
    </div>
  );
}
