// Mail on every response (notify_each_response): the first answer after a quiet minute is mailed at
// once; answers arriving within the minute after a mail wait and go out together in one digest when
// it ends. What has been mailed is recorded per form (form_response_mail.seq), so the digest is read
// from the stored submissions and a restart loses none of it; the minute job is the safety net for
// a timer that died with the process.
import type { DefinitionCache } from '../definitions.ts';
import type { FormRecord, ResponseMailClaim, Store, SubmissionRecord } from '../store/types.ts';
import { pipeText } from '../../../shared/engine/index.ts';
import { answerLines, extraLines } from './answers-text.ts';
import type { Mailer } from './mailer.ts';
import { workspaceRecipients } from './recipients.ts';
import { sendsMail } from '../unclaimed.ts';

/** At most one response mail per form in this window; answers in between go into the next digest. */
export const RESPONSE_MAIL_EVERY_MS = 60_000;

/** A digest lists this many answers in full; it says how many more there are and links to the panel. */
export const DIGEST_LIST_MAX = 50;

/**
 * At most this many answers' `_subject`/`_replyto` wait in memory for their mail; past it the oldest
 * are forgotten (their mail then has the default subject), so posts cannot grow the process.
 */
export const MAIL_HEADERS_KEPT_MAX = 1000;

/**
 * A form post's own subject and Reply-To for the response mail (server/core/form-post.ts). They apply to
 * a mail that carries exactly that one answer; a digest of several has the default subject and no
 * Reply-To (whose would it be?). They are held in memory on the instance that took the answer, not
 * stored: a mail sent after a restart, or by another instance's sweep, has the defaults
 * (docs/decisions.md).
 */
export interface ResponseMailHeaders {
  subject?: string;
  replyTo?: string;
}

/** What a response mail shows of an answer. */
export type MailedAnswer = Pick<SubmissionRecord, 'id' | 'createdAt' | 'formVersion' | 'values' | 'extra'>;

/** The panel's view of one submission (its detail page). */
export const submissionLink = (publicUrl: string, formId: string, submissionId: string) =>
  `${publicUrl}/admin/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(submissionId)}`;

/** Sends the per-response mails and digests of forms that want them. */
export class ResponseMail {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** One run per form at a time, so a burst of posts makes one claim after another, not a race. */
  private readonly running = new Map<string, Promise<void>>();
  /** Submission id → its post's own subject and Reply-To, until its mail goes out (oldest first). */
  private readonly headers = new Map<string, ResponseMailHeaders>();
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly mailer: Mailer,
    private readonly definitions: DefinitionCache,
    private readonly publicUrl: string,
    private readonly opts: { everyMs?: number; now?: () => number; log?: (line: string) => void } = {},
  ) {}

  /** Whether a form mails its responses: the setting is on and the form is claimed (unclaimed forms send no mail). */
  static wanted(form: FormRecord): boolean {
    return sendsMail(form) && form.notifyEachResponse;
  }

  /**
   * After a durable submission (or one marked "not spam"): mails it now, or makes sure the digest follows. After
   * an import's quiet rows: the claim that mails what else waits moves the mark past them. Never throws.
   */
  stored(form: FormRecord, submissionId?: string, headers?: ResponseMailHeaders): void {
    if (headers && submissionId && ResponseMail.wanted(form)) this.keepHeaders(submissionId, headers);
    // A digest already waiting on its timer will read this answer from the store when the minute ends;
    // an attempt per answer meanwhile would only re-read the form and run a write transaction that
    // finds nothing to claim, which cost ingest a fifth of its rate (docs/performance.md).
    if (ResponseMail.wanted(form) && !this.timers.has(form.id)) void this.kick(form.id);
  }

  /** The safety-net job: every form with waiting answers and no mail in the window gets its mail now. */
  async sweep(): Promise<number> {
    let sent = 0;
    for (const id of await this.store.forms.withWaitingResponseMail()) if (await this.kick(id)) sent++;
    return sent;
  }

  /**
   * Ends the timers (shutdown) and starts no more mails. A mail already being sent is not waited for:
   * a silent SMTP server must not hold the shutdown (the mail leaves or lands in the outbox, or is lost).
   */
  async stop() {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** Runs one mail attempt for a form after any running one; resolves true when a mail was sent. */
  kick(formId: string): Promise<boolean> {
    const previous = this.running.get(formId) ?? Promise.resolve();
    const run = previous
      .then(() => this.attempt(formId))
      .catch((err) => {
        this.opts.log?.(`response mail of form ${formId}: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      });
    const tail = run.then(() => undefined);
    this.running.set(formId, tail);
    void tail.then(() => this.running.get(formId) === tail && this.running.delete(formId));
    return run;
  }

  private async attempt(formId: string): Promise<boolean> {
    if (this.stopped) return false;
    const form = await this.store.forms.byId(formId);
    if (!form || !ResponseMail.wanted(form)) return false;
    const now = this.now();
    const every = this.opts.everyMs ?? RESPONSE_MAIL_EVERY_MS;
    // A mail went out within the window: the answers waiting now go out when it ends. Read from the
    // row, not tried as a claim: in a burst every answer comes here, and each claim would be a write
    // the store refuses (claimResponseMail forgets the cached row, so a newer mail is never missed).
    const lastAt = form.responseMailAt === null ? undefined : Date.parse(form.responseMailAt);
    if (lastAt !== undefined && lastAt > now - every) {
      this.later(formId, lastAt + every - now);
      return false;
    }
    const claim = await this.store.forms.claimResponseMail(formId, iso(now), iso(now - every), DIGEST_LIST_MAX);
    if (!claim) return false;
    await this.send(form, claim);
    return true;
  }

  private keepHeaders(submissionId: string, headers: ResponseMailHeaders) {
    this.headers.set(submissionId, headers);
    if (this.headers.size > MAIL_HEADERS_KEPT_MAX) this.headers.delete(this.headers.keys().next().value!);
  }

  /** The headers of the answers a mail covers, forgotten now that it goes out. */
  private takeHeaders(claim: ResponseMailClaim): (ResponseMailHeaders | undefined)[] {
    return claim.submissions.map((s) => {
      const h = this.headers.get(s.id);
      this.headers.delete(s.id);
      return h;
    });
  }

  private later(formId: string, delayMs: number) {
    if (this.timers.has(formId) || this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(formId);
      void this.kick(formId);
    }, Math.max(0, delayMs) + 5);
    // A pending digest does not keep the process alive: the job sends it after a restart.
    timer.unref();
    this.timers.set(formId, timer);
  }

  private async send(form: FormRecord, claim: ResponseMailClaim) {
    const own = this.takeHeaders(claim);
    // Nobody to send to (only the FORMSTEAD_OWNER_KEY placeholder): the mailer logs that it needs an address.
    const to = await workspaceRecipients(this.store, form.workspaceId!, form.notifyEmailTo);
    const about = { formId: form.id, submissionIds: claim.submissions.map((s) => s.id) };
    const why = [
      'You get this mail because "Email me when someone responds" is on for this form. When many answers',
      "arrive together, they come in one mail a minute. Turn it off in the form's settings in the panel.",
    ];
    const mail = await this.compose(form, claim.submissions, claim.total, why, own[0]);
    await this.mailer.send({ to, ...mail, about });
  }

  /**
   * The response mail of `submissions` (`total` answers in all; those past the list are counted, not shown) with
   * `why` closing it: one answer's mail (its post's own subject and Reply-To when `own` has them) or a digest. The
   * notification rules' mail (rule-mail.ts) is this same mail.
   */
  async compose(
    form: FormRecord,
    submissions: MailedAnswer[],
    total: number,
    why: string[],
    own?: ResponseMailHeaders,
  ): Promise<{ subject: string; text: string; replyTo?: string }> {
    const blocks = await Promise.all(submissions.map((s) => this.block(form, s)));
    const footer = [
      '',
      `All responses: ${this.publicUrl}/admin/forms/${encodeURIComponent(form.id)}?tab=submissions`,
      '',
      ...why,
    ];
    if (total === 1) {
      const text = [`"${form.title}" has a new response.`, '', ...blocks[0], ...footer].join('\n');
      // A post's own `_subject` is the respondent's literal words; the form's default is piped.
      const subject = own?.subject ?? (await this.subject(form, submissions[0], `New response: ${form.title}`));
      return { subject, text, replyTo: own?.replyTo };
    }
    const more = total - submissions.length;
    const text = [
      `"${form.title}" has ${total} new responses.`,
      ...blocks.flatMap((b, i) => ['', `--- Response ${i + 1} of ${total} ---`, ...b]),
      ...(more > 0 ? ['', `and ${more} more, listed in the panel.`] : []),
      ...footer,
    ].join('\n');
    return { subject: `${total} new responses: ${form.title}`, text };
  }

  /**
   * The subject of a mail that carries one answer, with its `{{key}}` piped from that answer (Wave 3
   * "Answers that flow"). A digest's subject names no answer, so it is never piped. The mailer keeps
   * the subject on one line whatever an answer holds.
   */
  private async subject(form: FormRecord, s: MailedAnswer, subject: string): Promise<string> {
    if (!subject.includes('{{')) return subject;
    const definition = await this.definitions.get(form.id, s.formVersion);
    return definition ? pipeText(definition, subject, s.values) : subject;
  }

  /** One answer's lines: when, every answer by label, its link. */
  private async block(form: FormRecord, s: MailedAnswer): Promise<string[]> {
    const definition = await this.definitions.get(form.id, s.formVersion);
    // Files are named, not linked: a mail sits in inboxes and passes through servers, and a link that
    // downloads without a sign-in would hand the file to anyone holding the mail (docs/decisions.md).
    const lines = [
      ...answerLines(definition, s.values, { fileNote: 'download it from the panel' }),
      ...extraLines(s.extra),
    ];
    return [
      `Received: ${s.createdAt
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
        .replace(/Z$/, ' UTC')}`,
      ...(lines.length ? lines : ['(no answers filled in)']),
      `Open it: ${submissionLink(this.publicUrl, form.id, s.id)}`,
    ];
  }

  private now() {
    return this.opts.now ? this.opts.now() : Date.now();
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
