// Problems ("<path>: <problem>", spec 7.1) placed next to the part they name: a path such as
// `steps[1].fields[0].validation.pattern` belongs to that field's editor, under its "pattern" part.
import type { FieldAt } from './fields.ts';

/** A problem with where it belongs. */
export interface PlacedProblem {
  text: string;
  message: string;
  /** The path below the field, step or form, e.g. "validation.pattern". */
  rest: string;
  field?: FieldAt;
  step?: number;
}

/** Splits "a.b[0]: message" at the first ": " that follows the path. */
export function splitProblem(text: string): { path: string; message: string } {
  const m = /^([\w$.[\]]*):\s(.*)$/s.exec(text);
  return m ? { path: m[1], message: m[2] } : { path: '', message: text };
}

/** Reads where a problem belongs; the `definition.` prefix of REST answers is ignored. */
export function placeProblem(text: string): PlacedProblem {
  const { path, message } = splitProblem(text);
  const p = path.replace(/^definition\.?/, '');
  const field = /^(?:steps\[(\d+)\]\.)?fields\[(\d+)\]\.?(.*)$/.exec(p);
  if (field)
    return {
      text,
      message,
      field: { step: field[1] === undefined ? -1 : Number(field[1]), index: Number(field[2]) },
      rest: field[3],
    };
  const step = /^steps\[(\d+)\]\.?(.*)$/.exec(p);
  if (step) return { text, message, step: Number(step[1]), rest: step[2] };
  return { text, message, rest: p };
}

/** The problems of one field, with the part of the field each names. */
export function fieldProblems(problems: readonly PlacedProblem[], at: FieldAt): PlacedProblem[] {
  return problems.filter((p) => p.field && p.field.step === at.step && p.field.index === at.index);
}

/** Problems that name a part (prefix match: "validation" holds "validation.pattern"). */
export function partProblems(problems: readonly PlacedProblem[], part: string): string[] {
  return problems
    .filter((p) => p.rest === part || p.rest.startsWith(`${part}.`) || p.rest.startsWith(`${part}[`))
    .map((p) => p.message);
}
