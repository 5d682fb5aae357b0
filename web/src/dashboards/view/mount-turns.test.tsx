import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useMountTurn } from './mount-turns';

function Card({ name, log }: { name: string; log: string[] }) {
  const turn = useMountTurn();
  if (turn) log.push(name);
  return <p>{turn ? `${name} drawn` : `${name} waiting`}</p>;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the cards' turns", () => {
  it('draws the cards in the order they asked, a batch per task, never all in the task that mounted them', async () => {
    const log: string[] = [];
    render(
      <>
        {['a', 'b', 'c', 'd', 'e'].map((name) => (
          <Card key={name} name={name} log={log} />
        ))}
      </>,
    );
    expect(screen.getAllByText(/waiting/)).toHaveLength(5);
    // The first task gives one card its turn (nothing is known yet of what a card costs).
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
    expect(screen.getByText('a drawn')).toBeInTheDocument();
    expect(screen.getAllByText(/waiting/)).toHaveLength(4);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.queryAllByText(/waiting/)).toHaveLength(0);
    expect([...new Set(log)]).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('passes over a card unmounted before its turn', async () => {
    const log: string[] = [];
    const view = render(
      <>
        <Card name="a" log={log} />
        <Card name="b" log={log} />
      </>,
    );
    view.rerender(<Card name="b" log={log} />);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getByText('b drawn')).toBeInTheDocument();
  });
});
