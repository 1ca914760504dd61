// Outgoing mail: SMTP through nodemailer when FORMSTEAD_SMTP_URL is set, otherwise the outbox the
// admin panel shows (ARCHITECTURE.md "Webhooks"). Sending never throws: mail is a side effect and
// must not fail or slow the work that caused it.
import nodemailer, { type Transporter } from 'nodemailer';
import { newId } from '../ids.ts';
import type { Store } from '../store/types.ts';

/** One plain-text message to one or more people. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  /**
   * The form the mail is about and the answers whose values (or respondent's address) it carries: held
   * in the outbox, the mail is deleted with the form or with any of those answers (DeletionService).
   */
  about?: { formId: string; submissionIds?: string[] };
}

/** Where mail goes: an SMTP server, or the outbox. */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly store: Store,
    private readonly opts: { smtpUrl?: string; from: string },
    private readonly log: (line: string) => void = () => {},
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  }

  /**
   * Sends the mail (one message per recipient, so members do not see each other's addresses) or holds it in the outbox.
   */
  async send(mail: Mail): Promise<void> {
    const subject = oneLine(mail.subject);
    if (mail.to.length === 0) return;
    try {
      if (!this.transport) return await this.hold(mail, subject, null);
      const failed: string[] = [];
      for (const to of mail.to) {
        try {
          await this.transport.sendMail({ from: this.opts.from, to, subject, text: mail.text });
        } catch (err) {
          failed.push(to);
          this.log(`mail "${subject}" to ${to} not sent: ${describe(err)}`);
        }
      }
      // Kept in the outbox with the reason, so the admin panel shows what did not go out.
      if (failed.length) await this.hold({ ...mail, to: failed }, subject, 'smtp send failed');
    } catch (err) {
      this.log(`mail "${subject}" lost: ${describe(err)}`);
    }
  }

  /** Closes the SMTP connection pool, if any. */
  close() {
    this.transport?.close();
  }

  private hold(mail: Mail, subject: string, error: string | null) {
    const about = { formId: mail.about?.formId ?? null, submissionIds: mail.about?.submissionIds ?? [] };
    return this.store.outbox.add({
      id: newId(),
      recipients: mail.to,
      subject,
      body: mail.text,
      createdAt: new Date().toISOString(),
      error,
      ...about,
    });
  }
}

/** A subject is one header line: no CR or LF from a form title can add headers. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, 250);

const describe = (err: unknown) =>
  err instanceof Error ? ((err as { code?: string }).code ?? err.message) : String(err);
