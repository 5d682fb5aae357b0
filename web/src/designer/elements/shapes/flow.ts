// The animated flow of a pipe or polyline: dashes moving along the line (flow-ticker.ts steps their offset), whose
// direction follows the sign of the bound value and whose speed its magnitude; 0 (or no value) stops it. `speed` is
// the dashes' pixels per second at a value of 1.
import type { CSSProperties } from 'react';

import { stateValue } from '../states';

/** One dash and one gap, in pixels: the animation moves the dashes by this much per loop. */
export const FLOW_DASH = 12;
export const FLOW_PERIOD = FLOW_DASH * 2;
const DURATION_MIN_S = 0.05;
const DURATION_MAX_S = 600;

export type FlowDirection = 'forward' | 'reverse' | 'stopped';

export interface Flow {
  direction: FlowDirection;
  /** Seconds per dash period; 0 when stopped. */
  durationS: number;
}

export function flowOf(raw: number | string | null | undefined, speed: number): Flow {
  const value = stateValue(raw);
  if (value === null || value === 0 || speed <= 0) return { direction: 'stopped', durationS: 0 };
  const seconds = FLOW_PERIOD / (Math.abs(value) * speed);
  return {
    direction: value > 0 ? 'forward' : 'reverse',
    durationS: Math.min(DURATION_MAX_S, Math.max(DURATION_MIN_S, seconds)),
  };
}

export function flowClass(flow: Flow): string {
  return `iot-flow iot-flow--${flow.direction}`;
}

/** The period's duration on the element (`--iot-flow-duration`), where an inspector and the tests read the speed. */
export function flowStyle(flow: Flow): CSSProperties | undefined {
  return flow.direction === 'stopped'
    ? undefined
    : ({ '--iot-flow-duration': `${flow.durationS.toFixed(3)}s` } as CSSProperties);
}
