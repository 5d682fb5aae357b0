import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useOnScreen } from './use-on-screen';

/** An IntersectionObserver the test drives with a share of the element on screen. */
class RatioObserver {
  static all: RatioObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    RatioObserver.all.push(this);
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
  static show(element: Element, intersectionRatio: number) {
    for (const observer of RatioObserver.all)
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

function Probe({ watching }: { watching: boolean }) {
  const [ref, seen] = useOnScreen<HTMLDivElement>(0.1, watching);
  return (
    <div ref={ref} data-testid="probe">
      {seen ? 'seen' : 'not yet'}
    </div>
  );
}

afterEach(() => {
  RatioObserver.all = [];
});

describe('useOnScreen', () => {
  it('is on screen at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe watching />);
    expect(screen.getByTestId('probe')).toHaveTextContent('seen');
  });

  it('waits for its share of the element on screen, only while watching, and stays seen', () => {
    vi.stubGlobal('IntersectionObserver', RatioObserver);
    const { rerender } = render(<Probe watching={false} />);
    const probe = screen.getByTestId('probe');
    expect(RatioObserver.all).toHaveLength(0);
    rerender(<Probe watching />);
    act(() => {
      RatioObserver.show(probe, 0.05);
    });
    expect(probe).toHaveTextContent('not yet');
    act(() => {
      RatioObserver.show(probe, 0.2);
    });
    expect(probe).toHaveTextContent('seen');
    act(() => {
      RatioObserver.show(probe, 0);
    });
    expect(probe).toHaveTextContent('seen');
  });
});
