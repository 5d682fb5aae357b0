import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FakeObserver } from '../test/intersection-observer';
import { useOnScreen } from './use-on-screen';

function Probe({ watching }: { watching: boolean }) {
  const [ref, seen] = useOnScreen<HTMLDivElement>(0.1, watching);
  return (
    <div ref={ref} data-testid="probe">
      {seen ? 'seen' : 'not yet'}
    </div>
  );
}

afterEach(() => {
  FakeObserver.all = [];
});

describe('useOnScreen', () => {
  it('is on screen at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe watching />);
    expect(screen.getByTestId('probe')).toHaveTextContent('seen');
  });

  it('waits for its share of the element on screen, only while watching, and stays seen', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender } = render(<Probe watching={false} />);
    const probe = screen.getByTestId('probe');
    expect(FakeObserver.all).toHaveLength(0);
    rerender(<Probe watching />);
    act(() => {
      FakeObserver.show(probe, 0.05);
    });
    expect(probe).toHaveTextContent('not yet');
    act(() => {
      FakeObserver.show(probe, 0.2);
    });
    expect(probe).toHaveTextContent('seen');
    act(() => {
      FakeObserver.show(probe, 0);
    });
    expect(probe).toHaveTextContent('seen');
  });
});
