// Notification rules (the `notify_rules` setting, ARCHITECTURE.md Wave 4): a response whose accepted values match
// every condition of a rule also mails the rule's address. The conditions are the definition's own, read by the
// shared engine (conditionMatches). The mail and its limit are the response mail's: the same text (ResponseMail
// .compose), at most one mail a minute per form and address, the answers in between sent together as a digest when
// the minute ends. Unlike the response mail, what waits for a digest is held in memory, not claimed from the store:
// a restart within the minute loses that digest (docs/decisions.md, 2026-11-29).
import { conditionMatches } from '../../../shared/engine/conditions.ts';
import type { FormRecord, Store, SubmissionRecord } from '../store/types.ts';
import { sendsMail } from '../unclaimed.ts';
import type { Mailer } from './mailer.ts';
import { DIGEST_LIST_MAX, type MailedAnswer, RESPONSE_MAIL_EVERY_MS, type ResponseMail } from './response-mail.ts';

/** At most this many form-and-address pairs wait for a digest at once; past it a matching answer is not mailed. */
export const RULE_DIGESTS_WAITING_MAX = 1000;

/** What waits for one address of one form: the answers' ids (the first DIGEST_LIST_MAX) and how many in all. */
interface Waiting {
  ids: string[];
  total: number;
  timer: NodeJS.Timeout;
}

/** The addresses whose rules `values` match, each once (case-insensitive), in the rules' order. */
export function matchingAddresses(form: FormRecord, values: Record<string, unknown>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const rule of form.notifyRules) {
    if (!rule.when.every((c) => conditionMatches(c, values))) continue;
    const key = rule.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(rule.email);
  }
  return out;
}

/** Sends the notification rules' mails. */
export class RuleMail {
  private readonly lastAt = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting>();
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly mailer: Mailer,
    private readonly responseMail: ResponseMail,
    private readonly opts: { everyMs?: number; now?: () => number; log?: (line: string) => void } = {},
  ) {}

  /** After a durable submission: mails each matching rule's address now, or adds it to that address's digest. */
  stored(form: FormRecord, record: MailedAnswer): void {
    if (this.stopped || !sendsMail(form) || form.notifyRules.length === 0) return;
    for (const to of matchingAddresses(form, record.values)) this.queue(form, to, record);
  }

  /** Ends the timers (shutdown); the digests waiting are not sent. */
  async stop() {
    this.stopped = true;
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    this.waiting.clear();
  }

  private queue(form: FormRecord, to: string, record: MailedAnswer) {
    const key = `${form.id}\n${to.toLowerCase()}`;
    const every = this.opts.everyMs ?? RESPONSE_MAIL_EVERY_MS;
    const now = this.now();
    const waiting = this.waiting.get(key);
    if (waiting) {
      if (waiting.ids.length < DIGEST_LIST_MAX) waiting.ids.push(record.id);
      waiting.total++;
      return;
    }
    const last = this.lastAt.get(key);
    if (last === undefined || last <= now - every) {
      this.lastAt.set(key, now);
      void this.send(form.id, to, [record], 1);
      return;
    }
    if (this.waiting.size >= RULE_DIGESTS_WAITING_MAX) {
      this.log(`notification rule mail of form ${form.id} skipped: too many digests waiting`);
      return;
    }
    const timer = setTimeout(() => void this.flush(key, form.id, to), last + every - now + 5);
    timer.unref();
    this.waiting.set(key, { ids: [record.id], total: 1, timer });
  }

  private async flush(key: string, formId: string, to: string) {
    const waiting = this.waiting.get(key);
    this.waiting.delete(key);
    if (!waiting || this.stopped) return;
    this.lastAt.set(key, this.now());
    const records: SubmissionRecord[] = [];
    for (const id of waiting.ids) {
      const row = await this.store.submissions.byId(formId, id);
      // Deleted meanwhile: it is not mailed (and not counted).
      if (row) records.push(row);
    }
    const gone = waiting.ids.length - records.length;
    if (records.length > 0) await this.send(formId, to, records, waiting.total - gone);
  }

  private async send(formId: string, to: string, records: MailedAnswer[], total: number) {
    try {
      // Read again: the rules or the form may have changed (or the form gone) since the answer came.
      const form = await this.store.forms.byId(formId);
      if (!form || !sendsMail(form)) return;
      const why = [
        'You get this mail because a notification rule of this form sends the answers that match it to this',
        "address. When many arrive together, they come in one mail a minute. Change the rules in the form's settings.",
      ];
      const mail = await this.responseMail.compose(form, records, total, why);
      const about = { formId, submissionIds: records.map((r) => r.id) };
      await this.mailer.send({ to: [to], subject: mail.subject, text: mail.text, about });
    } catch (err) {
      this.log(`notification rule mail of form ${formId}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private log(line: string) {
    this.opts.log?.(line);
  }

  private now() {
    return this.opts.now ? this.opts.now() : Date.now();
  }
}
