// Publish checks of `calculations` (docs/engine.md "Calculations"): a key formulas can name and no field
// or other calculation has; a formula that parses (the problem says at which character); names that
// are fields or EARLIER calculations; count() and score() given a field, score() one with options; a
// list or file field read only through count() or score(). The shape (strings, at most 50, formula
// length) is zod's.
import { fieldTypeCore } from '../fields/registry.ts';
import { formulaKeys, parseFormula } from '../engine/calc/parse.ts';
import { FormulaError } from '../engine/calc/tokenize.ts';
import { formatPath } from '../engine/problems.ts';
import {
  type CalcEntry,
  type FieldEntry,
  type Json,
  list,
  type Path,
  type Problem,
  record,
  text,
} from './check-parts.ts';
import { optionFieldTypes } from './field-types.ts';

const plainName = /^[A-Za-z_][A-Za-z0-9_]*$/;
const reservedWords = new Set(['and', 'or', 'not', '__proto__']);

/** Every problem of the definition's calculations, and the calculations by key for the other checks. */
export function calculationProblems(
  def: Json,
  keys: ReadonlyMap<string, FieldEntry>,
): { problems: Problem[]; calcs: Map<string, CalcEntry> } {
  const problems: Problem[] = [];
  const calcs = new Map<string, CalcEntry>();
  const allKeys = new Set(list(def.calculations).map((c) => text(record(c)?.key)));
  list(def.calculations).forEach((raw, i) => {
    const calc = record(raw);
    if (!calc) return;
    const path: Path = ['calculations', i];
    const key = text(calc.key);
    if (key !== undefined && key !== '') {
      const message = keyProblem(key, keys, calcs);
      if (message) problems.push({ path: [...path, 'key'], message });
    }
    const formula = text(calc.formula);
    const inputs = new Set<string>();
    if (formula !== undefined && formula !== '') {
      const notYet = (name: string) => allKeys.has(name) && !calcs.has(name);
      for (const message of formulaProblems(formula, keys, calcs, notYet, inputs))
        problems.push({ path: [...path, 'formula'], message });
    }
    if (key !== undefined && !keys.has(key) && !calcs.has(key)) calcs.set(key, { path, key, inputs });
  });
  return { problems, calcs };
}

function keyProblem(
  key: string,
  keys: ReadonlyMap<string, FieldEntry>,
  calcs: ReadonlyMap<string, CalcEntry>,
): string | undefined {
  if (reservedWords.has(key)) return `${JSON.stringify(key)} is reserved`;
  if (!plainName.test(key))
    return 'use letters, digits and _ only, not starting with a digit (formulas name calculations by their key)';
  const other = keys.get(key)?.path ?? calcs.get(key)?.path;
  if (other) return `duplicate key ${JSON.stringify(key)} (also ${formatPath(other)})`;
  return undefined;
}

/** The problems of one formula; fills `inputs` with the fields it depends on. */
function formulaProblems(
  formula: string,
  keys: ReadonlyMap<string, FieldEntry>,
  calcs: ReadonlyMap<string, CalcEntry>,
  notYet: (name: string) => boolean,
  inputs: Set<string>,
): string[] {
  let tree: ReturnType<typeof parseFormula>;
  try {
    tree = parseFormula(formula);
  } catch (error) {
    if (error instanceof FormulaError) return [`does not parse: ${error.message}`];
    throw error;
  }
  const problems: string[] = [];
  for (const use of formulaKeys(tree)) {
    const name = JSON.stringify(use.name);
    const where = `(character ${use.at})`;
    const field = keys.get(use.name)?.field;
    const calc = calcs.get(use.name);
    if (use.in !== undefined) {
      if (!field) {
        problems.push(
          calc ? `${use.in}() takes a field key; ${name} is a calculation ${where}` : `${name} names no field ${where}`,
        );
        continue;
      }
      inputs.add(use.name);
      if (use.in === 'score' && !hasStaticOptions(field))
        problems.push(`${name} has no options to score; score() reads a choice field's options ${where}`);
      continue;
    }
    if (calc) {
      for (const k of calc.inputs) inputs.add(k);
      continue;
    }
    if (!field) {
      problems.push(
        notYet(use.name)
          ? `${name} is this or a later calculation; a formula reads only earlier ones ${where}`
          : `${name} names no field or earlier calculation ${where}`,
      );
      continue;
    }
    inputs.add(use.name);
    const type = text(field.type);
    const core = type === undefined ? undefined : fieldTypeCore(type);
    if (core?.fromText === 'list' || core?.fromText === 'positions')
      problems.push(`${name} is a list; use count(${use.name}) or score(${use.name}) ${where}`);
    else if (core?.rows) problems.push(`${name} is a grid of answers; use score(${use.name}) ${where}`);
    else if (core?.upload) problems.push(`${name} is a file; use count(${use.name}) ${where}`);
  }
  return problems;
}

function hasStaticOptions(field: Json): boolean {
  const type = text(field.type);
  if (type !== undefined && fieldTypeCore(type)?.rows) return list(record(field.matrix)?.columns).length > 0;
  return type !== undefined && optionFieldTypes.includes(type) && list(field.options).length > 0;
}
