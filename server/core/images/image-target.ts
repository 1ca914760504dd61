// Who may add an image to which form, shared by POST /v1/forms/{id}/images, the builder's upload and MCP's
// add_form_image: the form in the caller's scope, an editor's role (an agent key adds pictures to the forms it
// made, as it publishes their versions), and one upload from the caller's own image bucket (rate-limits.ts
// IMAGE_UPLOADS_PER_KEY), taken before a byte of the image is read.
import { requireEditor, type Principal, type UserPrincipal } from '../principal.ts';
import type { Services } from '../services.ts';
import type { FormRecord } from '../store/types.ts';

/** The form `principal` may add an image to, with one image upload taken from its bucket; 404/403/429 otherwise. */
export async function imageTarget(s: Services, principal: Principal, formId: string): Promise<FormRecord> {
  const form = await s.forms.requireInScope(principal, formId);
  if (principal.kind !== 'agent') requireEditor(principal);
  await s.rateLimits.takeImageUpload(principal.kind === 'user' ? `user:${principal.userId}` : `key:${principal.keyId}`);
  return form;
}

/**
 * The form a builder draft's picture belongs to (a new form's draft keeps the id its first publish gives the
 * form), for a signed-in editor of the draft's workspace, with one image upload taken; 404/403/429 otherwise.
 */
export async function draftImageTarget(
  s: Services,
  principal: UserPrincipal,
  draftId: string,
): Promise<{ id: string }> {
  requireEditor(principal);
  const owner = await s.drafts.imageOwner(principal, draftId);
  await s.rateLimits.takeImageUpload(`user:${principal.userId}`);
  return owner;
}
