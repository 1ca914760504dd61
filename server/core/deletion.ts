// Deleting forms and submissions (ARCHITECTURE.md "Forms made by people"): who may, and everything
// that goes with them. REST, the admin panel and any later caller go through this one service, so a
// new kind of form data (files) is removed by adding one call here.
import { forbidden, notFound } from '../lib/api-error.ts';
import type { DefinitionCache } from './definitions.ts';
import type { FileService } from './files/file-service.ts';
import type { ImageService } from './images/image-service.ts';
import { requireEditor, type Principal } from './principal.ts';
import type { RateLimits } from './rate-limits.ts';
import type { FormCounting } from './stats/counting.ts';
import type { DeletionReason, FormRecord, NewDelivery, Store } from './store/types.ts';
import { deliversWebhooks, isClaimed } from './unclaimed.ts';
import { newTimeOrderedId } from './ids.ts';
import { deletedPayload, receives } from './webhooks/payload.ts';

/**
 * Whether `principal` may delete `form` (already found in its scope): account keys and editors any form
 * of their workspace; an agent key only its forms while they are unclaimed. Once claimed, a form is
 * the workspace's, so its agent key gets 403 owner_key_required as it does on settings (spec 3.2).
 */
export function requireFormDeleter(principal: Principal, form: FormRecord) {
  if (principal.kind === 'agent') {
    if (isClaimed(form))
      throw forbidden('owner_key_required', [
        'authorization: the form was claimed; delete it with an account key (svc_live_)',
      ]);
    return;
  }
  requireEditor(principal);
}

/** Removes forms and submissions with all they own. Callers have checked scope and role. */
export class DeletionService {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly rateLimits: RateLimits,
    private readonly files: FileService,
    private readonly counting: Pick<FormCounting, 'forget'>,
    private readonly images: Pick<ImageService, 'deleteForForm'>,
    /** A `submission.deleted` delivery was stored and is due now. */
    private readonly onScheduled: (deliveryId: string, formId: string) => void = () => {},
  ) {}

  /**
   * Deletes a form: its files (FileService.deleteForForm) and images (ImageService.deleteForForm), then
   * versions, submissions, idempotency
   * records, drafts, webhook deliveries and their log, reports, held mail about it (one write,
   * `formOwnedTables`), then
   * what memory holds of it. Its pending deliveries
   * go with it, so none is attempted afterwards; an attempt already on the wire records nothing
   * (recordAttempt skips a form that is gone). Returns how many submissions went.
   */
  async deleteForm(form: FormRecord): Promise<{ submissionsDeleted: number }> {
    // Files first: their ids are read from rows the form's deletion removes.
    await this.files.deleteForForm(form.id);
    await this.images.deleteForForm(form.id);
    const submissionsDeleted = await this.store.forms.delete(form.id);
    // The form cache forgets the row inside forms.delete (store/form-cache.ts).
    this.definitions.forget(form.id);
    await this.rateLimits.forget(this.rateLimits.submitPerForm, form.id);
    await this.rateLimits.forget(this.rateLimits.uploadPerForm, form.id);
    await this.rateLimits.forget(this.rateLimits.eventsPerForm, form.id);
    await this.rateLimits.forget(this.rateLimits.redeliverPerForm, form.id);
    this.counting.forget(form.id);
    return { submissionsDeleted };
  }

  /**
   * The cron sweep of unclaimed forms past their expiry: each goes through deleteForm, so it leaves
   * no more behind than a form deleted by its owner. Returns how many were due.
   */
  async sweepExpired(at = new Date().toISOString()): Promise<number> {
    const ids = await this.store.forms.expiredUnclaimed(at);
    for (const id of ids) {
      const form = await this.store.forms.byId(id);
      if (form) await this.deleteForm(form);
    }
    return ids.length;
  }

  /**
   * Deletes submissions of one form by id: unknown ids and ids of other forms are skipped and not
   * counted. Their pending deliveries are cancelled and held mail showing them is deleted. Usage for the month is not
   * lowered: it counts what was received. Each deletion is a link of the form's answer chain saying `reason`.
   * Returns the ids deleted.
   */
  async deleteSubmissions(form: FormRecord, ids: string[], reason: DeletionReason = 'deleted'): Promise<string[]> {
    // Files first, as in deleteForm: should the submissions' write then fail (a full disk, a crash), the
    // files asked to go are gone and a retry finishes the job. The other order would leave file rows
    // naming deleted submissions: still downloadable, and never swept (they are neither unused nor orphans).
    await this.files.deleteForSubmissions(form.id, ids);
    const at = new Date().toISOString();
    const made: NewDelivery[] = [];
    // Receivers that opted into submission.deleted hear of each (owner delete, retention, erasure).
    const notice =
      deliversWebhooks(form) && form.webhookUrl !== '' && receives(form, 'submission.deleted')
        ? (id: string) => {
            const payload = deletedPayload({ formId: form.id, submissionId: id, deletedAt: at, reason });
            const d = { id: newTimeOrderedId(), nextAttemptAt: at, payload };
            made.push(d);
            return d;
          }
        : undefined;
    const deleted = await this.store.submissions.delete(form.id, ids, at, reason, notice);
    for (const d of made) this.onScheduled(d.id, form.id);
    return deleted;
  }

  /** Deletes one submission; 404 when the form has no submission with that id. */
  async deleteSubmission(form: FormRecord, id: string): Promise<void> {
    const deleted = await this.deleteSubmissions(form, [id]);
    if (deleted.length === 0) throw notFound('submission');
  }
}
