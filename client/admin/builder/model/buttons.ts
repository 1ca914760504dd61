// The form's buttons: Submit (always there), Cancel (optional), and per step the Continue, Back and
// Skip overrides (spec 2.2, 2.8). `false` hides Continue or Back.
import type { FormAction, FormDefinition } from '../../../../shared/definition/schema.ts';
import { updateStep } from './steps.ts';

/** Drops empty optional parts so the JSON stays as small as the person made it. */
function clean(action: FormAction): FormAction {
  const next = { ...action };
  if (!next.variant) delete next.variant;
  if (!next.action) delete next.action;
  if (!next.disabled?.length) delete next.disabled;
  return next;
}

/** Changes the submit button. */
export function setSubmit(def: FormDefinition, patch: Partial<FormAction>): FormDefinition {
  return { ...def, submit: clean({ ...def.submit, ...patch }) };
}

/** Adds, changes or (undefined) removes the cancel button. */
export function setCancel(def: FormDefinition, action: FormAction | undefined): FormDefinition {
  const next = { ...def };
  if (action) next.cancel = clean(action);
  else delete next.cancel;
  return next;
}

/** Which step button. */
export type StepButton = 'next' | 'back' | 'skip';

/** Sets a step button: an action overrides it, false hides it (not for skip), undefined restores the default. */
export function setStepButton(
  def: FormDefinition,
  step: number,
  which: StepButton,
  value: FormAction | false | undefined,
): FormDefinition {
  if (which === 'skip' && value === false) value = undefined;
  return updateStep(def, step, { [which]: value === false || value === undefined ? value : clean(value) });
}
