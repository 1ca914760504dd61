// The "Clear all your answers?" question of a cancel action (lazy/reset-confirm.ts): fetched only for
// forms that have a cancel action, ahead of their first render, so it is there when the button is pressed.
import type { FormDefinition } from '../engine.ts';
import { onDemand, withParts } from '../on-demand.ts';

/** The question; `resetConfirm.load()` fetches its code. Nothing shows until it has arrived. */
export const resetConfirm = onDemand(
  () => import('../lazy/reset-confirm.ts').then((m) => withParts(m).ResetConfirm),
  () => null,
);

/** Whether this definition has a cancel action whose question is not here yet. */
export const needsResetConfirm = (definition: FormDefinition): boolean =>
  definition.cancel !== undefined && !resetConfirm.loaded();
