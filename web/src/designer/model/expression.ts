// The animation expression language (docs/designer-animation.md): numbers, the names of an animation's inputs,
// + - * / %, comparisons, and / or / not, the functions of ANIMATION_FUNCTIONS and parentheses; nothing else. A
// hand-written tokenizer and recursive-descent parser build a small tree, compiled once into a closure over plain
// numbers: no property access, no strings, no eval or Function. The server parses with the same grammar and limits
// (iotyun/templates/screens/expression.py), so what it accepts this evaluates, in the editor's preview, the runtime
// and share links alike.
//
// Grammar, loosest first:
//   expr := or;  or := and ("or" and)*;  and := not ("and" not)*;  not := "not" not | compare
//   compare := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)?        (no chains: a < b < c is refused)
//   sum := product (("+" | "-") product)*;  product := unary (("*" | "/" | "%") unary)*
//   unary := ("-" | "+") unary | primary
//   primary := number | "true" | "false" | name | function "(" expr ("," expr)* ")" | "(" expr ")"
// Depth counts the open parentheses, calls and unary operators around a part.
import { ANIMATION_EXPRESSION_DEPTH_MAX, ANIMATION_EXPRESSION_MAX } from '@/types/limits.gen';

/** What is wrong with an expression: the server's code for it, and its text values (position is 1-based). */
export interface ExpressionProblem {
  code: 115219 | 115220 | 115221 | 115222;
  params: Record<string, string | number>;
}

export class ExpressionError extends Error {
  constructor(readonly problem: ExpressionProblem) {
    super(String(problem.code));
  }
}

/** An input's value: a number, or null when it has none (or none that is a number). */
export type Lookup = (name: string) => number | null;
/** The compiled expression: its value, or null when an input has none or the result is not a finite number. */
export type Evaluate = (lookup: Lookup) => number | null;

type Node =
  | { kind: 'number'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'unary'; op: '+' | '-' | 'not'; arg: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'call'; fn: FunctionName; args: Node[] };

type FunctionName = 'min' | 'max' | 'abs' | 'clamp' | 'round' | 'floor' | 'ceil' | 'if';

/** How many arguments each function takes: [least, most]. */
const ARITY: Readonly<Record<FunctionName, readonly [number, number]>> = {
  min: [1, Infinity],
  max: [1, Infinity],
  abs: [1, 1],
  clamp: [3, 3],
  round: [1, 1],
  floor: [1, 1],
  ceil: [1, 1],
  if: [3, 3],
};

const isFunction = (name: string): name is FunctionName => Object.prototype.hasOwnProperty.call(ARITY, name);

interface Token {
  kind: 'number' | 'name' | 'op' | 'end';
  text: string;
  /** 0-based offset. */
  at: number;
}

const TOKEN =
  /(?:(?<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(?<name>[A-Za-z_][A-Za-z0-9_]*)|(?<op><=|>=|==|!=|[-+*/%<>(),]))/y;
const SPACE = ' \t\r\n';
const COMPARE = new Set(['<', '<=', '>', '>=', '==', '!=']);

const syntax = (at: number) => new ExpressionError({ code: 115219, params: { position: at + 1 } });
const tooComplex = () =>
  new ExpressionError({
    code: 115222,
    params: { length: ANIMATION_EXPRESSION_MAX, depth: ANIMATION_EXPRESSION_DEPTH_MAX },
  });

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  for (;;) {
    while (at < source.length && SPACE.includes(source.charAt(at))) at += 1;
    if (at >= source.length) {
      tokens.push({ kind: 'end', text: '', at });
      return tokens;
    }
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(source);
    const groups = match?.groups;
    if (!match || !groups) throw syntax(at);
    const kind = groups.number !== undefined ? 'number' : groups.name !== undefined ? 'name' : 'op';
    tokens.push({ kind, text: match[0], at });
    at += match[0].length;
  }
}

class Parser {
  private readonly tokens: Token[];
  private i = 0;
  readonly names = new Set<string>();

  private readonly end: Token;

  constructor(source: string) {
    this.tokens = tokenize(source);
    this.end = this.tokens[this.tokens.length - 1] ?? { kind: 'end', text: '', at: source.length };
  }

  peek(): Token {
    // The last token is always 'end' and is never taken past.
    return this.tokens[this.i] ?? this.end;
  }

  private take(): Token {
    const token = this.peek();
    this.i += 1;
    return token;
  }

  private accept(kind: Token['kind'], text: string): boolean {
    const token = this.peek();
    if (token.kind === kind && token.text === text) {
      this.i += 1;
      return true;
    }
    return false;
  }

  private isOp(...texts: string[]): boolean {
    const token = this.peek();
    return token.kind === 'op' && texts.includes(token.text);
  }

  expr(depth: number): Node {
    if (depth > ANIMATION_EXPRESSION_DEPTH_MAX) throw tooComplex();
    let left = this.and(depth);
    while (this.accept('name', 'or')) left = { kind: 'binary', op: 'or', left, right: this.and(depth) };
    return left;
  }

  private and(depth: number): Node {
    let left = this.not(depth);
    while (this.accept('name', 'and')) left = { kind: 'binary', op: 'and', left, right: this.not(depth) };
    return left;
  }

  private not(depth: number): Node {
    if (this.accept('name', 'not')) {
      if (depth + 1 > ANIMATION_EXPRESSION_DEPTH_MAX) throw tooComplex();
      return { kind: 'unary', op: 'not', arg: this.not(depth + 1) };
    }
    return this.compare(depth);
  }

  private compare(depth: number): Node {
    const left = this.sum(depth);
    const token = this.peek();
    if (token.kind === 'op' && COMPARE.has(token.text)) {
      this.take();
      return { kind: 'binary', op: token.text, left, right: this.sum(depth) };
    }
    return left;
  }

  private sum(depth: number): Node {
    let left = this.product(depth);
    while (this.isOp('+', '-')) {
      const op = this.take().text;
      left = { kind: 'binary', op, left, right: this.product(depth) };
    }
    return left;
  }

  private product(depth: number): Node {
    let left = this.unary(depth);
    while (this.isOp('*', '/', '%')) {
      const op = this.take().text;
      left = { kind: 'binary', op, left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): Node {
    if (this.isOp('-', '+')) {
      const op = this.take().text as '-' | '+';
      if (depth + 1 > ANIMATION_EXPRESSION_DEPTH_MAX) throw tooComplex();
      return { kind: 'unary', op, arg: this.unary(depth + 1) };
    }
    return this.primary(depth);
  }

  private primary(depth: number): Node {
    const token = this.take();
    if (token.kind === 'number') return { kind: 'number', value: Number(token.text) };
    if (token.kind === 'op' && token.text === '(') {
      const inner = this.expr(depth + 1);
      if (!this.accept('op', ')')) throw syntax(this.peek().at);
      return inner;
    }
    if (token.kind !== 'name' || token.text === 'and' || token.text === 'or' || token.text === 'not')
      throw syntax(token.at);
    if (token.text === 'true') return { kind: 'number', value: 1 };
    if (token.text === 'false') return { kind: 'number', value: 0 };
    if (this.isOp('(')) return this.call(token, depth);
    this.names.add(token.text);
    return { kind: 'name', name: token.text };
  }

  private call(token: Token, depth: number): Node {
    const fn = token.text;
    if (!isFunction(fn)) throw new ExpressionError({ code: 115220, params: { name: fn } });
    this.take(); // (
    const args: Node[] = [];
    do args.push(this.expr(depth + 1));
    while (this.accept('op', ','));
    if (!this.accept('op', ')')) throw syntax(this.peek().at);
    const [least, most] = ARITY[fn];
    if (args.length < least || args.length > most) throw syntax(token.at);
    return { kind: 'call', fn, args };
  }
}

/** The tree of `source` and the input names it reads; throws ExpressionError when it is not of the language. */
export function parseExpression(source: string): { tree: Node; names: ReadonlySet<string> } {
  if (source.length > ANIMATION_EXPRESSION_MAX) throw tooComplex();
  const parser = new Parser(source);
  const tree = parser.expr(0);
  const end = parser.peek();
  if (end.kind !== 'end') throw syntax(end.at);
  return { tree, names: parser.names };
}

/** What the server would refuse `source` for, given the animation's input names; null when it is fine. */
export function expressionProblem(source: string, inputs: Iterable<string>): ExpressionProblem | null {
  try {
    const known = new Set(inputs);
    const { names } = parseExpression(source);
    const unknown = [...names].sort().find((name) => !known.has(name));
    return unknown === undefined ? null : { code: 115221, params: { name: unknown } };
  } catch (e) {
    if (e instanceof ExpressionError) return e.problem;
    throw e;
  }
}

const truth = (value: number): number => (value !== 0 ? 1 : 0);

function binary(op: string, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '==':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
    case 'and':
      return truth(a) && truth(b);
    default: // or
      return truth(a) || truth(b);
  }
}

function call(fn: FunctionName, args: number[]): number {
  const [a = NaN, b = NaN, c = NaN] = args;
  switch (fn) {
    case 'min':
      return Math.min(...args);
    case 'max':
      return Math.max(...args);
    case 'abs':
      return Math.abs(a);
    case 'clamp':
      return Math.min(Math.max(a, b), c);
    case 'round':
      return Math.round(a);
    case 'floor':
      return Math.floor(a);
    case 'ceil':
      return Math.ceil(a);
    case 'if':
      return a !== 0 ? b : c;
  }
}

type Values = ReadonlyMap<string, number>;

function compileNode(node: Node): (values: Values) => number {
  switch (node.kind) {
    case 'number': {
      const { value } = node;
      return () => value;
    }
    case 'name': {
      const { name } = node;
      return (values) => values.get(name) ?? NaN;
    }
    case 'unary': {
      const arg = compileNode(node.arg);
      if (node.op === 'not') return (values) => (arg(values) !== 0 ? 0 : 1);
      if (node.op === '-') return (values) => -arg(values);
      return arg;
    }
    case 'binary': {
      const left = compileNode(node.left);
      const right = compileNode(node.right);
      const { op } = node;
      return (values) => binary(op, left(values), right(values));
    }
    case 'call': {
      const args = node.args.map(compileNode);
      const { fn } = node;
      return (values) =>
        call(
          fn,
          args.map((arg) => arg(values)),
        );
    }
  }
}

/** `source` compiled once (throws ExpressionError as parseExpression does); each run reads only `lookup`, once per
 * name it uses, and an input without a value makes the whole expression without one. */
export function compileExpression(source: string): Evaluate {
  const { tree, names } = parseExpression(source);
  const run = compileNode(tree);
  const used = [...names];
  return (lookup) => {
    const values = new Map<string, number>();
    for (const name of used) {
      const value = lookup(name);
      if (value === null) return null;
      values.set(name, value);
    }
    const result = run(values);
    return Number.isFinite(result) ? result : null;
  };
}
