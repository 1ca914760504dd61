// The "Webhook failing" mail of spec 6.6: after 5 failed attempts in a row, at most once per form
// per 24 hours, to the workspace's members who have mail on.
import type { FormRecord, Store } from '../store/types.ts';
import type { Mailer } from './mailer.ts';
import { workspaceRecipients } from './recipients.ts';
import { sendsMail } from '../unclaimed.ts';

/** Failed attempts in a row before the mail goes out (spec 6.6, 8). */
export const FAILURE_MAIL_AFTER = 5;

/** At most one failure mail per form in this window (spec 6.6, 8). */
export const FAILURE_MAIL_EVERY_MS = 24 * 3600_000;

/** The subject line of spec 6.6. */
export const failureSubject = (title: string) => `Webhook failing: ${title}`;

/** Writes and sends the failure mail; the rule (streak, 24 h) is applied in the store write that fires it. */
export class FailureMail {
  constructor(
    private readonly store: Store,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  /** Sends the mail about `form` with the last attempt's result; never throws. */
  async send(form: FormRecord, failures: number, last: { statusCode: number; error: string }) {
    if (!sendsMail(form)) return;
    const to = await workspaceRecipients(this.store, form.workspaceId);
    // The error is one of the fixed texts of spec 7.4: never a resolved address or a receiver's words.
    const lines = [
      `The webhook of the form "${form.title}" (${form.id}) has failed ${failures} times in a row.`,
      '',
      `Webhook URL: ${form.webhookUrl}`,
      `Last result: ${last.error}${last.statusCode ? ` (status ${last.statusCode})` : ''}`,
      '',
      'Submissions are kept and retried for about 22 hours; a successful delivery clears this state.',
      `Delivery log: ${this.publicUrl}/admin (or GET ${this.publicUrl}/v1/forms/${form.id}/webhook with an account ` +
        'key).',
      '',
      'You get at most one of these mails per form per day.',
    ];
    await this.mailer.send({
      to,
      subject: failureSubject(form.title),
      text: lines.join('\n'),
      about: { formId: form.id },
    });
  }
}
