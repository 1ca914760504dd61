// Counting how a form does (ARCHITECTURE.md "Knowing how a form does"): the pages' events (view, start,
// step, and each question reached, answered or skipped) and the stored submissions (completion, duration)
// become daily counters in memory, written to the store in one batch every FLUSH_EVERY_MS and at shutdown.
// Nothing on a submission's path waits for it; an event costs a validation, a hash and a Map update. Each
// browser session counts each event once: a bounded, expiring set of keyed hashes of (form, session,
// event) in memory, never stored.
import { createHmac, randomBytes } from 'node:crypto';
import { eventsBodySchema } from '../../../shared/api/form-events.ts';
import { funnelQuestions } from '../../../shared/engine/funnel-questions.ts';
import { zodProblems } from '../../../shared/api/problems.ts';
import { badRequest } from '../../lib/api-error.ts';
import { SeenOnce } from '../../lib/seen-once.ts';
import type { PublicForms } from '../public-forms.ts';
import type { DailyCount, Store } from '../store/types.ts';
import { durationBucket } from './duration-buckets.ts';
import { PendingCounts } from './pending-counts.ts';
import { sourceLabel } from './visit-source.ts';
import type { VisitHint } from './visit-hint.ts';

/** How often the counters in memory are written (and at shutdown). */
export const FLUSH_EVERY_MS = 10_000;

/** Session events remembered for deduplication: at most this many, each for SESSION_TTL_MS. */
export const SEEN_MAX = 100_000;
export const SESSION_TTL_MS = 6 * 3600_000;

/** The UTC day of a time in ms. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Counts events and completions into daily counters; flushes them to the store. */
export class FormCounting {
  private readonly pending = new PendingCounts();
  private readonly seen = new SeenOnce(SEEN_MAX, SESSION_TTL_MS);
  /** A key of this process only: the hashes in memory say nothing about a session outside it. */
  private readonly hashKey = randomBytes(32);
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly store: Store,
    private readonly forms: Pick<PublicForms, 'load'>,
    private readonly log: (line: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * POST /v1/f/{id}/events: checks the body (400 with every problem, nothing counted), the form (404)
   * and that each step is one of the form's current steps and each question key one of its questions (400),
   * then counts each event not yet counted for this session.
   */
  async events(formId: string, body: Record<string, unknown>): Promise<void> {
    const parsed = eventsBodySchema.safeParse(body);
    if (!parsed.success) throw badRequest('invalid_request', zodProblems(parsed.error));
    const { definition } = await this.forms.load(formId);
    const stepIds = new Set((definition.steps ?? []).map((s) => s.id));
    const questions = new Set(funnelQuestions(definition).map((f) => f.key));
    const events = parsed.data.events;
    const unknown = events.flatMap((e, i) => {
      if (e.type === 'step' && !stepIds.has(e.step)) return [`events[${i}].step: this form has no step "${e.step}"`];
      if ('key' in e && !questions.has(e.key)) return [`events[${i}].key: this form has no question "${e.key}"`];
      return [];
    });
    if (unknown.length) throw badRequest('invalid_request', unknown);
    const now = this.now();
    const day = dayOf(now);
    for (const e of events) {
      const step = e.type === 'step' ? e.step : 'key' in e ? e.key : '';
      // A person leaves a question once: answered or skipped, whichever came first (so the funnel's numbers
      // of one question never add up to more than the people who reached it).
      const once = e.type === 'answered' || e.type === 'skipped' ? 'left' : e.type;
      if (!this.seen.first(this.sessionKey(formId, parsed.data.session, once, step), now)) continue;
      const source = e.type === 'view' ? this.pending.admit(formId, day, sourceLabel(parsed.data)) : '';
      this.pending.add(formId, day, e.type, step, source);
    }
  }

  /**
   * A submission was stored (not spam, not a replay): one completion on its day, under the source its
   * page reported (none when it came without a hint: the API, a post without JavaScript), and its time
   * from start in the duration histogram when the page measured one.
   */
  completed(formId: string, createdAt: string, hint?: VisitHint) {
    const day = createdAt.slice(0, 10);
    const source = hint ? this.pending.admit(formId, day, sourceLabel(hint.source)) : '';
    this.pending.add(formId, day, 'completion', '', source);
    const bucket = hint?.seconds === undefined ? undefined : durationBucket(hint.seconds);
    if (bucket) this.pending.add(formId, day, 'duration', bucket, '');
  }

  /** The counts of one form not written yet (this instance's), so an owner sees what just happened. */
  unwritten(formId: string, fromDay: string, toDay: string): DailyCount[] {
    return this.pending.of(formId, fromDay, toDay);
  }

  /** The form was deleted: its waiting counts go (the store drops late ones anyway). */
  forget(formId: string) {
    this.pending.forget(formId);
  }

  /** Writes the waiting counts every FLUSH_EVERY_MS. */
  start() {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what waits (at shutdown, before the store closes). */
  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes the waiting counts in one batch; one write at a time. A failed write keeps them for the next. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.size === 0) return;
    const rows = this.pending.take();
    this.writing = this.store.formStats
      .add(rows, () => this.pending.landed())
      .then(
        () => this.pending.settle(true),
        (err) => {
          this.pending.settle(false);
          this.log(`counts not written, kept for the next try: ${err instanceof Error ? err.message : String(err)}`);
        },
      );
    try {
      await this.writing;
    } finally {
      this.writing = undefined;
    }
  }

  private sessionKey(formId: string, session: string, type: string, step: string) {
    return createHmac('sha256', this.hashKey)
      .update(`${formId}\0${session}\0${type}\0${step}`)
      .digest('base64url')
      .slice(0, 16);
  }
}
