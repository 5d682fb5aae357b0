// Test helper: a controllable IntersectionObserver (jsdom has none). `install()` puts it on window; `showAll()` tells
// every observer that each node it watches came into view; `restore()` takes it away again.
import { act } from '@testing-library/react';

type Callback = (entries: IntersectionObserverEntry[], observer: IntersectionObserver) => void;

export function fakeIntersection() {
  const observers = new Set<FakeObserver>();

  class FakeObserver {
    readonly nodes = new Set<Element>();
    constructor(readonly callback: Callback) {
      observers.add(this);
    }
    observe(node: Element): void {
      this.nodes.add(node);
    }
    unobserve(node: Element): void {
      this.nodes.delete(node);
    }
    disconnect(): void {
      this.nodes.clear();
      observers.delete(this);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }

  return {
    install(): void {
      Object.defineProperty(window, 'IntersectionObserver', {
        configurable: true,
        writable: true,
        value: FakeObserver,
      });
    },
    restore(): void {
      Reflect.deleteProperty(window, 'IntersectionObserver');
      observers.clear();
    },
    /** How many nodes are watched now. */
    watched(): number {
      return [...observers].reduce((n, o) => n + o.nodes.size, 0);
    },
    showAll(): void {
      act(() => {
        for (const observer of [...observers]) {
          const entries = [...observer.nodes].map(
            (target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry,
          );
          if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
        }
      });
    },
  };
}
