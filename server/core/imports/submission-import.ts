// Importing existing answers (docs/api.md "Importing answers"): each row checked by the engine like a
// submit, stored once per row id (a second import of the same file stores nothing twice), counted on the
// form and the month like any answer, and reacted to by nothing (no webhook, chat message or mail) unless
// the import asks with `notify=1`: then webhooks, chat and the owners' mail react as to a submission. Rows not sent
// on are stored quiet for the response mail, whose mark moves past them (docs/decisions.md 2026-11-30).
import { evaluateSubmission, type FormDefinition } from '../../../shared/engine/index.ts';
import { containsHiddenCharacters } from '../../../shared/text/hidden-characters.ts';
import { ApiError, invalid, notFound } from '../../lib/api-error.ts';
import { linearRegex } from '../../lib/safe-regex.ts';
import type { Config } from '../../config.ts';
import type { DefinitionCache } from '../definitions.ts';
import type { FileService } from '../files/file-service.ts';
import type { ResponseMail } from '../mail/response-mail.ts';
import { resolveUploads } from '../files/submission-files.ts';
import { newTimeOrderedId } from '../ids.ts';
import type { FormRecord, InsertOutcome, Store } from '../store/types.ts';
import type { SubmissionService } from '../submissions.ts';
import { isClaimed } from '../unclaimed.ts';
import { csvRows, type CsvMapping, type ImportRow, jsonLineRows } from './import-rows.ts';
import { ENCRYPTED_ONLY } from '../encryption/encrypted-post.ts';
import { isEncrypted } from '../encryption/setting.ts';

/** Rows checked and written together: their inserts share fsyncs and PostgreSQL connections. */
const IMPORT_BATCH = 64;

/** The answer of an import. */
export interface ImportResult {
  /** Rows stored; on a dry run, the rows that would be (rows imported before are not looked up then). */
  imported: number;
  skipped_duplicates: number;
  refused: { row: number; details: string[] }[];
  /** Present on a dry run (the panel's preview): nothing was stored. */
  dry_run?: true;
}

/** What an import reads: the body's text and its format (and, for CSV, how its columns map). */
export type ImportBody = { format: 'jsonl'; text: string } | { format: 'csv'; text: string; mapping: CsvMapping };

/** Imports rows of answers into a form. Callers have checked the key and the role. */
export class SubmissionImport {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly config: Config,
    private readonly files: FileService,
    /** Builds and hands on the deliveries of rows sent on with `notify` (as a submission's). */
    private readonly submissions: Pick<SubmissionService, 'reactionsFor' | 'announce'>,
    /** Moves the form's response-mail mark past the quiet rows an import stored. */
    private readonly responseMail: Pick<ResponseMail, 'stored'>,
  ) {}

  /** Checks and stores every row it can; refused rows are listed with their problems, the others stored. */
  async run(
    form: FormRecord,
    body: ImportBody,
    now = Date.now(),
    dryRun = false,
    notify = false,
  ): Promise<ImportResult> {
    // Imported rows are values in the clear: an encrypted form keeps none (docs/decisions.md).
    if (isEncrypted(form)) throw invalid([`${ENCRYPTED_ONLY}; rows in the clear cannot be imported into it`]);
    const definition = await this.definitions.get(form.id, form.version);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    const rows =
      body.format === 'csv' ? csvRows(body.text, body.mapping, definition, now) : jsonLineRows(body.text, now);
    const result: ImportResult = { imported: 0, skipped_duplicates: 0, refused: [], ...(dryRun && { dry_run: true }) };
    // The import's time: when retention counts from for rows that carry an older created_at.
    const importedAt = new Date(now).toISOString();
    for (let from = 0; from < rows.length; from += IMPORT_BATCH) {
      const batch = rows.slice(from, from + IMPORT_BATCH);
      // Started in row order (sql.js writes them in that order); PostgreSQL runs them side by side.
      const outcomes = await Promise.all(
        batch.map((row) => this.one(form, definition, row, importedAt, dryRun, notify)),
      );
      outcomes.forEach((outcome, i) => {
        if (outcome === 'stored') result.imported++;
        else if (outcome === 'duplicate') result.skipped_duplicates++;
        else result.refused.push({ row: batch[i].row, details: outcome });
      });
    }
    // A claim now moves the mark past the quiet rows (mailing nothing of them), so the minute job does not read
    // past them each minute until the next answer; rows sent on were each handed to the mail already.
    if (!notify && !dryRun && result.imported > 0) this.responseMail.stored(form);
    return result;
  }

  /** One row: checked by the engine (and its uploads, as a submit's), then stored unless its id is known. */
  private async one(
    form: FormRecord,
    definition: FormDefinition,
    row: ImportRow,
    importedAt: string,
    dryRun: boolean,
    notify: boolean,
  ): Promise<'stored' | 'duplicate' | string[]> {
    if (row.values === undefined) return row.problems;
    const evaluation = evaluateSubmission(definition, row.values, {
      regex: linearRegex,
      coerceFormStrings: row.csv,
    });
    let resolved: { values: Record<string, unknown>; fileIds: string[] };
    try {
      resolved = await resolveUploads(this.store, this.files, this.config, form, definition, evaluation.values, {
        problems: [...row.problems, ...evaluation.problems],
      });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 422 || err.status === 413)) return err.details;
      throw err;
    }
    // A dry run stops here: the row passed every check a stored one does before the write.
    if (dryRun) return 'stored';
    const createdAt = row.createdAt ?? importedAt;
    const id = newTimeOrderedId(Date.parse(createdAt));
    const record = { id, createdAt, values: resolved.values, formVersion: form.version };
    // Sent on (`notify=1`): the deliveries go in the same write as the row, as a submission's do.
    const reactions = notify ? await this.submissions.reactionsFor(form, record, resolved.fileIds) : undefined;
    const outcome: InsertOutcome = await this.store.submissions.insert({
      id,
      formId: form.id,
      workspaceId: form.workspaceId,
      formVersion: form.version,
      createdAt,
      values: resolved.values,
      hiddenChars: containsHiddenCharacters(resolved.values),
      importId: row.id,
      files: resolved.fileIds,
      // An answer from years ago must not be deleted by the next retention sweep the moment it arrives.
      retainFrom: row.createdAt === undefined ? undefined : importedAt,
      // Not sent on: no response mail lists it, now or in a later digest.
      mailQuiet: !notify,
      formCap: form.responseLimit ?? undefined,
      monthlyQuota: isClaimed(form) ? this.config.monthlySubmissions : undefined,
      delivery: reactions?.delivery,
      chatDeliveries: reactions?.chatDeliveries,
    });
    if (reactions && outcome.kind === 'stored')
      this.submissions.announce({
        form,
        submissionId: id,
        deliveryId: reactions.delivery?.id,
        chatDeliveryIds: reactions.chatDeliveries.map((d) => d.id),
        submissionCount: outcome.submissionCount,
        record: { ...record, hiddenChars: containsHiddenCharacters(resolved.values) },
        imported: true,
      });
    switch (outcome.kind) {
      case 'stored':
      case 'duplicate':
        return outcome.kind;
      case 'form_cap':
        return [`form: has reached its limit of ${form.responseLimit} responses`];
      case 'monthly_quota':
        return [`workspace: the monthly quota of ${this.config.monthlySubmissions} submissions is used up`];
      case 'files_gone':
        return ['values: an upload was used by another response at the same moment; upload the file again'];
      case 'form_gone':
        throw notFound();
      default:
        throw new Error(`an import insert answered ${outcome.kind}`);
    }
  }
}
