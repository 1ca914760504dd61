// Publish rules of a field's `scale` (rating, scale and nps, shared/fields/types/): which of its points a
// type lets the author set, and in which range. Kept out of the type cores: only publish checks need it.
import { finite, type Json, type Path, type Problem, record } from '../definition/check-parts.ts';

/** What a type lets an author set: a bound's allowed range (inclusive), or `refused`; whether an icon is. */
export interface ScaleAllows {
  min: readonly [number, number] | 'refused';
  max: readonly [number, number] | 'refused';
  icon: boolean;
}

/** The problems of a field's `scale` under a type's allowances. */
export function scaleProblems(field: Json, at: (...rest: PropertyKey[]) => Path, allows: ScaleAllows): Problem[] {
  const scale = record(field.scale);
  if (!scale) return [];
  const problems: Problem[] = [];
  const type = String(field.type);
  for (const bound of ['min', 'max'] as const) {
    const value = scale[bound];
    if (value === undefined) continue;
    const range = allows[bound];
    const n = finite(value);
    if (range === 'refused') problems.push({ path: at('scale', bound), message: `${bound} is not set on ${type}` });
    else if (n !== undefined && (n < range[0] || n > range[1]))
      problems.push({ path: at('scale', bound), message: `${type} ${bound} is ${range[0]} to ${range[1]}` });
  }
  if (scale.icon !== undefined && !allows.icon)
    problems.push({ path: at('scale', 'icon'), message: `icon is for rating fields only` });
  return problems;
}
