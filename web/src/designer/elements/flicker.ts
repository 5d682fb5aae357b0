// Flicker (SPEC §3, §4, §5, §9): type none / background / text, one period in seconds within 0.01–1000, default
// none at 0.5 s; an input cleared becomes 0.01, and "none" shows `--` with the input disabled. The blinking is CSS
// (flicker.css): one keyframes animation whose period is `--iot-flicker-period`; no JavaScript timer per element.
// Every flickering element blinks in one phase: its animation is delayed by minus the time since one epoch (the
// document timeline's origin, where CSS animations count from) modulo its period, taken when its blinking starts.
import { useMemo, type CSSProperties } from 'react';

import { FLICKER_FREQUENCY_DEFAULT, FLICKER_FREQUENCY_MAX, FLICKER_FREQUENCY_MIN } from '@/types/limits.gen';

import type { Flicker } from '../model/types';
import './flicker.css';

export const FLICKER_DEFAULT: Flicker = { flickerType: 'none', flickerFrequency: FLICKER_FREQUENCY_DEFAULT };
/** The alarm-icon overlay's loop (SPEC §9: alarm animation 1 s). */
export const ALARM_PERIOD_S = 1;

/** The frequency to store for what the input holds: cleared → the minimum, else clamped into the range. */
export function flickerFrequency(raw: number | null): number {
  if (raw === null || !Number.isFinite(raw)) return FLICKER_FREQUENCY_MIN;
  return Math.min(FLICKER_FREQUENCY_MAX, Math.max(FLICKER_FREQUENCY_MIN, raw));
}

/** What the frequency input shows: `--` for type none. */
export function flickerFrequencyText(flicker: Flicker): string {
  return flicker.flickerType === 'none' ? '--' : String(flicker.flickerFrequency);
}

export function flickerClass(flicker: Flicker): string {
  return flicker.flickerType === 'none' ? '' : `iot-flicker iot-flicker--${flicker.flickerType}`;
}

/** The animation delay that puts a blink started at `nowMs` (document timeline) in the shared phase. */
export function flickerDelayMs(periodS: number, nowMs: number): number {
  return -(Math.round(nowMs) % Math.round(periodS * 1000));
}

export type FlickerVars = Partial<Record<'--iot-flicker-period' | '--iot-flicker-delay', string>>;

export function flickerVars(flicker: Flicker, nowMs: number): FlickerVars {
  if (flicker.flickerType === 'none') return {};
  const period = flickerFrequency(flicker.flickerFrequency);
  return {
    '--iot-flicker-period': `${String(period)}s`,
    '--iot-flicker-delay': `${String(flickerDelayMs(period, nowMs))}ms`,
  };
}

function timelineNow(): number {
  // A browser (or jsdom) without the Web Animations timeline: performance.now() counts from the same origin.
  const time = 'timeline' in document ? document.timeline.currentTime : null;
  return typeof time === 'number' ? time : performance.now();
}

const NO_FLICKER = { className: '', style: {} };

/** The class and custom properties of an element's flicker; the phase is taken when the type or period changes
 * (not on every render: a new delay on a running animation would move its phase). */
export function useFlicker(flicker: Flicker): { className: string; style: CSSProperties } {
  const { flickerType, flickerFrequency: period } = flicker;
  return useMemo(() => {
    const current = { flickerType, flickerFrequency: period };
    if (flickerType === 'none') return NO_FLICKER;
    return { className: flickerClass(current), style: flickerVars(current, timelineNow()) };
  }, [flickerType, period]);
}

/** The alarm-icon overlay's phase: every icon on a screen pulses together on the 1 s loop. */
export function useAlarmPhase(active: boolean): CSSProperties | undefined {
  return useMemo(
    () =>
      active
        ? ({
            '--iot-flicker-delay': `${String(flickerDelayMs(ALARM_PERIOD_S, timelineNow()))}ms`,
          } as CSSProperties)
        : undefined,
    [active],
  );
}
