// The success screen's private edit link (lazy/edit-link.ts): its code is fetched only for forms that allow edits
// (client/hosted/mount.ts prepareForm), so a form without them carries nothing of it.
import { onDemand, withParts } from '../on-demand.ts';

/** The edit link; nothing shows until its code has arrived. */
export const editLink = onDemand(
  () => import('../lazy/edit-link.ts').then((m) => withParts(m).EditLink),
  () => null,
);
