// What a form published without an account key may and may not do until a person claims it
// (ARCHITECTURE.md "Forms, versions, claims"), in one place: services ask here instead of testing
// `workspaceId === null` themselves, so a new rule for unclaimed forms is one line in this file.
import type { FormRecord } from './store/types.ts';

/** Unclaimed forms accept at most this many submissions in total (ARCHITECTURE.md). */
export const UNCLAIMED_SUBMISSION_CAP = 100;

type Owned = Pick<FormRecord, 'workspaceId'>;

/** Whether a workspace owns the form (claimed, or published with an account key). */
export const isClaimed = <T extends Owned>(form: T): form is T & { workspaceId: string } => form.workspaceId !== null;

/** The expiry a form shows and obeys: only unclaimed forms expire. */
export const expiryOf = (form: Owned & Pick<FormRecord, 'expiresAt'>): string | null =>
  isClaimed(form) ? null : form.expiresAt;

/** Whether an unclaimed form has passed its expiry at `now` (ISO time). */
export function hasExpired(form: Owned & Pick<FormRecord, 'expiresAt'>, now: string): boolean {
  const at = expiryOf(form);
  return !!at && at <= now;
}

/** The total a form may hold: capped while unclaimed; claimed forms count against the monthly quota instead. */
export const submissionCap = (form: Owned): number | undefined =>
  isClaimed(form) ? undefined : UNCLAIMED_SUBMISSION_CAP;

/**
 * Mail of any kind (responses, digests, milestones, confirmations, failures): an unclaimed form has nobody to mail and
 * must not mail strangers.
 */
export const sendsMail = isClaimed;

/** Webhooks: an unclaimed form delivers nothing, so nobody can use it as an anonymous relay. */
export const deliversWebhooks = isClaimed;

/** Files: an unclaimed form takes none, so a keyless publish gives nobody a place to host files. */
export const acceptsFiles = isClaimed;

/** redirect_url: an unclaimed form ignores it, so nobody can use it as an open redirector. */
export const followsRedirect = isClaimed;
