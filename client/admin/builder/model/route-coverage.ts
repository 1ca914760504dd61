// Conditions that hold for every answer a field can take: a score compared past its own points (an NPS
// "is less than 11"), a choice "is one of" all its options or "is not" a value it does not offer. A route
// on one sends every answer the same way, which the 2026-11-26 walkthrough saw people publish by
// mistake; route-warnings.ts names it.
import type { FormField, ShowCondition } from '../../../../shared/definition/schema.ts';
import { isScore, scoreRange } from './field-types.ts';

/** The values a field can be answered with, when they are a short fixed list (a score's points, a choice). */
function answersOf(field: FormField): (string | number)[] | undefined {
  if (isScore(field.type)) {
    const { min, max } = scoreRange(field);
    return Array.from({ length: max - min + 1 }, (_, i) => min + i);
  }
  if ((field.type === 'radio' || field.type === 'select') && !field.optionsFrom && field.options?.length)
    return field.options.map((o) => o.value);
  return undefined;
}

/** Whether one condition (its first operator, as the engine reads it) holds for the answer `v`. */
function holds(c: ShowCondition, v: string | number): boolean | undefined {
  if (c.eq !== undefined) return c.eq === v;
  if (c.neq !== undefined) return c.neq !== v;
  if (c.in !== undefined) return c.in.includes(v);
  if (c.notIn !== undefined) return !c.notIn.includes(v);
  if (c.notEmpty !== undefined) return undefined;
  const n = typeof v === 'number' && typeof (c.gt ?? c.gte ?? c.lt ?? c.lte) === 'number';
  if (!n) return undefined;
  if (c.gt !== undefined) return v > (c.gt as number);
  if (c.gte !== undefined) return v >= (c.gte as number);
  if (c.lt !== undefined) return v < (c.lt as number);
  if (c.lte !== undefined) return v <= (c.lte as number);
  return undefined;
}

/**
 * Why condition `c` on `field` holds for every answer the field takes, or undefined when some answer
 * fails it (or the answers are not a short fixed list). "is answered" is left alone: it is how a person
 * routes those who answered an optional question.
 */
export function takesEveryAnswer(c: ShowCondition, field: FormField): string | undefined {
  const answers = answersOf(field);
  if (!answers?.length || !answers.every((v) => holds(c, v) === true)) return undefined;
  const label = field.label || field.key;
  if (isScore(field.type)) {
    const { min, max } = scoreRange(field);
    return `every answer to "${label}" (${min} to ${max}) matches`;
  }
  return `every option of "${label}" matches`;
}
