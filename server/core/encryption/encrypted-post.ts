// Taking an encrypted form's post (W35-E2E-CONTRACT.md "The post"): only `{"encrypted": <envelope>}` with
// the anti-spam fields, its shape checked and its key the form's current one. The server never sees the
// values, so the engine does not run: required fields, validation and calculations ran in the browser.
import { envelopeProblems } from '../../../shared/crypto/envelope-shape.ts';
import { ApiError, invalid } from '../../lib/api-error.ts';
import type { FormRecord } from '../store/types.ts';

/** The refusal of a plaintext post to an encrypted form (a JSON `values` or an HTML form post). */
export const ENCRYPTED_ONLY = 'encrypted: this form takes encrypted answers only';

/** What the respondent endpoint read from the post (server/core/submissions.ts SubmitInput). */
interface PostParts {
  formPost: boolean;
  values: unknown;
  skippedSteps?: unknown;
  encrypted?: unknown;
}

/**
 * The values stored for an encrypted post: `{encrypted: <envelope>}`; a 422 naming the problem for
 * anything else (nothing is stored). A post with `encrypted` to a form without encryption is refused too.
 */
export function encryptedValues(form: FormRecord, post: PostParts): { encrypted: unknown } {
  if (!form.encryption) throw invalid(['encrypted: this form does not take encrypted answers; post values']);
  if (post.formPost || post.values !== undefined || post.skippedSteps !== undefined || post.encrypted === undefined)
    throw new ApiError(422, 'invalid_request', [ENCRYPTED_ONLY]);
  const problems = envelopeProblems(post.encrypted);
  if (problems.length) throw invalid(problems);
  const kid = (post.encrypted as { kid: string }).kid;
  if (kid !== form.encryption.key_id)
    throw invalid([
      `encrypted.kid: was made for key ${kid}, but the form's key is now ${form.encryption.key_id}; ` +
        'reload the page and answer again',
    ]);
  return { encrypted: post.encrypted };
}
