// Code a page's next step needs, fetched and evaluated while the browser has nothing else to do: the template's
// overview loads the screen designer this way, so that "Open in designer" finds its ~190 KB of scripts (some
// twenty-five files) ready instead of fetching and compiling them after the click (issue 33, B7: a cold opening
// spent 300–400 ms there). Skipped when the user asked the browser to save data.
import { useEffect } from 'react';

interface SaveDataNavigator {
  connection?: { saveData?: boolean };
}

/** Whether the browser asks pages to save data (the Save-Data setting). */
export function savesData(): boolean {
  return (navigator as SaveDataNavigator).connection?.saveData === true;
}

/** Calls `fn` once the browser is idle (at the latest after `timeoutMs`); returns what cancels it. */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  // jsdom and older Safari have neither; a test may stub one of them.
  if (typeof window.requestIdleCallback === 'function' && typeof window.cancelIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const timer = window.setTimeout(fn, 200);
  return () => window.clearTimeout(timer);
}

/** Runs `load` (a page's dynamic imports) once the browser is idle after this page drew, while `enabled`. A failed
 * load is left to the page that needs the code: it fetches it again, with its own error state. */
export function useIdlePrefetch(load: () => Promise<unknown>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || savesData()) return undefined;
    return whenIdle(() => {
      load().catch(() => undefined);
    });
  }, [load, enabled]);
}
