import { describe, expect, it } from 'vitest';

import { ANIMATION_EXPRESSION_DEPTH_MAX, ANIMATION_EXPRESSION_MAX } from '@/types/limits.gen';
import { compileExpression, expressionProblem, parseExpression } from './expression';

const inputs: Record<string, number | null> = { a: 3, b: 4, c: 0, speed: 1450, none: null };
const lookup = (name: string) => (Object.hasOwn(inputs, name) ? (inputs[name] ?? null) : null);
const run = (source: string) => compileExpression(source)(lookup);
const codeOf = (source: string, names: string[] = Object.keys(inputs)) =>
  expressionProblem(source, names)?.code;

describe('animation expressions', () => {
  it('follows the usual precedence', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('2 * 6 / 3 % 3')).toBe(1);
    expect(run('-a * 2')).toBe(-6);
    expect(run('- -a')).toBe(3);
    expect(run('+a')).toBe(3);
    expect(run('a + b > 6')).toBe(1);
    expect(run('a < b and b < 3 or c == 0')).toBe(1);
    expect(run('not c and a')).toBe(1);
    expect(run('not a > 5')).toBe(1);
    expect(run('a or c and c')).toBe(1);
    expect(run('1.5e1 + .5')).toBe(15.5);
    expect(run('true + false')).toBe(1);
    expect(run('a != 3')).toBe(0);
  });

  it('has min, max, abs, clamp, round, floor, ceil and if', () => {
    expect(run('min(a, b, 2)')).toBe(2);
    expect(run('max(a, b)')).toBe(4);
    expect(run('abs(c - a)')).toBe(3);
    expect(run('clamp(speed / 10, 0, 100)')).toBe(100);
    expect(run('round(2.5) + floor(1.9) + ceil(0.1)')).toBe(5);
    expect(run('if(a > b, 1, speed)')).toBe(1450);
  });

  it('has no value when an input has none, or the result is not a finite number', () => {
    expect(run('a + none')).toBeNull();
    expect(run('a / c')).toBeNull();
    expect(run('c / c')).toBeNull();
    expect(run('unknown_name * 0')).toBeNull();
  });

  it('refuses syntax errors with the position', () => {
    expect(expressionProblem('a +', ['a'])).toEqual({ code: 115219, params: { position: 4 } });
    expect(codeOf('a < b < 3')).toBe(115219);
    expect(codeOf('(a')).toBe(115219);
    expect(codeOf('a)')).toBe(115219);
    expect(codeOf('')).toBe(115219);
    expect(codeOf('a b')).toBe(115219);
    expect(codeOf('"a"')).toBe(115219);
    expect(codeOf("'1' + 1")).toBe(115219);
    expect(codeOf('a.constructor')).toBe(115219);
    expect(codeOf('a["b"]')).toBe(115219);
    expect(codeOf('a = 1')).toBe(115219);
    expect(codeOf('a => a')).toBe(115219);
    expect(codeOf('`${a}`')).toBe(115219);
    expect(codeOf('clamp(a, 1)')).toBe(115219);
    expect(codeOf('abs()')).toBe(115219);
    expect(codeOf('and')).toBe(115219);
  });

  it('refuses calls of anything but its functions', () => {
    for (const source of [
      'eval(a)',
      'Function(a)',
      'alert(1)',
      'constructor(1)',
      'toString(a)',
      'hasOwnProperty(a)',
    ])
      expect(expressionProblem(source, ['a'])).toEqual({
        code: 115220,
        params: { name: source.split('(')[0] },
      });
  });

  it('reaches nothing but its inputs', () => {
    for (const name of ['constructor', '__proto__', 'this', 'window', 'globalThis', 'prototype', 'toString'])
      expect(expressionProblem(`${name} + a`, ['a'])).toEqual({ code: 115221, params: { name } });
    // Even compiled without the check, such a name reads only the lookup, which has none of them.
    const seen: string[] = [];
    const value = compileExpression('constructor + __proto__ + this')((name) => {
      seen.push(name);
      return 1;
    });
    expect(value).toBe(3);
    expect(seen.sort()).toEqual(['__proto__', 'constructor', 'this']);
  });

  it('refuses what is too long or too deeply nested', () => {
    const long = `a${' + a'.repeat(50)}`;
    expect(long.length).toBeGreaterThan(ANIMATION_EXPRESSION_MAX);
    expect(codeOf(long)).toBe(115222);
    expect(codeOf(`a${' + a'.repeat(32)}`)).toBeUndefined();
    const nested = (n: number) => `${'('.repeat(n)}a${')'.repeat(n)}`;
    expect(codeOf(nested(ANIMATION_EXPRESSION_DEPTH_MAX))).toBeUndefined();
    expect(codeOf(nested(ANIMATION_EXPRESSION_DEPTH_MAX + 1))).toBe(115222);
    expect(codeOf(`${'-'.repeat(ANIMATION_EXPRESSION_DEPTH_MAX + 1)}a`)).toBe(115222);
    expect(codeOf(`${'not '.repeat(ANIMATION_EXPRESSION_DEPTH_MAX + 1)}a`)).toBe(115222);
    expect(codeOf(`${'abs('.repeat(ANIMATION_EXPRESSION_DEPTH_MAX + 1)}a${')'.repeat(13)}`)).toBe(115222);
    // A huge input is refused by its length before any parsing: no stack overflow.
    expect(codeOf('('.repeat(100_000))).toBe(115222);
  });

  it('reports the names it reads', () => {
    expect([...parseExpression('max(a, b) > speed and not c').names].sort()).toEqual([
      'a',
      'b',
      'c',
      'speed',
    ]);
  });
});
