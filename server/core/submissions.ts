// Taking a respondent's submission (ARCHITECTURE.md "Forms, versions, claims"), as named steps:
// load the form, check it accepts answers, check anti-spam, evaluate with the engine, store durably
// (with the idempotency record and the webhook delivery in the same write), answer.
import { observeStored } from '../metrics/http-metrics.ts';
import { metricsEnabled } from '../metrics/registry.ts';
import { createHash } from 'node:crypto';
import {
  allFields,
  chooseEnding,
  type Ending,
  evaluateSubmission,
  type FormDefinition,
} from '../../shared/engine/index.ts';
import { ApiError, conflict, invalid, notFound } from '../lib/api-error.ts';
import { EVENT_SESSION_PATTERN } from '../../shared/api/limits.ts';
import { containsHiddenCharacters, jsonHasHiddenCharacters } from '../../shared/text/hidden-characters.ts';
import { linearRegex } from '../lib/safe-regex.ts';
import { log } from '../lib/log.ts';
import type { Config } from '../config.ts';
import type { AntiSpam } from './antispam.ts';
import type { DefinitionCache } from './definitions.ts';
import type { FileService } from './files/file-service.ts';
import type { ResponseMailHeaders } from './mail/response-mail.ts';
import { resolveUploads, withoutUploads, withSignedLinks } from './files/submission-files.ts';
import { closedBy, closedError } from './closing.ts';
import { MilestoneMail } from './mail/milestones.ts';
import { newTimeOrderedId, newTimeOrderedRow } from './ids.ts';
import type { FormRecord, NewDelivery, NewSubmission, Store, SubmissionRecord } from './store/types.ts';
import type { InsertOutcome } from './store/types/submissions.ts';
import { IDEMPOTENCY_WINDOW_MS } from './store/types/submissions.ts';
import { chatDeliveries, sendsChat } from './webhooks/chat-deliveries.ts';
import type { VisitHint } from './stats/visit-hint.ts';
import { buildPayload } from './webhooks/payload.ts';
import type { EditLinks } from './edits/edit-links.ts';
import { undeclaredInputs } from './undeclared-inputs.ts';
import { encryptedValues } from './encryption/encrypted-post.ts';
import { isEncrypted } from './encryption/setting.ts';
import { deliversWebhooks, hasExpired, isClaimed, submissionCap, UNCLAIMED_SUBMISSION_CAP } from './unclaimed.ts';
import { isoNow } from '../lib/iso-time.ts';
import { cachedForm } from './store/form-cache.ts';
import { fastAccept } from './submit-lane/fast-accept.ts';

/** A form keeps at most this many suspected-spam posts; past it new ones are dropped, not stored. */
export const SPAM_KEPT_MAX = 1000;

/** What the respondent endpoint hands over after reading the request. */
export interface SubmitInput {
  formId: string;
  values: unknown;
  skippedSteps?: unknown;
  /** An HTML form post: strings are coerced by the engine ("42" → 42, "on" → true). */
  formPost: boolean;
  honeypot?: unknown;
  renderToken?: unknown;
  idempotencyKey?: string;
  /** An HTML form post's `_subject`/`_replyto` for the response mail (form-post.ts). */
  mail?: ResponseMailHeaders;
  /** A hash of the request body, compared when an idempotency key is reused (empty without a key). */
  bodyHash: string;
  /** The page's hint for counting its completion (source, seconds from start); never stored with the answer. */
  visit?: VisitHint;
  /** An encrypted form's envelope (server/core/encryption/encrypted-post.ts); undefined when not posted. */
  encrypted?: unknown;
  /** The page's partial-answer session (`_session`): its partial answer goes once this answer is stored. */
  partialSession?: unknown;
}

/** The answer to a submission: 201 with `{ id, values }`; `form` for the caller's redirect choice. */
export interface SubmitResult {
  status: number;
  /**
   * `ending`: the id of the first ending whose conditions match the stored values, or null ("Endings");
   * `edit_url`: the respondent's private edit link, when the form allows edits (never kept in the idempotency record).
   */
  body: { id: string; values: Record<string, unknown>; ending?: string | null; edit_url?: string };
  /** `body` as JSON text when it was made already (a new submission: the stored row's text); else stringify `body`. */
  json?: string;
  form: FormRecord;
  replayed: boolean;
}

/** A stored submission, told to whoever reacts to it (webhook worker, milestone mail) once it is durable. */
export interface StoredSubmission {
  form: FormRecord;
  submissionId: string;
  /** The webhook delivery written with it, when the form is claimed and has a webhook_url. */
  deliveryId?: string;
  /** Its Slack and Discord messages' deliveries, when the form has those addresses. */
  chatDeliveryIds?: string[];
  /** The form's submission count including this one. */
  submissionCount: number;
  /** The stored row's fields, for live views (the admin panel's open table). */
  record: Pick<SubmissionRecord, 'id' | 'formVersion' | 'createdAt' | 'values' | 'hiddenChars' | 'extra'>;
  /** The page's hint, for counting the completion under its source and time (core/stats/counting.ts). */
  visit?: VisitHint;
  /** The post's own subject and Reply-To for the response mail, when it carried them. */
  mail?: ResponseMailHeaders;
  /** The respondent's private edit link (allow_edit_days), for their confirmation mail. */
  editUrl?: string;
  /**
   * An imported row sent on with `notify=1` (imports/): webhooks, chat and the owners' mail react as to a
   * submission, but no confirmation mail goes to a respondent for an answer given long ago, and no visit
   * is counted.
   */
  imported?: boolean;
}

/** The deliveries a stored answer goes with: its webhook's and its Slack and Discord messages'. */
export interface Reactions {
  delivery?: NewDelivery;
  chatDeliveries: NewDelivery[];
}

/** Hash of a request body for idempotency comparisons. */
export const bodyHash = (raw: Buffer | string) => createHash('sha256').update(raw).digest('hex');

/** The 409 for an Idempotency-Key sent again with another body (spec), whether found before or in the write. */
const keyReused = () => conflict('idempotency_key_reused', ['idempotency-key: was used before with a different body']);

/** A submission's own fields, before its form's limits are added (SubmissionService.withinLimits). */
type SubmissionFields = Omit<NewSubmission, 'formId' | 'workspaceId' | 'formCap' | 'monthlyQuota' | 'exactCount'>;

/** The outcomes refuseOverLimits turns into refusals. */
type RefusedKind = 'form_cap' | 'monthly_quota' | 'duplicate';

/** What the service is built from. */
export interface SubmissionServiceParts {
  store: Store;
  definitions: DefinitionCache;
  antiSpam: AntiSpam;
  config: Config;
  /** Called after each durable new submission; must not block or throw (the answer waits for nothing). */
  afterStore: (stored: StoredSubmission) => void;
  files: FileService;
  /** The instance secret: signs the download links webhook payloads carry. */
  secret: string;
  /** Issues respondents' edit links for forms that allow edits. */
  editLinks?: EditLinks;
}

/** Accepts respondents' submissions. */
export class SubmissionService {
  private readonly store: Store;
  private readonly definitions: DefinitionCache;
  private readonly antiSpam: AntiSpam;
  private readonly config: Config;
  private readonly afterStore: SubmissionServiceParts['afterStore'];
  private readonly files: FileService;
  private readonly secret: string;
  private readonly editLinks?: EditLinks;

  constructor(parts: SubmissionServiceParts) {
    ({
      store: this.store,
      definitions: this.definitions,
      antiSpam: this.antiSpam,
      config: this.config,
      afterStore: this.afterStore,
      files: this.files,
      secret: this.secret,
      editLinks: this.editLinks,
    } = parts);
  }

  /**
   * Runs the named steps of a submission; rejects with ApiError for every refusal. Steps that need no I/O on the
   * common path (no key, no quota, the definition cached, no upload field) are called without a promise, and the
   * common path itself has no async wrapper: each promise cost a submission ~0.3 µs in promises and async hooks
   * (docs/performance.md, "session 5" and "session 7 (lane)").
   */
  submit(input: SubmitInput): Promise<SubmitResult> {
    try {
      const hit = cachedForm(this.store, input.formId);
      if (hit === undefined || input.idempotencyKey !== undefined) return this.submitAfterReads(input, hit);
      const form = { ...hit };
      const accepting = this.checkAccepting(form);
      return accepting ? accepting.then(() => this.accepted(form, input)) : this.accepted(form, input);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** `submit` when the form must be read from the store or an Idempotency-Key looked up first. */
  private async submitAfterReads(input: SubmitInput, hit: FormRecord | undefined): Promise<SubmitResult> {
    const form = hit ? { ...hit } : await this.loadForm(input.formId);
    const replay = input.idempotencyKey === undefined ? undefined : await this.replayIdempotent(form, input);
    if (replay) return replay;
    await this.checkAccepting(form);
    return this.accepted(form, input);
  }

  /** The steps after the form is known to take answers: anti-spam, the engine, the files, the write. */
  private accepted(form: FormRecord, input: SubmitInput): Promise<SubmitResult> {
    // The 2-second rule applies to posts from the JavaScript renderer only (see AntiSpam.reason).
    // An encrypted form's answer is stored as its envelope: no engine, files, ending or undeclared inputs.
    const sealed = isEncrypted(form) || input.encrypted !== undefined ? encryptedValues(form, input) : undefined;
    const spam = this.antiSpam.reason(form.id, input.honeypot, input.renderToken, { timed: !input.formPost });
    if (spam) return this.keepAsSpam(form, input, spam, sealed);
    if (sealed) return this.save(form, sealed, [], input, undefined);
    const definition = this.definitions.cached(form.id, form.version);
    if (definition === undefined) return this.definition(form).then((read) => this.evaluated(form, read, input));
    return this.evaluated(form, definition, input);
  }

  /** The engine's verdict and the files, then the write. */
  private evaluated(form: FormRecord, definition: FormDefinition, input: SubmitInput): Promise<SubmitResult> {
    // The engine's problems go to resolveUploads, so one 422 names them with the file fields' problems.
    const { values, problems } = this.evaluateWith(definition, input);
    const plain = withoutUploads(definition, values, problems);
    const saveResolved = (resolved: { values: Record<string, unknown>; fileIds: string[] }) =>
      this.save(
        form,
        resolved.values,
        resolved.fileIds,
        input,
        chooseEnding(definition, resolved.values),
        this.undeclared(form, definition, input),
      );
    if (plain) return saveResolved(plain);
    return resolveUploads(this.store, this.files, this.config, form, definition, values, { problems }).then(
      saveResolved,
    );
  }

  /**
   * Marks a suspected-spam post "not spam": it becomes a normal submission with the same id and time,
   * counted, delivered and mailed like any other (the spam row goes in the same write). Limits apply.
   * Its retention counts from now: a post caught weeks ago must not be deleted by the next sweep of a
   * short retention the moment someone restores it (docs/decisions.md).
   */
  async restoreSpam(form: FormRecord, spamId: string): Promise<StoredSubmission['record']> {
    const spam = await this.store.spam.byId(form.id, spamId);
    if (!spam) throw notFound('spam');
    // Its uploads become its files if they are still waiting (kept 24 h); a file field whose upload is
    // gone is left out rather than stored as a bare id.
    const definition = await this.definitions.get(form.id, spam.formVersion);
    const resolved = definition
      ? await resolveUploads(this.store, this.files, this.config, form, definition, spam.values, { lenient: true })
      : { values: spam.values, fileIds: [] };
    const values = resolved.values;
    const hiddenChars = containsHiddenCharacters(values);
    const delivery = this.delivery(
      form,
      spam.id,
      withSignedLinks(values, resolved.fileIds, this.secret),
      spam.createdAt,
      spam.formVersion,
    );
    const chat = chatDeliveries(
      form,
      definition,
      { id: spam.id, values, createdAt: spam.createdAt },
      this.config.publicUrl,
      new Date().toISOString(),
    );
    const outcome = await this.insertWithinLimits(form, {
      id: spam.id,
      formVersion: spam.formVersion,
      createdAt: spam.createdAt,
      values,
      hiddenChars,
      delivery: delivery && { ...delivery, nextAttemptAt: new Date().toISOString() },
      chatDeliveries: chat,
      fromSpam: true,
      retainFrom: new Date().toISOString(),
      files: resolved.fileIds,
    }).catch(async (err) => {
      // Restored twice at once (a double click, two people): the first write stored it under the spam
      // row's id and removed the row, so this one breaks the id's uniqueness. It was not there any more.
      if (await this.store.submissions.byId(form.id, spam.id)) throw notFound('spam');
      throw err;
    });
    if (outcome.kind === 'files_gone')
      throw invalid(['values: an upload was used by another response at the same moment; try again']);
    // The form was deleted meanwhile (its spam went with it); a replay cannot happen without a key.
    if (outcome.kind !== 'stored') throw notFound();
    const record = { id: spam.id, formVersion: spam.formVersion, createdAt: spam.createdAt, values, hiddenChars };
    const current = (await this.store.forms.byId(form.id)) ?? form;
    this.react({
      form: current,
      submissionId: spam.id,
      deliveryId: delivery?.id,
      chatDeliveryIds: chat.map((d) => d.id),
      submissionCount: outcome.submissionCount,
      record,
    });
    return record;
  }

  private async loadForm(formId: string): Promise<FormRecord> {
    const form = await this.store.forms.byId(formId);
    if (!form) throw notFound();
    return form;
  }

  /** Spec: a replay within the window (24 h) returns the first answer; the same key with another body is a 409. */
  private async replayIdempotent(form: FormRecord, input: SubmitInput): Promise<SubmitResult | undefined> {
    if (input.idempotencyKey === undefined) return undefined;
    const stored = await this.store.idempotency.get(form.id, input.idempotencyKey);
    if (!stored || Date.parse(stored.createdAt) < Date.now() - IDEMPOTENCY_WINDOW_MS) return undefined;
    if (stored.bodyHash !== input.bodyHash) throw keyReused();
    return this.withEditUrl({ status: stored.status, body: JSON.parse(stored.response), form, replayed: true });
  }

  /**
   * A replayed answer gets an edit link of its own (the first one's token was never stored, only its hash): the
   * person who lost the first answer can still edit.
   */
  private async withEditUrl(result: SubmitResult): Promise<SubmitResult> {
    const form = result.form;
    if (result.status !== 201 || !this.editLinks || form.allowEditDays <= 0) return result;
    const submission = await this.store.submissions.byId(form.id, result.body.id);
    if (!submission) return result;
    const edit_url = await this.editLinks.issue(form, submission.id, submission.createdAt);
    return { ...result, body: { ...result.body, edit_url }, json: undefined };
  }

  /** Throws when the form takes no answers now; a promise only when the monthly quota must be read. */
  private checkAccepting(form: FormRecord): Promise<void> | undefined {
    const now = isoNow();
    if (hasExpired(form, now)) {
      throw new ApiError(410, 'expired', ['form: this unclaimed form has expired']);
    }
    if (form.status === 'paused' || form.moderationPaused)
      throw conflict('paused', ['form: is paused and does not accept submissions']);
    const closed = closedBy(form, now);
    if (closed) throw closedError(form, closed);
    // Checked here to refuse early, and again inside the write so concurrent posts cannot overshoot.
    const cap = submissionCap(form);
    if (cap !== undefined && form.submissionCount >= cap) throw this.limitReached('form_cap');
    const quota = this.config.monthlySubmissions;
    if (isClaimed(form) && quota !== undefined) return this.checkQuota(form.workspaceId, quota, now);
    return undefined;
  }

  private async checkQuota(workspaceId: string, quota: number, now: string): Promise<void> {
    const used = await this.store.workspaces.monthlyUsage(workspaceId, now.slice(0, 7));
    if (used >= quota) throw this.limitReached('monthly_quota');
  }

  private limitReached(which: 'form_cap' | 'monthly_quota') {
    const detail =
      which === 'form_cap'
        ? `form: unclaimed forms accept at most ${UNCLAIMED_SUBMISSION_CAP} submissions; claim it to accept more`
        : `workspace: the monthly quota of ${this.config.monthlySubmissions} submissions is used up`;
    return new ApiError(402, 'limit_reached', [detail], {
      upgrade_url: this.config.upgradeUrl ?? `${this.config.publicUrl}/admin`,
    });
  }

  /**
   * A caught post gets what a person would get (so a bot learns nothing) and is kept apart as suspected
   * spam for 30 days: not counted, delivered or mailed. Only values the engine accepts are kept (so
   * "not spam" yields a valid submission); others, and any past the per-form cap, are dropped.
   */
  private async keepAsSpam(
    form: FormRecord,
    input: SubmitInput,
    reason: string,
    sealed?: Record<string, unknown>,
  ): Promise<SubmitResult> {
    const { id, createdAt } = newTimeOrderedRow();
    const raw =
      typeof input.values === 'object' && input.values !== null ? (input.values as Record<string, unknown>) : {};
    // An encrypted answer is kept as its envelope (the engine cannot read it); "not spam" stores it as it is.
    const evaluation = sealed ? undefined : await this.evaluate(form, input);
    const values = sealed ?? (evaluation?.problems.length ? undefined : evaluation?.values);
    if (values)
      await this.store.spam.add(
        { id, formId: form.id, formVersion: form.version, createdAt, values, reason },
        SPAM_KEPT_MAX,
      );
    // The ending a person would get, so a caught bot learns nothing from the answer either.
    const ending = values && evaluation ? (chooseEnding(evaluation.definition, values)?.id ?? null) : null;
    return { status: 201, body: { id, values: values ?? raw, ending }, form, replayed: false };
  }

  /**
   * The engine's verdict, problems included (the caller refuses); the shape of `values` and `skippedSteps` is
   * checked there, with the engine's words. The values hold every calculation's result, computed here: a
   * posted value for a calculation's key is ignored.
   */
  private async evaluate(form: FormRecord, input: SubmitInput) {
    const definition = await this.definition(form);
    return { definition, ...this.evaluateWith(definition, input) };
  }

  /** The form's current definition. */
  private async definition(form: FormRecord): Promise<FormDefinition> {
    const definition = await this.definitions.get(form.id, form.version);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    return definition;
  }

  /** The engine's verdict on `input` under `definition` (see evaluate). */
  private evaluateWith(
    definition: FormDefinition,
    input: SubmitInput,
  ): { values: Record<string, unknown>; problems: string[] } {
    // The plainest forms' JSON posts are accepted by the submit lane with the engine's values; all else, and any
    // value the lane is not sure of, goes to the engine (submit-lane/fast-accept.ts).
    const accepted = fastAccept(definition, input, linearRegex);
    if (accepted !== undefined) return { values: accepted, problems: [] };
    // An HTML form post carries whatever the page has (a named submit button, a site's own inputs):
    // names no field has are not answers and are left out, not refused. JSON keeps refusing them.
    const raw = input.formPost ? onlyFields(definition, input.values) : input.values;
    const result = evaluateSubmission(definition, raw as Record<string, unknown>, {
      regex: linearRegex,
      coerceFormStrings: input.formPost,
      skippedSteps: input.skippedSteps,
    });
    return { values: result.values, problems: result.problems };
  }

  /**
   * An HTML post's named inputs that are no field, kept when the form accepts them (accept_undeclared);
   * those past the limits are dropped and the count logged (no names or values: they are the person's).
   */
  private undeclared(form: FormRecord, definition: FormDefinition, input: SubmitInput) {
    if (!input.formPost || !form.acceptUndeclared) return undefined;
    const { extra, dropped } = undeclaredInputs(definition, input.values);
    if (dropped) log('warning: undeclared inputs past their limits were dropped', { form_id: form.id, dropped });
    return extra;
  }

  /** Stores a checked answer (with its deliveries and idempotency record) and answers 201. */
  private save(
    form: FormRecord,
    values: Record<string, unknown>,
    fileIds: string[],
    input: SubmitInput,
    chosen: Ending | undefined,
    extra?: Record<string, string>,
  ): Promise<SubmitResult> {
    // Read from the cache only for forms that send to Slack or Discord (the labels of their messages).
    if (!sendsChat(form)) return this.write(form, values, fileIds, input, chosen, extra, undefined);
    return this.definitions
      .get(form.id, form.version)
      .then((definition) => this.write(form, values, fileIds, input, chosen, extra, definition ?? undefined));
  }

  /** save's write, with the form's definition when its chat messages need the labels. */
  private write(
    form: FormRecord,
    values: Record<string, unknown>,
    fileIds: string[],
    input: SubmitInput,
    chosen: Ending | undefined,
    extra: Record<string, string> | undefined,
    chatDefinition: FormDefinition | undefined,
  ): Promise<SubmitResult> {
    const { id, createdAt } = newTimeOrderedRow();
    const ending = chosen?.id ?? null;
    const body = { id, values, ending };
    // The values as JSON once, for the row, the idempotency record and the answer: byte for byte what
    // JSON.stringify(body) gives, since `values` is a plain object of JSON values.
    const valuesJson = JSON.stringify(values);
    const json = `{"id":${JSON.stringify(id)},"values":${valuesJson},"ending":${JSON.stringify(ending)}}`;
    const signed = withSignedLinks(values, fileIds, this.secret);
    const delivery = this.delivery(form, id, signed, createdAt, form.version, extra);
    const chat = sendsChat(form)
      ? chatDeliveries(form, chatDefinition, { id, values, createdAt }, this.config.publicUrl)
      : [];
    const hiddenChars = jsonHasHiddenCharacters(valuesJson);
    const submission = this.withinLimits(form, {
      id,
      formVersion: form.version,
      createdAt,
      values,
      valuesJson,
      hiddenChars,
      extra,
      idempotency:
        input.idempotencyKey === undefined
          ? undefined
          : { key: input.idempotencyKey, bodyHash: input.bodyHash, status: 201, response: json },
      delivery,
      chatDeliveries: chat,
      files: fileIds,
    });
    // One `then` for the limits' refusals and what follows the write: no async wrapper (docs/performance.md).
    return this.store.submissions.insert(submission).then((inserted) => {
      const outcome = this.refuseOverLimits(form, inserted);
      if (outcome.kind === 'form_gone') throw notFound();
      if (outcome.kind === 'files_gone')
        throw invalid(['values: an upload was used by another response at the same moment; upload the file again']);
      // A concurrent request with the same key won the race: answer as its replay.
      if (outcome.kind === 'replay') {
        if (outcome.record.bodyHash !== input.bodyHash) throw keyReused();
        return this.withEditUrl({
          status: outcome.record.status,
          body: JSON.parse(outcome.record.response),
          form,
          replayed: true,
        });
      }
      const stored = {
        form,
        submissionId: id,
        deliveryId: delivery?.id,
        chatDeliveryIds: chat.map((d) => d.id),
        submissionCount: outcome.submissionCount,
        record: { id, formVersion: form.version, createdAt, values, hiddenChars, extra },
        visit: input.visit,
        mail: input.mail,
      };
      const result: SubmitResult = { status: 201, body, json, form, replayed: false };
      // The session of a partial answer this one finishes, if the post named one.
      const partialSession =
        typeof input.partialSession === 'string' && EVENT_SESSION_PATTERN.test(input.partialSession)
          ? input.partialSession
          : undefined;
      if (partialSession === undefined && form.allowEditDays <= 0) {
        this.react(stored);
        return result;
      }
      return this.afterStored(form, partialSession, stored, result);
    });
  }

  /**
   * What follows a stored answer beyond the common path: its partial answer (`partialSession`, checked already)
   * removed, its private edit link made (never kept in the idempotency record, only its hash), then the reactions
   * and the 201.
   */
  private async afterStored(
    form: FormRecord,
    partialSession: string | undefined,
    stored: StoredSubmission,
    result: SubmitResult,
  ): Promise<SubmitResult> {
    // The person finished: the answer replaces their partial one (ARCHITECTURE.md Wave 4 "Partial answers").
    if (partialSession !== undefined)
      // The answer is stored either way: a failed removal leaves the partial answer to retention, never fails it.
      await this.store.partials
        .deleteSession(form.id, partialSession)
        .catch((err) =>
          log('warning: a finished partial answer was not removed', { form_id: form.id, error: String(err) }),
        );
    const { id, createdAt } = stored.record;
    const editUrl = form.allowEditDays > 0 ? await this.editLinks?.issue(form, id, createdAt) : undefined;
    this.react({ ...stored, editUrl });
    if (editUrl) return { ...result, body: { ...result.body, edit_url: editUrl }, json: undefined };
    return result;
  }

  /**
   * The one write of a submission under its form's limits (submissionCap while unclaimed, the monthly
   * quota once claimed). Either refusal is 402.
   */
  private insertWithinLimits(form: FormRecord, sub: SubmissionFields) {
    return this.store.submissions
      .insert(this.withinLimits(form, sub))
      .then((outcome) => this.refuseOverLimits(form, outcome));
  }

  /** The submission to write with its form's limits, checked inside the write (see insertWithinLimits). */
  private withinLimits(form: FormRecord, sub: SubmissionFields): NewSubmission {
    // Object.assign rather than `{ ...sub, formId, … }`: that literal took V8's slow path here, ~3 µs a
    // submission in profiles under load (docs/performance.md); the result is the same plain object.
    return Object.assign({}, sub, {
      formId: form.id,
      workspaceId: form.workspaceId,
      // An unclaimed form's cap, or a claimed form's response_limit: both checked inside the write.
      formCap: submissionCap(form) ?? form.responseLimit ?? undefined,
      monthlyQuota: isClaimed(form) ? this.config.monthlySubmissions : undefined,
      // A milestone mail goes by the count the write answers; other forms let concurrent writes share one.
      exactCount: MilestoneMail.counts(form),
    });
  }

  /** The write's outcome, or the refusal it means: 402 (or the response limit's closing) over a limit. */
  private refuseOverLimits(form: FormRecord, outcome: InsertOutcome): Exclude<InsertOutcome, { kind: RefusedKind }> {
    if (outcome.kind === 'stored' && metricsEnabled()) observeStored();
    if (outcome.kind === 'form_cap' && isClaimed(form)) throw closedError(form, 'response_limit');
    if (outcome.kind === 'form_cap' || outcome.kind === 'monthly_quota') throw this.limitReached(outcome.kind);
    // Only an import names a row id (imports/), and it inserts by itself: a submission here never meets one.
    if (outcome.kind === 'duplicate') throw new Error('a submission without an import id was refused as a duplicate');
    return outcome;
  }

  /**
   * Hands a stored submission to afterStore: reacting (mail, webhook hand-over) never fails the write that happened.
   */
  private react(stored: StoredSubmission) {
    try {
      this.afterStore(stored);
    } catch {
      // The delivery is stored anyway; its worker picks it up.
    }
  }

  /**
   * The deliveries of an answer stored by someone other than this service (an import sent on with
   * `notify=1`), built as a submission's are; `announce` hands it on once it is durable.
   */
  async reactionsFor(
    form: FormRecord,
    record: Pick<SubmissionRecord, 'id' | 'createdAt' | 'values' | 'formVersion' | 'extra'>,
    fileIds: string[],
  ): Promise<Reactions> {
    const signed = withSignedLinks(record.values, fileIds, this.secret);
    const { id, createdAt } = record;
    const delivery = this.delivery(form, id, signed, createdAt, record.formVersion, record.extra);
    const chat = sendsChat(form)
      ? chatDeliveries(form, await this.definitions.get(form.id, record.formVersion), record, this.config.publicUrl)
      : [];
    return { delivery, chatDeliveries: chat };
  }

  /** Hands an answer stored elsewhere (an import) to whoever reacts to new answers, as `save` does. */
  announce(stored: StoredSubmission): void {
    this.react(stored);
  }

  /** Spec 6.1: claimed forms with a webhook_url get a delivery, its body built once here (spec 6.2). */
  private delivery(
    form: FormRecord,
    submissionId: string,
    values: Record<string, unknown>,
    createdAt: string,
    formVersion = form.version,
    extra?: Record<string, string>,
  ): NewDelivery | undefined {
    if (!deliversWebhooks(form) || form.webhookUrl === '') return undefined;
    const payload = buildPayload({ formId: form.id, submissionId, formVersion, values, createdAt, extra });
    return { id: newTimeOrderedId(Date.parse(createdAt)), payload, nextAttemptAt: createdAt };
  }
}

/** The posted fields the definition has; the rest of a form post is dropped. */
export function onlyFields(definition: FormDefinition, values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  // A matrix posts one group per row and a ranking one select per option, named `<key>.<row>` and
  // `<key>.<option>`: the engine's coerce gathers them into the field's value (shared/engine/coerce.ts).
  const keys = new Set(
    allFields(definition).flatMap((f) => {
      const parts = f.type === 'matrix' ? (f.matrix?.rows ?? []) : f.type === 'ranking' ? (f.options ?? []) : [];
      return [f.key, ...parts.map((p) => `${f.key}.${p.value}`)];
    }),
  );
  return Object.fromEntries(Object.entries(values).filter(([k]) => keys.has(k)));
}
