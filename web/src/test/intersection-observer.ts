// Test helper: an IntersectionObserver the test drives (install it with vi.stubGlobal('IntersectionObserver', …)).
/** An IntersectionObserver the test drives: `show(element, true)` scrolls it in, false away. */
export class FakeObserver {
  static all: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  static show(element: Element, isIntersecting: boolean) {
    for (const observer of FakeObserver.all)
      if (observer.observed.has(element))
        observer.callback(
          [{ target: element, isIntersecting } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
  }
}
