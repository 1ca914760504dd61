// Piping in the browser. Its code (shared/engine/piping-code.ts, the one implementation) is a bundle of
// its own, loaded only for forms whose texts or success message have a `{{`: the hosted page and the
// embeds load it before the first render (prepareForm); FormRenderer on its own waits for it.
// Until it is here the texts are shown as they are, which is what they are when nothing pipes.
import type { createPiping } from '../../shared/engine/piping-code.ts';
import { optionFieldTypes } from '../../shared/definition/field-types.ts';
import { type FormDefinition, type FormField, type FormStep, getPlan, type Values } from './engine.ts';

let code: ReturnType<typeof createPiping> | undefined;

/** Whether this definition (or the success message shown after it) pipes and the code is not here yet. */
export const needsPiping = (definition: FormDefinition, successMessage?: string): boolean =>
  !code && (JSON.stringify(definition).includes('{{') || (successMessage?.includes('{{') ?? false));

/** Loads the piping code (once). */
export const loadPiping = (): Promise<void> =>
  import('../../shared/engine/piping-code.ts').then((m) => {
    code ??= m.createPiping({ getPlan, optionFieldTypes });
  });

/** The field with its texts piped (piping-code.ts). */
export const pipedField = (definition: FormDefinition, field: FormField, values: Values): FormField =>
  code ? code.pipedField(definition, field, values) : field;

/** The step with its texts piped (piping-code.ts). */
export const pipedStep = (definition: FormDefinition, step: FormStep, values: Values): FormStep =>
  code ? code.pipedStep(definition, step, values) : step;

/** A text piped (piping-code.ts). */
export const pipeText = (definition: FormDefinition, text: string | undefined, values: Values) =>
  code ? code.pipeText(definition, text, values) : text;
