// Partial answers (ARCHITECTURE.md Wave 4 "Partial answers"): what a person typed on a form that keeps them
// (`keep_partial`), sent by the page when they leave or sit idle, kept per page session until they finish.
// Never a submission: not counted as one, never sent to webhooks, Slack, Discord or mail (nothing here hands
// one to those), listed apart with `?status=partial`, deleted by the form's retention, by erasure and with
// the form.
import { EVENT_SESSION_PATTERN, PARTIALS_PER_FORM_MAX } from '../../../shared/api/limits.ts';
import { badRequest, conflict, invalid, notFound } from '../../lib/api-error.ts';
import { csvRow } from '../../lib/csv.ts';
import type { AntiSpam } from '../antispam.ts';
import type { DefinitionCache } from '../definitions.ts';
import { DEFAULT_EXPORT, type ExportOptions } from '../exports/export-options.ts';
import { exportCell } from '../exports/export-values.ts';
import { isEncrypted } from '../encryption/setting.ts';
import { newTimeOrderedRow } from '../ids.ts';
import type { FormRecord, PartialFilter, PartialRecord, Store } from '../store/types.ts';
import type { SubmissionReads } from '../submission-reads.ts';
import { keepsField, keptValues, lastQuestion } from './partial-values.ts';

/** The field of a JSON submission naming the page's partial-answer session: the finished answer replaces it. */
export const PARTIAL_SESSION_FIELD = '_session';

/** What a page posts: the session, the values so far, the last question reached and the anti-spam fields. */
const BODY_FIELDS = new Set(['session', 'values', 'last', '_hp', '_rt']);

/** The partial answer as the API lists it: like a submission, with `status: "partial"` and its last question. */
export function partialView(p: PartialRecord) {
  return {
    id: p.id,
    form_version: p.formVersion,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    values: p.values,
    status: 'partial' as const,
    last_question: p.lastKey,
  };
}

/** A list cursor: the last row's update time and id, as base64url text (the form id scopes every read). */
const encodeCursor = (p: PartialRecord) => Buffer.from(`${p.updatedAt} ${p.id}`).toString('base64url');

function decodeCursor(cursor: string): { updatedAt: string; id: string } {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  const match = /^(\d{4}-\d\d-\d\dT[\d:.]+Z) ([0-9a-f-]{36})$/.exec(text);
  if (!match) throw badRequest('invalid_cursor', ['cursor: not a cursor this server issued for this form']);
  return { updatedAt: match[1], id: match[2] };
}

/** Takes partial answers from pages and reads them back for owners. */
export class PartialAnswers {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly antiSpam: AntiSpam,
    private readonly reads: SubmissionReads,
  ) {}

  /**
   * A page's partial answer (POST /v1/f/{id}/partial): 404 for an unknown form, 409 `partial_off` when the form
   * does not keep them, 422 for a bad body or one that keeps no answer. A post without a valid render token or
   * with a filled honeypot is answered the same as a kept one and stores nothing (a bot learns nothing).
   * Answers whether it was kept.
   */
  async accept(formId: string, body: Record<string, unknown>, now = new Date()): Promise<boolean> {
    const form = await this.store.forms.byId(formId);
    if (!form) throw notFound();
    // An encrypted form keeps none (the setting refuses both on; this covers a form switched meanwhile).
    if (!form.keepPartial || isEncrypted(form))
      throw conflict('partial_off', ['form: does not keep partial answers (keep_partial is off)']);
    const problems = Object.keys(body)
      .filter((k) => !BODY_FIELDS.has(k))
      .map((k) => `${k}: unknown field`);
    if (typeof body.session !== 'string' || !EVENT_SESSION_PATTERN.test(body.session))
      problems.push('session: must be 8 to 64 of A-Z a-z 0-9 - _');
    const raw = body.values;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) problems.push('values: must be an object');
    if (body.last !== undefined && typeof body.last !== 'string') problems.push('last: must be a field key');
    if (problems.length) throw invalid(problems);
    // The page's own token is required: a partial answer only ever comes from a page this server rendered.
    if (body._rt === undefined || this.antiSpam.reason(form.id, body._hp, body._rt, { timed: false })) return false;
    const definition = await this.definitions.get(form.id, form.version);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    const values = keptValues(definition, raw as Record<string, unknown>);
    if (Object.keys(values).length === 0)
      throw invalid(['values: holds no answer a partial answer keeps (never passwords, files or signatures)']);
    const { id } = newTimeOrderedRow();
    const at = now.toISOString();
    await this.store.partials.save(
      {
        id,
        formId: form.id,
        session: body.session as string,
        formVersion: form.version,
        values,
        lastKey: lastQuestion(definition, values, body.last),
        createdAt: at,
        updatedAt: at,
      },
      PARTIALS_PER_FORM_MAX,
    );
    return true;
  }

  /** How many partial answers the form holds. */
  count(form: FormRecord): Promise<number> {
    return this.store.partials.count(form.id);
  }

  /** A page of the form's partial answers, the latest first (GET .../submissions?status=partial). */
  async page(form: FormRecord, limit: number, cursor: string | null, filter?: PartialFilter) {
    const after = cursor === null ? undefined : decodeCursor(cursor);
    const rows = await this.store.partials.page(form.id, limit + 1, after, filter);
    const page = rows.slice(0, limit);
    const result: { submissions: ReturnType<typeof partialView>[]; next_cursor?: string } = {
      submissions: page.map(partialView),
    };
    if (rows.length > limit) result.next_cursor = encodeCursor(page[page.length - 1]);
    return result;
  }

  /**
   * The CSV of the form's partial answers (exported on request): id, created_at, updated_at, last_question,
   * then the answer columns of the submissions' CSV without those a partial answer never keeps; latest first.
   */
  async *csv(
    form: FormRecord,
    filter?: PartialFilter,
    options: ExportOptions = DEFAULT_EXPORT,
  ): AsyncGenerator<string> {
    const all = await this.reads.exportColumns(form, options.headers);
    const columns = all.slice(2).filter((c) => !c.field || keepsField(c.field.type));
    const byLabel = options.headers === 'labels';
    const fixed = byLabel
      ? ['ID', 'Started at (UTC)', 'Last sent at (UTC)', 'Last question']
      : ['id', 'created_at', 'updated_at', 'last_question'];
    let chunk = (options.bom ? '\uFEFF' : '') + csvRow([...fixed, ...columns.map((c) => c.header)]);
    const labels = options.values === 'labels';
    const pageSize = 500;
    let after: { updatedAt: string; id: string } | undefined;
    for (;;) {
      const rows = await this.store.partials.page(form.id, pageSize, after, filter);
      for (const p of rows)
        chunk += csvRow([
          p.id,
          p.createdAt,
          p.updatedAt,
          p.lastKey,
          ...columns.map((c) => exportCell(c, p.values, labels)),
        ]);
      yield chunk;
      chunk = '';
      if (rows.length < pageSize) return;
      after = { updatedAt: rows[rows.length - 1].updatedAt, id: rows[rows.length - 1].id };
    }
  }
}
