// Reading submissions back (spec 4.3): JSON pages with keyset cursors, the export's columns and the CSV file.
import { allFields, type FormDefinition, pipeText } from '../../shared/engine/index.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { csvRow } from '../lib/csv.ts';
import type { AnswerPdf } from '../lib/pdf/answer-pdf.ts';
import type { SignedCursor } from '../lib/signed-cursor.ts';
import { DEFAULT_EXPORT, type ExportOptions } from './exports/export-options.ts';
import { exportColumns, type ExportColumn } from './exports/export-columns.ts';
import { exportCell } from './exports/export-values.ts';
import { answerPdfContent } from './exports/answer-pdf-content.ts';
import { pdfImageReader } from './exports/pdf-images.ts';
import type { FileService } from './files/file-service.ts';
import { fieldColumns, type FieldColumn } from './submission-fields.ts';
import type { FormRecord, Store, SubmissionFilter, SubmissionRecord } from './store/types.ts';
import { storedEnvelope } from '../../shared/crypto/envelope-shape.ts';
import { encryptedConflict, isEncrypted } from './encryption/setting.ts';

/** Spec 4.3 and 8: `limit` is 1 to 100, default 50, a larger value capped at 100. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;

/** A submission as the API shows it (spec 2.12), with the owner's tags, note and status (ARCHITECTURE.md Wave 4). */
export function submissionView(
  s: Pick<SubmissionRecord, 'id' | 'formVersion' | 'createdAt' | 'values' | 'hiddenChars' | 'extra'> &
    Partial<Pick<SubmissionRecord, 'tags' | 'note' | 'status'>>,
) {
  // An encrypted answer: its envelope under `encrypted`, and no values (`{}` keeps readers of `values` working).
  const envelope = storedEnvelope(s.values);
  return {
    id: s.id,
    form_version: s.formVersion,
    created_at: s.createdAt,
    values: envelope ? {} : s.values,
    ...(envelope && { encrypted: envelope }),
    values_contain_hidden_characters: s.hiddenChars,
    tags: s.tags ?? [],
    note: s.note ?? '',
    status: s.status ?? 'new',
    // An HTML post's undeclared inputs (accept_undeclared), only on a submission that kept some.
    ...(s.extra ? { extra: s.extra } : {}),
  };
}

/** Whether a filter narrows anything (an empty `q` or `tag` does not). */
export const filters = (f: SubmissionFilter | undefined): f is SubmissionFilter =>
  f !== undefined && Boolean(f.q || f.tag || f.status);

/** Reads a `limit` query value: absent → 50; not an integer → 400; under 1 → 400; over 100 → 100. */
export function parseLimit(raw: string | null): number {
  if (raw === null) return PAGE_DEFAULT;
  if (!/^-?\d+$/.test(raw)) throw badRequest('invalid_limit', ['limit: must be an integer']);
  const n = Number(raw);
  if (n < 1) throw badRequest('invalid_limit', ['limit: must be at least 1']);
  return Math.min(n, PAGE_MAX);
}

/** Reading a form's submissions as pages or CSV text. */
export class SubmissionReads {
  constructor(
    private readonly store: Store,
    private readonly cursors: SignedCursor,
    private readonly files?: FileService,
  ) {}

  /**
   * Newest-first pages over a form's submissions; stable while new ones arrive (keyset on seq). With
   * `filter`, only submissions matching it (text in the values with ASCII letters in any case, a tag, a status).
   */
  async page(
    form: FormRecord,
    limit: number,
    cursor: string | null,
    filter?: SubmissionFilter,
    order: 'newest' | 'oldest' = 'newest',
  ) {
    let from: number | undefined;
    if (cursor !== null) {
      from = this.cursors.decode(form.id, cursor);
      if (from === undefined)
        throw badRequest('invalid_cursor', ['cursor: not a cursor this server issued for this form']);
    }
    // One extra row tells whether another page exists without a second query.
    const rows = await this.store.submissions.page(form.id, limit + 1, from, filter, order);
    const page = rows.slice(0, limit);
    const result: { submissions: ReturnType<typeof submissionView>[]; next_cursor?: string } = {
      submissions: page.map(submissionView),
    };
    if (rows.length > limit) result.next_cursor = this.cursors.encode(form.id, page[page.length - 1].seq);
    return result;
  }

  /**
   * One submission of the form as spec 2.12 shows it, with `revisions`: the values respondents' edits replaced,
   * oldest first, each with when it was replaced ([] for an answer never edited); 404 when the form has no
   * submission with that id.
   */
  async one(form: FormRecord, id: string) {
    const record = await this.record(form, id);
    const revisions = await this.store.edits.revisions(form.id, record.id);
    return { ...submissionView(record), revisions: revisions.map((r) => ({ at: r.at, values: r.values })) };
  }

  /** One submission's PDF content (title, when, every question and answer, a signature's image); 404 as `one`. */
  async pdf(form: FormRecord, id: string): Promise<AnswerPdf> {
    const row = await this.record(form, id);
    // The server cannot read an encrypted answer: its PDF would be empty (the panel opens it instead).
    if (storedEnvelope(row.values)) throw encryptedConflict('lay out a PDF of');
    const images = this.files && pdfImageReader(this.files, form.id);
    const versions = (await this.store.forms.versions(form.id)).map((v) => ({
      version: v.version,
      definition: JSON.parse(v.definition) as FormDefinition,
    }));
    const fields = fieldColumns(versions.map((v) => v.definition));
    // One person's answer: a label that pipes an answer reads as they saw it, in the version they answered.
    const own = versions.find((v) => v.version === row.formVersion)?.definition;
    if (own)
      for (const field of allFields(own))
        if (field.label.includes('{{')) {
          const column = fields.find((c) => c.key === field.key);
          if (column) column.label = pipeText(own, field.label, row.values).trim() || field.key;
        }
    return answerPdfContent(form.title, fields, row, images);
  }

  private async record(form: FormRecord, id: string): Promise<SubmissionRecord> {
    const row = await this.store.submissions.byId(form.id, id);
    if (!row) throw notFound('submission');
    return row;
  }

  /** Submissions per UTC day over the last `days` days (today last) for every form of a workspace. */
  async dailyCounts(workspaceId: string, days = 30, now = new Date()): Promise<Map<string, number[]>> {
    const dayList = Array.from({ length: days }, (_, i) =>
      new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    );
    const index = new Map(dayList.map((d, i) => [d, i]));
    const out = new Map<string, number[]>();
    for (const row of await this.store.submissions.dailyCounts(workspaceId, `${dayList[0]}T00:00:00.000Z`)) {
      const i = index.get(row.day);
      if (i === undefined) continue;
      if (!out.has(row.formId)) out.set(row.formId, new Array(days).fill(0));
      out.get(row.formId)![i] = row.count;
    }
    return out;
  }

  /**
   * How many submissions the form holds (its kept count, no scan), or how many match `filter` (one
   * counting pass over the form's rows): the panel's total.
   */
  async total(form: FormRecord, filter?: SubmissionFilter): Promise<number> {
    return filters(filter) ? this.store.submissions.count(form.id, filter) : form.submissionCount;
  }

  /** One submission (spec 2.12) and its webhook deliveries with their logged attempts; 404 when not the form's. */
  async detail(form: FormRecord, submissionId: string) {
    const submission = await this.one(form, submissionId);
    const { deliveries, attempts } = await this.store.webhooks.forSubmission(form.id, submissionId);
    return {
      submission,
      deliveries: deliveries.map((d) => ({
        state: d.state,
        attempts: d.attemptCount,
        next_attempt_at: d.state === 'pending' ? d.nextAttemptAt : null,
        created_at: d.createdAt,
      })),
      attempts: attempts.map((a) => ({
        attempt: a.attempt,
        status_code: a.statusCode,
        error: a.error ?? undefined,
        duration_ms: a.durationMs,
        created_at: a.createdAt,
      })),
    };
  }

  /** The value columns of the CSV (spec 4.3) with their labels, types and option labels, also the panel's. */
  async fields(form: FormRecord): Promise<FieldColumn[]> {
    const versions = await this.store.forms.versions(form.id);
    return fieldColumns(versions.map((v) => JSON.parse(v.definition) as FormDefinition));
  }

  /** The export's columns (spec 4.3 order), headed by key or by the newest label. */
  async exportColumns(form: FormRecord, headers: ExportOptions['headers']): Promise<ExportColumn[]> {
    return exportColumns(await this.fields(form), headers, isEncrypted(form));
  }

  /** The names of the inputs HTML posts kept beside the fields (accept_undeclared): the exports' last columns. */
  extraKeys(form: FormRecord): Promise<string[]> {
    return this.store.submissions.extraKeys(form.id);
  }

  /** Every submission of the form oldest first (only those matching `filter` when given), read in pages. */
  oldestFirst(form: FormRecord, filter?: SubmissionFilter): AsyncIterable<SubmissionRecord> {
    return this.store.submissions.iterate(form.id, undefined, filter);
  }

  /**
   * The CSV file as chunks of text: the header row (after a byte-order mark with `bom`), then every submission
   * oldest first (only those matching `filter` when given), read in pages.
   */
  async *csv(
    form: FormRecord,
    filter?: SubmissionFilter,
    options: ExportOptions = DEFAULT_EXPORT,
    chunkChars = 64 * 1024,
  ): AsyncGenerator<string> {
    const columns = await this.exportColumns(form, options.headers);
    // The inputs HTML posts kept beside the fields (accept_undeclared), after them, headed `extra.<name>`.
    const extraKeys = await this.extraKeys(form);
    const headers = [...columns.map((c) => c.header), ...extraKeys.map((k) => `extra.${k}`)];
    let chunk = (options.bom ? '\uFEFF' : '') + csvRow(headers);
    const labels = options.values === 'labels';
    for await (const sub of this.oldestFirst(form, filter)) {
      const cells: unknown[] = [sub.id, sub.createdAt];
      for (let i = 2; i < columns.length; i++) cells.push(exportCell(columns[i], sub.values, labels));
      for (const k of extraKeys) cells.push(sub.extra?.[k] ?? '');
      chunk += csvRow(cells);
      if (chunk.length >= chunkChars) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk;
  }
}
