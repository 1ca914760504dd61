// The formula grammar, parsed by recursive descent into a small tree (never eval: the hosted page's CSP
// forbids it, and a formula is untrusted text). Lowest precedence first:
//
//   formula    := or
//   or         := and ("or" and)*
//   and        := not ("and" not)*
//   not        := "not" not | comparison
//   comparison := sum (("=" | "!=" | "<" | "<=" | ">" | ">=") sum)?     one comparison, no chains
//   sum        := product (("+" | "-") product)*
//   product    := unary (("*" | "/") unary)*
//   unary      := "-" unary | primary
//   primary    := number | string | name | function "(" arguments ")" | "(" formula ")"
//
// Functions: if(c, a, b), round(x) or round(x, digits), min/max/sum (one or more), count(key) and
// score(key), whose argument is a field key. A name followed by "(" is a function call; any other
// name is a key. Nesting is bounded (MAX_DEPTH) so a hostile definition cannot exhaust the stack.
import { FormulaError, type Token, tokenize } from './tokenize.ts';

/** A node of the formula tree. */
export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'key'; name: string; at: number }
  | { kind: 'unary'; op: '-' | 'not'; arg: FormulaNode }
  | { kind: 'binary'; op: string; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; fn: FunctionName; args: FormulaNode[]; at: number };

/** The functions the language has; no other name can be called. */
export const functionNames = ['if', 'round', 'min', 'max', 'sum', 'count', 'score'] as const;
/** One of the functions. */
export type FunctionName = (typeof functionNames)[number];

/** How deeply parentheses, calls and operators may nest. */
export const MAX_DEPTH = 40;

const arity: Record<FunctionName, [number, number]> = {
  if: [3, 3],
  round: [1, 2],
  min: [1, Infinity],
  max: [1, Infinity],
  sum: [1, Infinity],
  count: [1, 1],
  score: [1, 1],
};
const comparisons = new Set(['=', '!=', '<', '<=', '>', '>=']);

/** A key a formula names: directly, or as the argument of count/score (`in`). */
export interface KeyUse {
  name: string;
  at: number;
  in?: 'count' | 'score';
}

/** Parses a formula; throws FormulaError with the character where it went wrong. */
export function parseFormula(text: string): FormulaNode {
  return new Parser(tokenize(text)).formula();
}

/** Every key a formula names, in order, with how it is used. */
export function formulaKeys(node: FormulaNode, out: KeyUse[] = []): KeyUse[] {
  switch (node.kind) {
    case 'key':
      out.push({ name: node.name, at: node.at });
      break;
    case 'unary':
      formulaKeys(node.arg, out);
      break;
    case 'binary':
      formulaKeys(node.left, out);
      formulaKeys(node.right, out);
      break;
    case 'call':
      if (node.fn === 'count' || node.fn === 'score') {
        const arg = node.args[0] as { name: string; at: number };
        out.push({ name: arg.name, at: arg.at, in: node.fn });
      } else for (const a of node.args) formulaKeys(a, out);
      break;
  }
  return out;
}

function describe(t: Token): string {
  if (t.kind === 'end') return 'the end';
  if (t.kind === 'string') return 'a text';
  return JSON.stringify(String(t.value));
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  formula(): FormulaNode {
    const node = this.or();
    const t = this.peek();
    if (t.kind !== 'end') throw this.unexpected(t, 'an operator or the end');
    return node;
  }

  private peek(): Token {
    return this.tokens[this.i];
  }
  private isOp(value: string): boolean {
    const t = this.peek();
    return t.kind === 'op' && t.value === value;
  }
  private unexpected(t: Token, wanted: string): FormulaError {
    return new FormulaError(`expected ${wanted} at character ${t.at}, found ${describe(t)}`);
  }
  private expect(value: string): void {
    if (!this.isOp(value)) throw this.unexpected(this.peek(), `"${value}"`);
    this.i++;
  }
  /** Runs one level of nesting, refusing past MAX_DEPTH. */
  private nested<T>(at: number, parse: () => T): T {
    if (++this.depth > MAX_DEPTH)
      throw new FormulaError(`nested more than ${MAX_DEPTH} levels deep at character ${at}`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private or(): FormulaNode {
    let left = this.and();
    while (this.isOp('or')) {
      this.i++;
      left = { kind: 'binary', op: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): FormulaNode {
    let left = this.not();
    while (this.isOp('and')) {
      this.i++;
      left = { kind: 'binary', op: 'and', left, right: this.not() };
    }
    return left;
  }

  private not(): FormulaNode {
    const t = this.peek();
    if (!this.isOp('not')) return this.comparison();
    this.i++;
    return this.nested(t.at, () => ({ kind: 'unary', op: 'not', arg: this.not() }));
  }

  private comparison(): FormulaNode {
    const left = this.sum();
    const t = this.peek();
    if (t.kind !== 'op' || !comparisons.has(t.value)) return left;
    this.i++;
    const node: FormulaNode = { kind: 'binary', op: t.value, left, right: this.sum() };
    const after = this.peek();
    if (after.kind === 'op' && comparisons.has(after.value))
      throw new FormulaError(
        `compare two values at a time (character ${after.at}); join comparisons with "and" or "or"`,
      );
    return node;
  }

  private sum(): FormulaNode {
    let left = this.product();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.i++] as { value: string }).value;
      left = { kind: 'binary', op, left, right: this.product() };
    }
    return left;
  }

  private product(): FormulaNode {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/')) {
      const op = (this.tokens[this.i++] as { value: string }).value;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): FormulaNode {
    const t = this.peek();
    if (!this.isOp('-')) return this.primary();
    this.i++;
    return this.nested(t.at, () => ({ kind: 'unary', op: '-', arg: this.unary() }));
  }

  private primary(): FormulaNode {
    const t = this.peek();
    if (t.kind === 'number' || t.kind === 'string') {
      this.i++;
      return { kind: t.kind, value: t.value } as FormulaNode;
    }
    if (t.kind === 'op' && t.value === '(') {
      this.i++;
      const inner = this.nested(t.at, () => this.or());
      this.expect(')');
      return inner;
    }
    if (t.kind !== 'name') throw this.unexpected(t, 'a number, a text, a key or "("');
    this.i++;
    if (!this.isOp('(')) return { kind: 'key', name: t.value, at: t.at };
    return this.nested(t.at, () => this.call(t.value, t.at));
  }

  private call(name: string, at: number): FormulaNode {
    if (!(functionNames as readonly string[]).includes(name))
      throw new FormulaError(`unknown function "${name}" at character ${at} (there are ${functionNames.join(', ')})`);
    const fn = name as FunctionName;
    this.expect('(');
    const args: FormulaNode[] = [];
    if (!this.isOp(')')) {
      for (;;) {
        const argStart = this.peek();
        if (fn === 'count' || fn === 'score') {
          if (argStart.kind !== 'name' || this.isNextOp('('))
            throw new FormulaError(`${fn}() takes a field key, at character ${argStart.at}`);
          this.i++;
          args.push({ kind: 'key', name: argStart.value, at: argStart.at });
        } else args.push(this.or());
        if (!this.isOp(',')) break;
        this.i++;
      }
    }
    this.expect(')');
    const [least, most] = arity[fn];
    if (args.length < least || args.length > most) {
      const wanted = least === most ? `${least}` : most === Infinity ? `at least ${least}` : `${least} or ${most}`;
      throw new FormulaError(
        `${fn}() takes ${wanted} argument${wanted === '1' ? '' : 's'}, not ${args.length} (character ${at})`,
      );
    }
    return { kind: 'call', fn, args, at };
  }

  private isNextOp(value: string): boolean {
    const t = this.tokens[this.i + 1];
    return t?.kind === 'op' && t.value === value;
  }
}
