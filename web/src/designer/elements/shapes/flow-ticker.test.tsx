import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FLOW_PERIOD, flowOf, type Flow } from './flow';
import { FLOW_TICK_HZ, flowingCount, flowOffset, useFlowTicker } from './flow-ticker';

function Line({ flow }: { flow: Flow }) {
  const ref = useRef<SVGPolylineElement>(null);
  useFlowTicker(ref, flow);
  return (
    <svg>
      <polyline ref={ref} data-testid="line" points="0,0 10,0" />
    </svg>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the flow ticker', () => {
  it("moves the dashes one period per the flow's duration, backwards in reverse", () => {
    const forward: Flow = { direction: 'forward', durationS: 2 };
    expect(flowOffset(forward, 0)).toBeCloseTo(0);
    expect(flowOffset(forward, 1)).toBeCloseTo(-FLOW_PERIOD / 2);
    expect(flowOffset(forward, 2.5)).toBeCloseTo(-FLOW_PERIOD / 4);
    const reverse: Flow = { direction: 'reverse', durationS: 2 };
    expect(flowOffset(reverse, 0.5)).toBeCloseTo(-FLOW_PERIOD * 0.75);
    expect(flowOffset(reverse, 1.5)).toBeCloseTo(-FLOW_PERIOD * 0.25);
    expect(flowOffset({ direction: 'stopped', durationS: 0 }, 5)).toBe(0);
  });

  it('steps every flowing line by one shared timer, and stops when none flows', () => {
    const view = render(
      <>
        <Line flow={flowOf(2, 20)} />
        <Line flow={flowOf(-1, 20)} />
        <Line flow={flowOf(0, 20)} />
      </>,
    );
    // The stopped line does not take part.
    expect(flowingCount()).toBe(2);
    const [fast, slow, still] = view.getAllByTestId('line');
    const first = fast?.style.strokeDashoffset;
    act(() => {
      vi.advanceTimersByTime(1000 / FLOW_TICK_HZ);
    });
    expect(fast?.style.strokeDashoffset).not.toBe(first);
    expect(slow?.style.strokeDashoffset).not.toBe('');
    expect(still?.style.strokeDashoffset).toBe('');
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(flowingCount()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
