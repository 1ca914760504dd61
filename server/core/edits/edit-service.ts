// A respondent's edit of their answer through its private link (ARCHITECTURE.md Wave 4 "Respondents edit their
// answer"): the link is checked (edit-links.ts), the values are checked by the engine exactly as a submit's are,
// against the form's current version (the one the edit page shows), and stored in one write with the earlier
// values as a revision, an `edit` link of the form's chain, the idempotency record and a `submission.updated`
// delivery for receivers that opted in.
// Closing, response limits and quotas do not apply: the answer was taken already. File and signature fields keep
// what they hold (an edit cannot upload).
import { allFields, chooseEnding, evaluateSubmission } from '../../../shared/engine/index.ts';
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import { containsHiddenCharacters } from '../../../shared/text/hidden-characters.ts';
import { conflict, invalid } from '../../lib/api-error.ts';
import { linearRegex } from '../../lib/safe-regex.ts';
import { editDigest } from '../chain/links.ts';
import type { DefinitionCache } from '../definitions.ts';
import { withSignedLinks } from '../files/submission-files.ts';
import { newTimeOrderedId } from '../ids.ts';
import type { FormRecord, IdempotencyRecord, NewDelivery, Store, SubmissionRecord } from '../store/types.ts';
import { IDEMPOTENCY_WINDOW_MS } from '../store/types/submissions.ts';
import { onlyFields } from '../submissions.ts';
import { deliversWebhooks } from '../unclaimed.ts';
import { receives, updatedPayload } from '../webhooks/payload.ts';
import { type EditLinks, unknownEditLink } from './edit-links.ts';

/** What the respondent endpoint hands over for an edit (as SubmitInput, with the link's token). */
export interface EditInput {
  formId: string;
  token: string;
  values: unknown;
  skippedSteps?: unknown;
  /** An HTML form post: strings are coerced by the engine. */
  formPost: boolean;
  idempotencyKey?: string;
  /** A hash of the request body, compared when an idempotency key is reused. */
  bodyHash: string;
}

/** The answer to an edit: 200 with `{id, values, ending, revision}`. */
export interface EditResult {
  status: number;
  body: { id: string; values: Record<string, unknown>; ending: string | null; revision: number };
  form: FormRecord;
  replayed: boolean;
}

/** Accepts respondents' edits. */
export class EditService {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    readonly links: EditLinks,
    /** Signs the download links of file values in webhook payloads. */
    private readonly secret: string,
    /** A delivery was stored and is due now (the worker sends it without waiting for a scan). */
    private readonly onScheduled: (deliveryId: string, formId: string) => void = () => {},
  ) {}

  /** Checks the link, then the values, and stores the edit; throws ApiError for every refusal (nothing changes). */
  async edit(input: EditInput): Promise<EditResult> {
    const { form, submission } = await this.links.open(input.formId, input.token);
    const replay = await this.replay(form, input);
    if (replay) return replay;
    const { values, ending } = await this.evaluate(form, submission, input);
    const at = new Date().toISOString();
    const revision = (await this.store.edits.revisions(form.id, submission.id)).length + 1;
    const delivery = this.delivery(form, submission, values, at, revision);
    const body = { id: submission.id, values, ending, revision };
    const response = JSON.stringify(body);
    const outcome = await this.store.edits.apply({
      formId: form.id,
      submissionId: submission.id,
      formVersion: form.version,
      at,
      values,
      hiddenChars: containsHiddenCharacters(values),
      digest: (replaced) => editDigest(form.id, { id: submission.id, hash: replaced }, at, values),
      idempotency:
        input.idempotencyKey === undefined
          ? undefined
          : { key: input.idempotencyKey, bodyHash: input.bodyHash, status: 200, response },
      delivery,
    });
    if (outcome.kind === 'gone') throw unknownEditLink();
    if (outcome.kind === 'replay') return this.replayed(form, outcome.record, input);
    // Two edits at once: the store numbered this one; the answer says which it is.
    body.revision = outcome.revision;
    if (delivery) this.onScheduled(delivery.id, form.id);
    return { status: 200, body, form, replayed: false };
  }

  /** An Idempotency-Key sent again within its window: the first answer, or 409 with another body. */
  private async replay(form: FormRecord, input: EditInput): Promise<EditResult | undefined> {
    if (input.idempotencyKey === undefined) return undefined;
    const stored = await this.store.idempotency.get(form.id, input.idempotencyKey);
    if (!stored || Date.parse(stored.createdAt) < Date.now() - IDEMPOTENCY_WINDOW_MS) return undefined;
    return this.replayed(form, stored, input);
  }

  private replayed(form: FormRecord, stored: IdempotencyRecord, input: EditInput): EditResult {
    if (stored.bodyHash !== input.bodyHash)
      throw conflict('idempotency_key_reused', ['idempotency-key: was used before with a different body']);
    return { status: stored.status, body: JSON.parse(stored.response), form, replayed: true };
  }

  /** The engine's check against the form's current version; file and signature fields keep their stored values. */
  private async evaluate(form: FormRecord, submission: SubmissionRecord, input: EditInput) {
    const definition = await this.definitions.get(form.id, form.version);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    const uploads = allFields(definition)
      .filter((f) => fieldTypeCore(f.type)?.upload)
      .map((f) => f.key);
    if (typeof input.values !== 'object' || input.values === null || Array.isArray(input.values))
      throw invalid(['values: must be an object']);
    const raw = { ...((input.formPost ? onlyFields(definition, input.values) : input.values) as object) };
    for (const key of uploads) delete (raw as Record<string, unknown>)[key];
    const result = evaluateSubmission(definition, raw as Record<string, unknown>, {
      regex: linearRegex,
      coerceFormStrings: input.formPost,
      skippedSteps: input.skippedSteps,
    });
    const kept = new Set(uploads);
    const problems = result.problems.filter((p) => !kept.has(/^values\.([^.:]+)/.exec(p)?.[1] ?? ''));
    if (problems.length) throw invalid(problems);
    const values = { ...result.values };
    for (const key of uploads) if (submission.values[key] !== undefined) values[key] = submission.values[key];
    return { values, ending: chooseEnding(definition, values)?.id ?? null };
  }

  /** The `submission.updated` delivery, when the form's receiver opted in. */
  private delivery(
    form: FormRecord,
    submission: SubmissionRecord,
    values: Record<string, unknown>,
    at: string,
    revision: number,
  ): NewDelivery | undefined {
    if (!deliversWebhooks(form) || form.webhookUrl === '' || !receives(form, 'submission.updated')) return undefined;
    const id = newTimeOrderedId(Date.parse(at));
    const fileIds = Object.values(values).flatMap((v) =>
      v && typeof v === 'object' && typeof (v as { file_id?: unknown }).file_id === 'string'
        ? [(v as { file_id: string }).file_id]
        : [],
    );
    return {
      id,
      nextAttemptAt: at,
      payload: updatedPayload({
        formId: form.id,
        submissionId: submission.id,
        formVersion: form.version,
        values: withSignedLinks(values, fileIds, this.secret),
        createdAt: submission.createdAt,
        extra: submission.extra,
        updatedAt: at,
        revision,
      }),
    };
  }
}
