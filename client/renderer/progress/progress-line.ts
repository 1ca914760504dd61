// The progress line of multi-step and one-per-screen forms (lazy/progress.ts): fetched only for such forms,
// ahead of their first render on the hosted page and the embeds (client/hosted/mount.ts prepareForm).
import type { FormDefinition } from '../engine.ts';
import type { ProgressLineProps } from '../lazy/progress.ts';
import { onDemand, withParts } from '../on-demand.ts';

/** The line; nothing shows until its code has arrived (the page without JavaScript shows none either). */
export const progressLine = onDemand<ProgressLineProps>(
  () => import('../lazy/progress.ts').then((m) => withParts(m).ProgressLine),
  () => null,
);

/** Whether this definition shows progress (several steps, or one question per screen) and its code is not here. */
export const needsProgress = (definition: FormDefinition): boolean =>
  ((definition.steps?.length ?? 0) > 1 || definition.layout === 'one_per_screen') && !progressLine.loaded();
