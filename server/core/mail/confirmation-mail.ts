// The confirmation mail to a respondent (confirmation_email_field): "we got your answer", sent to the
// address typed into the form's chosen email field. Anyone can type any address there, so it is
// guarded against being used to mail strangers: claimed forms only, one address per submission, a
// per-form and a per-address rate limit (core/rate-limits.ts, shared by instances), and the mail carries only the
// owner's words and the form title, never the respondent's answers (a bot cannot make it carry its own text).
import type { RateLimits } from '../rate-limits.ts';
import type { FormRecord } from '../store/types.ts';
import type { Mailer } from './mailer.ts';
import { sendsMail } from '../unclaimed.ts';

/** A single plain address: no list, no display name, no header-breaking characters. */
const ADDRESS = /^[^\s@,;<>"()\\[\]:]{1,64}@[^\s@,;<>"()\\[\]:]{1,189}\.[^\s@,;<>"()\\[\]:.]{2,63}$/;

/** The text a respondent gets when the owner wrote none. */
export const DEFAULT_CONFIRMATION = 'Thank you. Your response was received.';

/** Sends confirmation mails to respondents. */
export class ConfirmationMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly limits: RateLimits,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** The address a submission's confirmation goes to, or undefined (off, unclaimed, no valid address). */
  static recipient(form: FormRecord, values: Record<string, unknown>): string | undefined {
    if (!sendsMail(form) || form.confirmationField === '') return undefined;
    const value = values[form.confirmationField];
    if (typeof value !== 'string') return undefined;
    const address = value.trim();
    return address.length <= 254 && ADDRESS.test(address) ? address : undefined;
  }

  /** Sends the confirmation of one stored submission when due and within the limits; never throws. */
  async send(
    form: FormRecord,
    submissionId: string,
    values: Record<string, unknown>,
    editUrl?: string,
  ): Promise<'sent' | 'skipped' | 'limited'> {
    const to = ConfirmationMail.recipient(form, values);
    if (!to) return 'skipped';
    // Both limits in one take: a refused address does not use the form's budget.
    if (
      !(await this.limits.tryTake(
        [this.limits.confirmationPerForm, form.id],
        [this.limits.confirmationPerAddress, to.toLowerCase()],
      ))
    ) {
      this.log(`confirmation mail of form ${form.id} skipped: rate limited`);
      return 'limited';
    }
    const text = [
      form.confirmationMessage.trim() || DEFAULT_CONFIRMATION,
      '',
      `This confirms your response to "${form.title}".`,
      // The private edit link (allow_edit_days): the one place besides the thank-you page that carries it.
      ...(editUrl
        ? ['', `To change your answer within ${form.allowEditDays} day(s), open this private link:`, editUrl]
        : []),
      'You get this mail because this address was entered in the form. If that was not you, ignore this mail.',
    ].join('\n');
    // Linked to its submission: the respondent's address is that answer's data and goes with it.
    const about = { formId: form.id, submissionIds: [submissionId] };
    await this.mailer.send({ to: [to], subject: `We received your response: ${form.title}`, text, about });
    return 'sent';
  }
}
