// The publish rules of the types whose definition has parts of its own (a scale's points, a matrix's rows
// and columns, a ranking's options), by type. Each rule lives in its type's module beside the core; they
// are listed here rather than on the core so the browser page, which runs cores but never checks a
// definition, leaves them out of its bundle.
import type { Json, Path, Problem } from '../definition/check-parts.ts';
import { matrixRules } from './types/matrix.ts';
import { npsRules } from './types/nps.ts';
import { pictureRules } from './types/picture.ts';
import { rankingRules } from './types/ranking.ts';
import { ratingRules } from './types/rating.ts';
import { scaleRules } from './types/scale.ts';
import { statementRules } from './types/statement.ts';

/** A type's problems with a field's own parts; `at` writes a path inside the field. */
export type PublishRule = (field: Json, at: (...rest: PropertyKey[]) => Path) => Problem[];

/** The publish rules by type name. */
export const publishRules: Readonly<Record<string, PublishRule>> = {
  rating: ratingRules,
  scale: scaleRules,
  nps: npsRules,
  matrix: matrixRules,
  ranking: rankingRules,
  picture: pictureRules,
  statement: statementRules,
};

/** Which types may carry each wave-4 part; elsewhere the part is a mistake the publish check names. */
export const partOwners: Readonly<Record<string, readonly string[]>> = {
  scale: ['rating', 'scale', 'nps'],
  matrix: ['matrix'],
  multiple: ['picture'],
  body: ['statement'],
};
