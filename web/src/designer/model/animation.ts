// Animation by value (docs/designer-animation.md): what an element's animations are in memory (every field present),
// on the wire, and the look they give the element for the current values. The look is a few CSS properties on one
// wrapper (a transform, an opacity, a visibility, a clip-path) plus, for a spin, a CSS animation whose duration follows
// the value (as flow.ts does for a pipe's flow): nothing runs per frame in script, so 100 animated elements cost what
// 100 transforms cost. A value of 0 or none stops a spin (paused where it is) and leaves the other kinds at rest.
import type { CSSProperties } from 'react';

import type { Schema } from '@/types/schema';
import { compileExpression, type Evaluate, type Lookup } from './expression';

export type AnimationKind = 'spin' | 'rotate' | 'move' | 'scale' | 'fill' | 'visible' | 'opacity';
export type FillDirection = 'up' | 'down' | 'left' | 'right';

type Source = Required<Pick<Schema<'Spin'>, 'data_source_id' | 'expression' | 'inputs'>>;
interface Ranged {
  min: number;
  max: number;
}
export type SpinAnimation = Source & { type: 'spin'; speed: number };
export type RotateAnimation = Source & Ranged & { type: 'rotate'; from_angle: number; to_angle: number };
export type MoveAnimation = Source & Ranged & { type: 'move'; points: number[][] };
export type ScaleAnimation = Source & Ranged & { type: 'scale'; from_scale: number; to_scale: number };
export type FillAnimation = Source & Ranged & { type: 'fill'; direction: FillDirection };
export type VisibleAnimation = Source & { type: 'visible'; invert: boolean };
export type OpacityAnimation = Source &
  Ranged & { type: 'opacity'; from_opacity: number; to_opacity: number };
export type DesignAnimation =
  | SpinAnimation
  | RotateAnimation
  | MoveAnimation
  | ScaleAnimation
  | FillAnimation
  | VisibleAnimation
  | OpacityAnimation;

type WireElement = Schema<'Element'>;
export type WireAnimation = NonNullable<WireElement['animations']>[number];
/** An animation as a client may send it: only its type is required. */
export type LooseAnimation = { type: AnimationKind } & Partial<Record<string, unknown>>;

const SOURCE: Source = { data_source_id: null, expression: null, inputs: {} };
const RANGE: Ranged = { min: 0, max: 100 };

/** Each kind with its defaults (the server's, templates/screens/document.py). */
export const ANIMATION_DEFAULTS: { readonly [K in AnimationKind]: Extract<DesignAnimation, { type: K }> } = {
  spin: { ...SOURCE, type: 'spin', speed: 1 },
  rotate: { ...SOURCE, ...RANGE, type: 'rotate', from_angle: 0, to_angle: 360 },
  move: {
    ...SOURCE,
    ...RANGE,
    type: 'move',
    points: [
      [0, 0],
      [100, 0],
    ],
  },
  scale: { ...SOURCE, ...RANGE, type: 'scale', from_scale: 0, to_scale: 1 },
  fill: { ...SOURCE, ...RANGE, type: 'fill', direction: 'up' },
  visible: { ...SOURCE, type: 'visible', invert: false },
  opacity: { ...SOURCE, ...RANGE, type: 'opacity', from_opacity: 0, to_opacity: 1 },
};

function copyAnimation(a: DesignAnimation): DesignAnimation {
  const inputs = Object.fromEntries(
    Object.entries(a.inputs).map(([key, b]) => [key, { data_source_id: b.data_source_id }]),
  );
  return a.type === 'move' ? { ...a, inputs, points: a.points.map((p) => [...p]) } : { ...a, inputs };
}

/** A new animation of `kind`, reading `dataSourceId` (or nothing yet). */
export function newAnimation(kind: AnimationKind, dataSourceId: number | null = null): DesignAnimation {
  return { ...copyAnimation(ANIMATION_DEFAULTS[kind]), data_source_id: dataSourceId };
}

/** Every field present: the kind's defaults under what `loose` says. */
export function normalizeAnimation(loose: LooseAnimation | WireAnimation): DesignAnimation {
  const defaults = ANIMATION_DEFAULTS[loose.type];
  const present: Record<string, unknown> = Object.fromEntries(
    Object.entries(loose).filter(([, v]) => v !== undefined && v !== null),
  );
  return copyAnimation({ ...defaults, ...present });
}

/** The animation as the server takes it: a copy sharing nothing. */
export function animationToWire(animation: DesignAnimation): WireAnimation {
  const wire: WireAnimation = copyAnimation(animation);
  return wire;
}

/** The data source ids an animation reads (itself or through its inputs). */
export function animationSourceIds(animation: DesignAnimation): number[] {
  const ids = Object.values(animation.inputs).map((b) => b.data_source_id);
  if (animation.data_source_id !== null) ids.push(animation.data_source_id);
  return ids;
}

// --- values ---------------------------------------------------------------------------------------------------------

/** A data source's current value as a number (null: none, or not a number), by id. */
export type ValueOf = (dataSourceId: number) => number | null;

// Expressions compiled once per text: 100 elements sharing an expression share its closure.
const compiled = new Map<string, Evaluate | null>();
const COMPILED_MAX = 2000;

function evaluatorOf(expression: string): Evaluate | null {
  let run = compiled.get(expression);
  if (run === undefined) {
    try {
      run = compileExpression(expression);
    } catch {
      run = null; // refused by the server on save; a hand-edited document's bad expression reads as no value
    }
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(expression, run);
  }
  return run;
}

/** The animation's driving value: its data source's, or its expression's over its inputs; null when none. */
export function animationValue(animation: DesignAnimation, valueOf: ValueOf): number | null {
  if (animation.expression !== null) {
    const run = evaluatorOf(animation.expression);
    if (!run) return null;
    const { inputs } = animation;
    const lookup: Lookup = (name) => {
      const binding = Object.prototype.hasOwnProperty.call(inputs, name) ? inputs[name] : undefined;
      return binding ? valueOf(binding.data_source_id) : null;
    };
    return run(lookup);
  }
  return animation.data_source_id === null ? null : valueOf(animation.data_source_id);
}

/** Where `value` lies from min to max, clamped to 0…1. */
export function rangeFraction(value: number, min: number, max: number): number {
  if (!(max > min)) return 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

const lerp = (from: number, to: number, t: number) => from + (to - from) * t;

/** The point `t` (0…1) of the way along a polyline, by length. */
export function pointAlong(points: readonly (readonly number[])[], t: number): [number, number] {
  const pts = points.map((p) => [p[0] ?? 0, p[1] ?? 0] as const);
  const first = pts[0] ?? ([0, 0] as const);
  if (pts.length < 2) return [first[0], first[1]];
  const lengths = pts.slice(1).map((p, i) => {
    const q = pts[i] ?? first;
    return Math.hypot(p[0] - q[0], p[1] - q[1]);
  });
  const total = lengths.reduce((a, b) => a + b, 0);
  if (total === 0) return [first[0], first[1]];
  let left = Math.min(1, Math.max(0, t)) * total;
  for (let i = 0; i < lengths.length; i += 1) {
    const length = lengths[i] ?? 0;
    const a = pts[i] ?? first;
    const b = pts[i + 1] ?? a;
    if (left <= length || i === lengths.length - 1) {
      const f = length === 0 ? 0 : Math.min(1, left / length);
      return [lerp(a[0], b[0], f), lerp(a[1], b[1], f)];
    }
    left -= length;
  }
  return [first[0], first[1]];
}

// --- the look -------------------------------------------------------------------------------------------------------

/** Seconds per turn of a spin: at most 10 turns a second, at least one turn in 10 minutes. */
const TURN_MIN_S = 0.1;
const TURN_MAX_S = 600;

export interface SpinLook {
  running: boolean;
  reverse: boolean;
  /** Seconds per turn (kept while paused, so a stopped spin holds its angle). */
  durationS: number;
}

export interface AnimationLook {
  /** translate / rotate / scale, in that order (move, then turn, then size); null: none. */
  transform: string | null;
  opacity: number | null;
  hidden: boolean;
  /** The clip-path of a fill level; null: whole. */
  clipPath: string | null;
  /** The continuous turn; null: the element has no spin. */
  spin: SpinLook | null;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function fillClip(direction: FillDirection, level: number): string {
  const empty = `${String(round3((1 - level) * 100))}%`;
  switch (direction) {
    case 'up':
      return `inset(${empty} 0 0 0)`;
    case 'down':
      return `inset(0 0 ${empty} 0)`;
    case 'right':
      return `inset(0 ${empty} 0 0)`;
    case 'left':
      return `inset(0 0 0 ${empty})`;
  }
}

/** The look of `animations` for the current values; later animations of a kind win over earlier ones. */
export function animationLook(animations: readonly DesignAnimation[], valueOf: ValueOf): AnimationLook {
  let translate: [number, number] | null = null;
  let angle: number | null = null;
  let scale: number | null = null;
  const look: AnimationLook = { transform: null, opacity: null, hidden: false, clipPath: null, spin: null };
  for (const animation of animations) {
    const value = animationValue(animation, valueOf);
    switch (animation.type) {
      case 'spin': {
        const turnsPerS = value === null ? 0 : (Math.abs(value) * animation.speed) / 60;
        const running = turnsPerS > 0;
        look.spin = {
          running,
          reverse: running && value !== null && value < 0,
          durationS: running ? round3(Math.min(TURN_MAX_S, Math.max(TURN_MIN_S, 1 / turnsPerS))) : 1,
        };
        break;
      }
      case 'visible':
        if (value !== null) look.hidden = animation.invert ? value !== 0 : value === 0;
        break;
      default: {
        if (value === null) break;
        const t = rangeFraction(value, animation.min, animation.max);
        if (animation.type === 'rotate') angle = lerp(animation.from_angle, animation.to_angle, t);
        else if (animation.type === 'move') translate = pointAlong(animation.points, t);
        else if (animation.type === 'scale') scale = lerp(animation.from_scale, animation.to_scale, t);
        else if (animation.type === 'opacity')
          look.opacity = round3(lerp(animation.from_opacity, animation.to_opacity, t));
        else look.clipPath = fillClip(animation.direction, t);
      }
    }
  }
  const parts: string[] = [];
  if (translate)
    parts.push(`translate(${String(round3(translate[0]))}px, ${String(round3(translate[1]))}px)`);
  if (angle !== null) parts.push(`rotate(${String(round3(angle))}deg)`);
  if (scale !== null) parts.push(`scale(${String(round3(scale))})`);
  look.transform = parts.length ? parts.join(' ') : null;
  return look;
}

/** The wrapper's style (everything but the spin). */
export function animationStyle(look: AnimationLook): CSSProperties {
  const style: CSSProperties = {};
  if (look.transform) style.transform = look.transform;
  if (look.opacity !== null) style.opacity = look.opacity;
  if (look.hidden) style.visibility = 'hidden';
  if (look.clipPath) style.clipPath = look.clipPath;
  return style;
}

/** The spinning layer's class and style (animations.css): a paused spin keeps its angle. */
export function spinClass(spin: SpinLook): string {
  return `iot-anim-spin${spin.running ? '' : ' iot-anim-spin--paused'}${spin.reverse ? ' iot-anim-spin--reverse' : ''}`;
}

export function spinStyle(spin: SpinLook): CSSProperties {
  return { animationDuration: `${String(spin.durationS)}s` };
}
