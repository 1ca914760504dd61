// Outgoing mail: SMTP through nodemailer when FORMSTEAD_SMTP_URL is set, otherwise the outbox the
// admin panel shows (ARCHITECTURE.md "Webhooks"). Sending never throws: mail is a side effect and
// must not fail or slow the work that caused it.
import nodemailer, { type Transporter } from 'nodemailer';
import { newId } from '../ids.ts';
import type { OutboxRecord, Store } from '../store/types.ts';
import { StorageError } from '../../lib/storage-error.ts';

/** How often mail the outbox could not take (a full disk, an unreachable database) is offered again. */
export const HOLD_RETRY_MS = 5000;

/** At most this many such mails wait in memory; past it the oldest is dropped with a log line. */
const HOLD_WAITING_MAX = 1000;

/** One plain-text message to one or more people. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  /** Where replies go (a respondent's `_replyto`); not kept when the mail waits in the outbox. */
  replyTo?: string;
  /**
   * The form the mail is about and the answers whose values (or respondent's address) it carries: held
   * in the outbox, the mail is deleted with the form or with any of those answers (DeletionService).
   */
  about?: { formId: string; submissionIds?: string[] };
}

/** Where mail goes: an SMTP server, or the outbox. */
export class Mailer {
  private readonly transport: Transporter | undefined;
  /**
   * Outbox records the store refused for storage reasons, oldest first. A response mail is claimed (the
   * answers it covers marked as mailed) before it is held, so a record refused by a disk that filled in
   * between would be lost: it waits here and is written once storage takes writes again.
   */
  private readonly unrecorded: OutboxRecord[] = [];
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Store,
    private readonly opts: { smtpUrl?: string; from: string; holdRetryMs?: number },
    private readonly log: (line: string) => void = () => {},
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  }

  /**
   * Sends the mail (one message per recipient, so members do not see each other's addresses) or holds it in the outbox.
   */
  async send(mail: Mail): Promise<void> {
    const subject = oneLine(mail.subject);
    if (mail.to.length === 0) {
      // Only owners' mail can have nobody: a respondent's confirmation always has its address.
      this.log(
        `mail "${subject}" not sent: it needs an address. No member with mail on has a real one (the ` +
          "FORMSTEAD_OWNER_KEY owner's is a placeholder) and the form sets no email; sign in and set one",
      );
      return;
    }
    try {
      if (!this.transport) return await this.hold(mail, subject, null);
      const failed: string[] = [];
      for (const to of mail.to) {
        try {
          await this.transport.sendMail({ from: this.opts.from, to, subject, text: mail.text, replyTo: mail.replyTo });
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

  /** Closes the SMTP connection pool, if any; mail still waiting for storage is lost (logged). */
  close() {
    this.transport?.close();
    clearTimeout(this.retry);
    if (this.unrecorded.length)
      this.log(`${this.unrecorded.length} mails lost: storage did not take them before the stop`);
  }

  /** How many held mails wait for storage to take writes again. */
  get waitingForStorage(): number {
    return this.unrecorded.length;
  }

  private async hold(mail: Mail, subject: string, error: string | null) {
    const about = { formId: mail.about?.formId ?? null, submissionIds: mail.about?.submissionIds ?? [] };
    const record = {
      id: newId(),
      recipients: mail.to,
      subject,
      body: mail.text,
      createdAt: new Date().toISOString(),
      error,
      ...about,
    };
    try {
      await this.store.outbox.add(record);
    } catch (err) {
      if (!(err instanceof StorageError)) throw err;
      this.unrecorded.push(record);
      if (this.unrecorded.length > HOLD_WAITING_MAX)
        this.log(`mail "${this.unrecorded.shift()!.subject}" lost: too many mails wait for storage`);
      this.log(`mail "${subject}" waits for storage to take writes again (${err.code})`);
      this.retryLater();
    }
  }

  private retryLater() {
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.recordWaiting();
    }, this.opts.holdRetryMs ?? HOLD_RETRY_MS);
    // A timer does not keep the process alive; the shutdown logs what is still waiting (close()).
    this.retry.unref();
  }

  /** Writes the waiting records in order; stops at the first storage refusal and tries again later. */
  private async recordWaiting() {
    while (this.unrecorded.length) {
      try {
        await this.store.outbox.add(this.unrecorded[0]);
        this.unrecorded.shift();
      } catch (err) {
        if (err instanceof StorageError) return this.retryLater();
        this.log(`mail "${this.unrecorded.shift()!.subject}" lost: ${describe(err)}`);
      }
    }
  }
}

/** A subject is one header line: no CR or LF from a form title can add headers. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, 250);

const describe = (err: unknown) =>
  err instanceof Error ? ((err as { code?: string }).code ?? err.message) : String(err);
