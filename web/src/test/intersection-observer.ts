// Test helper: an IntersectionObserver the test drives (install it with vi.stubGlobal('IntersectionObserver', …)).
/** An IntersectionObserver the test drives: `show(element, true)` scrolls it in, false away, a number shows that share of it. */
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
  /** `seen`: in or out of view, or the share of the element on screen (0–1). */
  static show(element: Element, seen: boolean | number) {
    const intersectionRatio = typeof seen === 'number' ? seen : seen ? 1 : 0;
    for (const observer of FakeObserver.all)
      if (observer.observed.has(element))
        observer.callback(
          [
            {
              target: element,
              isIntersecting: intersectionRatio > 0,
              intersectionRatio,
            } as IntersectionObserverEntry,
          ],
          observer as unknown as IntersectionObserver,
        );
  }
}
