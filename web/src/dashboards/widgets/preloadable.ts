// A lazily loaded component that can be asked for ahead of its first render and, once its module is in, is drawn
// without suspending. React.lazy alone suspends every card on its first render, and React reveals suspended content
// in batches (it holds a boundary's fallback while other updates keep coming), so a dashboard of 30 cards showed
// some of them seconds after their modules had arrived (docs/dashboards-console.md, B6). The presentation preloads
// the modules of the types a document uses as soon as it has the document, and draws each card with the module
// itself (`resolved`), falling back on the lazy component only for a module not yet in.
import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the module (once); resolves with its component. */
  preload: () => Promise<ComponentType<P>>;
  /** The component once its module is in, else null. */
  readonly resolved: ComponentType<P> | null;
};

export function preloadable<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let promise: Promise<ComponentType<P>> | null = null;
  let resolved: ComponentType<P> | null = null;
  const load = () => {
    promise ??= factory().then(
      (module) => {
        resolved = module.default;
        return module.default;
      },
      (error: unknown) => {
        // A failed load (a network error) may be asked again.
        promise = null;
        throw error;
      },
    );
    return promise;
  };
  const component = lazy(async () => ({ default: await load() }));
  return Object.defineProperties(component, {
    preload: { value: load },
    resolved: { get: () => resolved },
  }) as PreloadableComponent<P>;
}

/** What loading needs of a preloadable component, whatever its props. */
interface Preloading {
  readonly resolved: unknown;
  preload: () => Promise<unknown>;
}

/** Whether to draw the component now: true once its module is in (`resolved` then draws without suspending), false
 * while it loads (the caller shows its loading state), and true again after a failed load, so that drawing the lazy
 * component retries the load and a second failure reaches the caller's error boundary. */
export function useModuleReady(component: Preloading): boolean {
  const [failed, setFailed] = useState(false);
  const [, setLoaded] = useState(0);
  const resolved = component.resolved !== null;
  useEffect(() => {
    if (resolved) return undefined;
    let live = true;
    component.preload().then(
      () => {
        if (live) setLoaded((n) => n + 1);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [component, resolved]);
  return resolved || failed;
}

/** Starts loading the modules of `components` (a document's widget types), each once. */
export function preloadAll(components: Iterable<Preloading>): void {
  for (const component of components)
    if (!component.resolved) void component.preload().catch(() => undefined);
}
