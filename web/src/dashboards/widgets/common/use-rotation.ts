// Turning through a list on a timer (the container's tabs, the toggle's dashboards): the index shown, moved on every
// `intervalS` seconds while `running`, and chosen by hand (which starts the wait again). 0 seconds: by hand only.
import { useEffect, useState } from 'react';

/** The index after `current` in a list of `count`, back to the first after the last. */
export function nextIndex(current: number, count: number): number {
  return count <= 0 ? 0 : (current + 1) % count;
}

export function useRotation(
  count: number,
  intervalS: number,
  running: boolean,
): [number, (index: number) => void] {
  const [state, setState] = useState({ index: 0, chosenAt: 0 });
  const index = count > 0 ? Math.min(state.index, count - 1) : 0;
  useEffect(() => {
    if (!running || intervalS <= 0 || count <= 1) return undefined;
    const timer = setInterval(() => {
      setState((s) => ({ ...s, index: nextIndex(Math.min(s.index, count - 1), count) }));
    }, intervalS * 1000);
    return () => {
      clearInterval(timer);
    };
    // A choice by hand (chosenAt) starts the wait again.
  }, [running, intervalS, count, state.chosenAt]);
  const choose = (next: number) => {
    setState((s) => ({ index: next, chosenAt: s.chosenAt + 1 }));
  };
  return [index, choose];
}
