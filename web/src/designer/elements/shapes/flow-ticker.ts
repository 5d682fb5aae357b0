// The flow's dashes moved by one shared timer at FLOW_TICK_HZ instead of a CSS animation (B6). Chromium runs an
// animation of `stroke-dashoffset` on the main thread and makes a whole frame for it at the display's rate: a
// dashboard with five screens of two pipes each kept the main thread a third busy at 60 frames a second, two thirds
// of it for the pipes. Stepped 20 times a second, each step sets the offset of every flowing line at once, and the
// frames in between are not made. The offset follows the clock, so every line keeps its own speed and direction.
import { useEffect, type RefObject } from 'react';

import { FLOW_PERIOD, type Flow } from './flow';

export const FLOW_TICK_HZ = 20;

const flowing = new Map<SVGElement, Flow>();
let timer: ReturnType<typeof setInterval> | null = null;

/** The dash offset of `flow` at `seconds`: 0 → −FLOW_PERIOD over one period forward, the other way in reverse. */
export function flowOffset(flow: Flow, seconds: number): number {
  if (flow.direction === 'stopped' || flow.durationS <= 0) return 0;
  const phase = (seconds / flow.durationS) % 1;
  return (flow.direction === 'forward' ? -phase : phase - 1) * FLOW_PERIOD;
}

function tick(): void {
  const seconds = performance.now() / 1000;
  for (const [element, flow] of flowing)
    element.style.strokeDashoffset = flowOffset(flow, seconds).toFixed(1);
}

/** Moves the dashes of the line in `ref` while `flow` runs; a stopped flow leaves them still. */
export function useFlowTicker(ref: RefObject<SVGElement | null>, flow: Flow): void {
  const { direction, durationS } = flow;
  useEffect(() => {
    const element = ref.current;
    if (!element || direction === 'stopped') return undefined;
    flowing.set(element, { direction, durationS });
    element.style.strokeDashoffset = flowOffset({ direction, durationS }, performance.now() / 1000).toFixed(
      1,
    );
    timer ??= setInterval(tick, 1000 / FLOW_TICK_HZ);
    return () => {
      flowing.delete(element);
      element.style.strokeDashoffset = '';
      if (flowing.size === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
  }, [ref, direction, durationS]);
}

/** How many lines flow now (tests). */
export function flowingCount(): number {
  return flowing.size;
}
