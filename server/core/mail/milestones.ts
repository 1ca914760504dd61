// Milestone mails (ARCHITECTURE.md "Forms, versions, claims"): with notify_mode `milestones`, a claimed
// form's 1st, 10th, 100th ... 100,000th response is announced to the workspace and the form's address.
import type { FormRecord, Store } from '../store/types.ts';
import type { Mailer } from './mailer.ts';
import { workspaceRecipients } from './recipients.ts';
import { sendsMail } from '../unclaimed.ts';

/** The response counts that send a mail. */
export const MILESTONES: readonly number[] = [1, 10, 100, 500, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000];

/** "1st", "10th", "1,000th". */
export function ordinal(n: number): string {
  const suffix =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return n.toLocaleString('en-US') + suffix;
}

/** Sends a milestone mail when a stored submission reaches one. */
export class MilestoneMail {
  constructor(
    private readonly store: Store,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  /** Whether a form at this response count gets a mail: claimed, milestones on, count listed. */
  static due(form: FormRecord, count: number): boolean {
    return MilestoneMail.counts(form) && MILESTONES.includes(count);
  }

  /** Whether the form's responses are counted for mails: each store write must then answer its own count. */
  static counts(form: FormRecord): boolean {
    return sendsMail(form) && form.notifyMode === 'milestones';
  }

  /** Sends the mail for `count` responses; never throws. */
  async send(form: FormRecord, count: number) {
    if (!MilestoneMail.due(form, count)) return;
    const to = await workspaceRecipients(this.store, form.workspaceId!, form.notifyEmailTo);
    const text = [
      `"${form.title}" has received its ${ordinal(count)} response.`,
      '',
      `Read the responses: ${this.publicUrl}/admin`,
      `Hosted form: ${this.publicUrl}/f/${form.id}`,
      '',
      'You get these mails because the form notifies on milestones; turn them off with notify_mode "off".',
    ].join('\n');
    await this.mailer.send({
      to,
      subject: `${ordinal(count)} response: ${form.title}`,
      text,
      about: { formId: form.id },
    });
  }
}
