// The questions of the funnel per question (ARCHITECTURE.md "Funnel per question"): the fields a person
// is shown and may answer, in the definition's order. A hidden field is never shown and a statement takes
// no answer, so neither is one. The page reports these as reached and left; the stats list them.
import type { FormDefinition, FormField } from '../definition/schema.ts';
import { fieldTypeCore } from '../fields/registry.ts';
import { allFields } from './plan.ts';

/** Whether `field` counts in the funnel per question. */
export const isFunnelQuestion = (field: FormField) => field.type !== 'hidden' && !fieldTypeCore(field.type)?.noAnswer;

/** The fields of `definition` the funnel counts, in the definition's order. */
export const funnelQuestions = (definition: FormDefinition): FormField[] =>
  allFields(definition).filter(isFunnelQuestion);
