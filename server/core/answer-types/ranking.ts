// `ranking` (Wave 4): the option values in the person's order. People read the labels joined by ", " as
// piping shows them (and the PDF a numbered list); an export keeps it in one cell, values (or labels) joined
// by ", " in order.
import type { FieldColumn } from '../submission-fields.ts';
import { type AnswerOutput, labelOf, optionItems } from './answer-output.ts';

/** What joins a ranking's items in one line or one cell. */
export const RANKING_JOIN = ', ';

const items = (field: FieldColumn, value: unknown, labels: boolean): string[] =>
  (Array.isArray(value) ? value : [value]).map((v) => (labels ? labelOf(optionItems(field), v) : String(v)));

/** The answers of a ranking. */
export const ranking: AnswerOutput = {
  summary: 'ranking',
  text: (field, value) => items(field, value, true).join(RANKING_JOIN),
  cell: (field, value, labels) => items(field, value, labels).join(RANKING_JOIN),
  pdf: (field, value) => ({ kind: 'list', items: items(field, value, true) }),
};
