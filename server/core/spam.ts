// Suspected spam (ARCHITECTURE.md "Forms, versions, claims"): posts the anti-spam checks caught,
// kept 30 days in their own table. The panel's Spam view lists them; "Not spam" makes one a normal
// submission (counted, delivered, mailed) and "Delete" removes it.
import { takesUpload } from '../../shared/fields/uploads.ts';
import { allFields, type FormDefinition } from '../../shared/engine/index.ts';
import { notFound } from '../lib/api-error.ts';
import type { DefinitionCache } from './definitions.ts';
import { answerLines } from './mail/answers-text.ts';
import { looksLikeId } from './ids.ts';
import { submissionView } from './submission-reads.ts';
import type { FormRecord, Store } from './store/types.ts';
import type { SubmissionService } from './submissions.ts';

/** Suspected spam is deleted this long after it came. */
export const SPAM_KEPT_MS = 30 * 24 * 3600_000;

/** How many suspected-spam posts the Spam view lists (newest first). */
export const SPAM_LIST_MAX = 100;

/** What a caught post's file field reads as once its upload is gone (unused uploads are swept after 24 h). */
export const UPLOAD_GONE = 'a file no longer kept (files of posts caught as spam are deleted after 24 hours)';

/** Why a post was caught, in words for the panel. */
const reasons: Record<string, string> = {
  honeypot: 'Filled the hidden field only bots see',
  token: 'Sent without a valid form page',
  too_fast: 'Sent under 2 seconds after the form was shown',
};

/** Why a post was caught, in words (the code itself when it has none). */
export const spamReason = (code: string) => reasons[code] ?? code;

/** The Spam view's reads and decisions. Callers check scope and role. */
export class SpamService {
  constructor(
    private readonly store: Store,
    private readonly submissions: SubmissionService,
    private readonly definitions: DefinitionCache,
  ) {}

  /** The form's suspected spam, newest first, with each answer as `Label: answer` lines and the total held. */
  async list(form: FormRecord) {
    const [rows, total] = await Promise.all([
      this.store.spam.list(form.id, SPAM_LIST_MAX),
      this.store.spam.count(form.id),
    ]);
    const items = await Promise.all(
      rows.map(async (r) => {
        const definition = await this.definitions.get(form.id, r.formVersion);
        return {
          id: r.id,
          created_at: r.createdAt,
          reason: spamReason(r.reason),
          answers: answerLines(
            definition,
            definition ? await this.withFileNames(form.id, definition, r.values) : r.values,
          ),
        };
      }),
    );
    return { items, total };
  }

  /**
   * A caught post holds upload ids where a submission holds files: each becomes the upload's name and size
   * (as the Submissions view shows files), or UPLOAD_GONE once it was swept. Only an upload made for this
   * form and field is named; any other text stays as the post sent it.
   */
  private async withFileNames(formId: string, definition: FormDefinition, values: Record<string, unknown>) {
    const fields = allFields(definition).filter(
      (f) => takesUpload(f) && typeof values[f.key] === 'string' && looksLikeId(values[f.key] as string),
    );
    if (fields.length === 0) return values;
    const rows = new Map(
      (await this.store.files.byIds(fields.map((f) => values[f.key] as string))).map((f) => [f.id, f]),
    );
    const out = { ...values };
    for (const f of fields) {
      const file = rows.get(values[f.key] as string);
      out[f.key] =
        file && file.formId === formId && file.fieldKey === f.key ? { name: file.name, size: file.size } : UPLOAD_GONE;
    }
    return out;
  }

  /** "Not spam": the post becomes a normal submission; answers it as the API shows submissions. */
  async notSpam(form: FormRecord, id: string) {
    return submissionView(await this.submissions.restoreSpam(form, id));
  }

  /** Deletes one suspected-spam post; 404 when it is not there. */
  async delete(form: FormRecord, id: string): Promise<void> {
    if (!(await this.store.spam.delete(form.id, id))) throw notFound('spam');
  }

  /** The cron sweep: drops what is older than 30 days. */
  sweep(now = Date.now()): Promise<number> {
    return this.store.spam.sweep(new Date(now - SPAM_KEPT_MS).toISOString());
  }
}
