// The "Your answers from last time are back" notice (lazy/resumed.ts): fetched only when answers were
// kept, ahead of the first render on the hosted page and the embeds (client/hosted/mount.ts prepareForm).
import { onDemand, withParts } from '../on-demand.ts';

/** The notice; nothing shows until its code has arrived. */
export const resumed = onDemand(
  () => import('../lazy/resumed.ts').then((m) => withParts(m).Resumed),
  () => null,
);
