// Respondents' private edit links (ARCHITECTURE.md Wave 4 "Respondents edit their answer"): a random token of
// EDIT_TOKEN_CHARS URL-safe characters (192 bits), handed out once (the thank-you page, the confirmation mail)
// and kept only as its SHA-256, so a copy of the database opens no one's answers. A link works until
// `allow_edit_days` days after the answer was sent, while the form still allows edits.
import { ApiError } from '../../lib/api-error.ts';
import { sha256Hex } from '../chain/links.ts';
import { urlSafeId } from '../ids.ts';
import { encryptedConflict, isEncrypted } from '../encryption/setting.ts';
import type { FormRecord, Store, SubmissionRecord } from '../store/types.ts';

/** Characters of an edit token (6 bits each). */
export const EDIT_TOKEN_CHARS = 32;

const DAY_MS = 24 * 3600_000;

/** A well-formed token; anything else is refused before the store is asked. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The path of the hosted page that opens an answer for editing. */
export const editPagePath = (formId: string, token: string) => `/f/${encodeURIComponent(formId)}/edit/${token}`;

/** What an accepted token stands for. */
export interface OpenEdit {
  form: FormRecord;
  submission: SubmissionRecord;
  expiresAt: string;
}

/** The refusal of a token that is malformed, unknown, or names an answer that is gone. */
export const unknownEditLink = () =>
  new ApiError(404, 'not_found', ['edit_token: this edit link is not valid (mistyped, or its answer was deleted)']);

/** Issues and checks edit links. */
export class EditLinks {
  constructor(
    private readonly store: Store,
    private readonly publicUrl: string,
  ) {}

  /** A new link to one stored answer, or undefined when the form allows no edits. */
  async issue(form: FormRecord, submissionId: string, createdAt: string): Promise<string | undefined> {
    // An end-to-end encrypted form's answers are never in the clear here: nothing to fill an edit page with.
    if (form.allowEditDays <= 0 || isEncrypted(form)) return undefined;
    const token = urlSafeId(EDIT_TOKEN_CHARS);
    const expiresAt = new Date(Date.parse(createdAt) + form.allowEditDays * DAY_MS).toISOString();
    await this.store.edits.addLink(sha256Hex(token), { formId: form.id, submissionId, expiresAt });
    return `${this.publicUrl}${editPagePath(form.id, token)}`;
  }

  /**
   * The form and answer a token opens now: 404 for a bad token or a deleted answer, 410 `edit_link_expired` once
   * its days are over or the form stopped allowing edits. `formId` is the form the address named.
   */
  async open(formId: string, token: string, now = Date.now()): Promise<OpenEdit> {
    const link = TOKEN.test(token) ? await this.store.edits.link(sha256Hex(token)) : undefined;
    if (!link || link.formId !== formId) throw unknownEditLink();
    const [form, submission] = await Promise.all([
      this.store.forms.byId(link.formId),
      this.store.submissions.byId(link.formId, link.submissionId),
    ]);
    if (!form || !submission) throw unknownEditLink();
    if (isEncrypted(form)) throw encryptedConflict('edit');
    if (form.allowEditDays <= 0)
      throw new ApiError(410, 'edit_link_expired', ['form: no longer lets people edit their answers']);
    if (Date.parse(link.expiresAt) <= now)
      throw new ApiError(410, 'edit_link_expired', [`edit_token: this edit link expired at ${link.expiresAt}`]);
    return { form, submission, expiresAt: link.expiresAt };
  }
}
