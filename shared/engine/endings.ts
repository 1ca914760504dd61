// Which ending a stored submission shows (ARCHITECTURE.md "Endings"): the first whose conditions hold over the
// stored values (calculations included), or none, and then the success message. The server answers its id in
// the 201; the pages show its message, piped, or follow its redirect.
import type { Ending, FormDefinition } from '../definition/schema.ts';
import { conditionsHold, type Values } from './conditions.ts';

/** The ending the values lead to, or undefined when the form has none that matches. */
export function chooseEnding(definition: FormDefinition, values: Values): Ending | undefined {
  return definition.endings?.find((ending) => conditionsHold(ending, values));
}
