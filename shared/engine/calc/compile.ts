// A parsed formula turned into plain closures once per definition (the plan caches them), so running a
// calculation is a few function calls with no parsing, no lookups by name and no eval.
import type { FormulaNode } from './parse.ts';
import { arithmetic, type CalcValue, compare, extreme, roundTo, sumOf, truthy } from './values.ts';

/** A compiled piece of a formula: reads what it needs from the context and gives a value. */
export type Reader<C> = (ctx: C) => CalcValue;

/** How the names of a formula read their values; the plan supplies it (fields, earlier calculations). */
export interface FormulaEnvironment<C> {
  /** A key read directly (a field's answer or an earlier calculation's result). */
  key(name: string): Reader<C>;
  /** count(key). */
  count(name: string): Reader<C>;
  /** score(key). */
  score(name: string): Reader<C>;
}

/** Compiles a formula tree against an environment. */
export function compileFormula<C>(node: FormulaNode, env: FormulaEnvironment<C>): Reader<C> {
  switch (node.kind) {
    case 'number':
    case 'string': {
      const value = node.value;
      return () => value;
    }
    case 'key':
      return env.key(node.name);
    case 'unary': {
      const arg = compileFormula(node.arg, env);
      return node.op === 'not' ? (ctx) => !truthy(arg(ctx)) : (ctx) => arithmetic('-', 0, arg(ctx));
    }
    case 'binary': {
      const left = compileFormula(node.left, env);
      const right = compileFormula(node.right, env);
      const op = node.op;
      if (op === 'and') return (ctx) => truthy(left(ctx)) && truthy(right(ctx));
      if (op === 'or') return (ctx) => truthy(left(ctx)) || truthy(right(ctx));
      if (op === '+' || op === '-' || op === '*' || op === '/') return (ctx) => arithmetic(op, left(ctx), right(ctx));
      return (ctx) => compare(op, left(ctx), right(ctx));
    }
    case 'call':
      return compileCall(node, env);
  }
}

function compileCall<C>(node: Extract<FormulaNode, { kind: 'call' }>, env: FormulaEnvironment<C>): Reader<C> {
  if (node.fn === 'count' || node.fn === 'score') {
    const name = (node.args[0] as { name: string }).name;
    return node.fn === 'count' ? env.count(name) : env.score(name);
  }
  const args = node.args.map((a) => compileFormula(a, env));
  switch (node.fn) {
    case 'if': {
      const [condition, then, otherwise] = args;
      return (ctx) => (truthy(condition(ctx)) ? then(ctx) : otherwise(ctx));
    }
    case 'round': {
      const [value, digits] = args;
      return digits ? (ctx) => roundTo(value(ctx), digits(ctx)) : (ctx) => roundTo(value(ctx), undefined);
    }
    case 'sum':
      return (ctx) => sumOf(args, ctx);
    default: {
      const which = node.fn;
      return (ctx) => extreme(which, args, ctx);
    }
  }
}
