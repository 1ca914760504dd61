// A definition's calculations, parsed and compiled once for its plan (plan.ts), and run on values.
// A formula names fields (their answers) and earlier calculations (their results); count(key) and
// score(key) read a field's chosen items. Results are computed in order, so a calculation reads the
// final result of every earlier one. An unchecked definition whose formula does not parse (publish
// refuses it) gets a calculation that is always null rather than a crash.
import type { FormDefinition, FormField } from '../../definition/schema.ts';
import type { Values } from '../conditions.ts';
import { compileFormula, type Reader } from './compile.ts';
import { formulaKeys, parseFormula } from './parse.ts';
import { answerValue, type CalcValue, countOf, finalValue } from './values.ts';

/** What a running calculation reads: the values settled so far and the results already computed. */
export interface CalcContext {
  readonly values: Values;
  readonly results: (CalcValue | undefined)[];
  readonly calcs: readonly PlanCalc[];
}

/** One compiled calculation. */
export interface PlanCalc {
  readonly key: string;
  readonly index: number;
  readonly run: Reader<CalcContext>;
  /** Every field key the result depends on, through earlier calculations too. */
  readonly inputs: ReadonlySet<string>;
}

/** The result of calculation `index`, computed once per context. */
export function calcResult(ctx: CalcContext, index: number): CalcValue {
  let result = ctx.results[index];
  if (result === undefined) {
    result = finalValue(ctx.calcs[index].run(ctx));
    ctx.results[index] = result;
  }
  return result;
}

/**
 * Computes every calculation on `values` (a walk's prototype-less object holding only field answers) and
 * writes each result under its key, null included. A key already there (a field's, or an earlier
 * calculation's: only an unchecked definition repeats one) keeps its first owner.
 */
export function writeCalcResults(calcs: readonly PlanCalc[], values: Record<string, unknown>): void {
  const ctx: CalcContext = { values, results: [], calcs };
  for (const c of calcs) if (!(c.key in values)) values[c.key] = calcResult(ctx, c.index);
}

/** Reads one calculation's result from values settled so far (for conditions that name it). */
export function calcReader(calcs: readonly PlanCalc[], index: number): (values: Values) => CalcValue {
  return (values) => calcResult({ values, results: [], calcs }, index);
}

const answer = (values: Values, key: string): unknown => (Object.hasOwn(values, key) ? values[key] : undefined);

/** Parses and compiles the definition's calculations; `fields` are every field by key. */
export function buildCalcs(definition: FormDefinition, fields: ReadonlyMap<string, FormField>): PlanCalc[] {
  const calcs: PlanCalc[] = [];
  const earlier = new Map<string, PlanCalc>();
  (definition.calculations ?? []).forEach((calculation, index) => {
    let run: Reader<CalcContext> = () => null;
    const inputs = new Set<string>();
    try {
      const tree = parseFormula(calculation.formula);
      for (const use of formulaKeys(tree)) {
        const calc = use.in === undefined ? earlier.get(use.name) : undefined;
        if (calc) for (const k of calc.inputs) inputs.add(k);
        else inputs.add(use.name);
      }
      run = compileFormula<CalcContext>(tree, {
        key(name) {
          const calc = earlier.get(name);
          if (calc) return (ctx) => calcResult(ctx, calc.index);
          return (ctx) => answerValue(answer(ctx.values, name));
        },
        count: (name) => (ctx) => countOf(answer(ctx.values, name)),
        score(name) {
          const field = fields.get(name);
          // A matrix scores the columns chosen in its rows; a choice its chosen options.
          const scored = field?.matrix ? field.matrix.columns : (field?.options ?? []);
          const scores = new Map(scored.map((o) => [o.value, o.score ?? 0]));
          const sum = (v: unknown): number => {
            if (typeof v === 'string') return scores.get(v) ?? 0;
            if (!Array.isArray(v)) return 0;
            let total = 0;
            for (const item of v) total += scores.get(item as string) ?? 0;
            return total;
          };
          return (ctx) => {
            const v = answer(ctx.values, name);
            if (!field?.matrix || typeof v !== 'object' || v === null || Array.isArray(v)) return sum(v);
            let total = 0;
            for (const row of Object.values(v)) total += sum(row);
            return total;
          };
        },
      });
    } catch {
      // Refused at publish (check.ts); an unchecked definition just gets null.
    }
    const calc: PlanCalc = { key: calculation.key, index, run, inputs };
    calcs.push(calc);
    if (!earlier.has(calc.key)) earlier.set(calc.key, calc);
  });
  return calcs;
}
