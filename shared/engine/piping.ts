// Piping with the engine's own plan (piping-code.ts holds the implementation and says what piping is):
// what the server, the page without JavaScript and the panel use.
import { optionFieldTypes } from '../definition/field-types.ts';
import { createPiping } from './piping-code.ts';
import { getPlan } from './plan.ts';

export { pipedKeys, replacePiped } from './piping-code.ts';

/** answerDisplay, pipeText, pipedField and pipedStep (piping-code.ts). */
export const { answerDisplay, pipeText, pipedField, pipedStep } = createPiping({ getPlan, optionFieldTypes });
