// A form that closes itself (ARCHITECTURE.md "Respondents who finish"): past its `close_at`, or once it
// holds `response_limit` answers, it takes none and shows its `closed_message`. Asked by the respondent
// endpoint, the hosted page, the public definition and the panel, so the rule is written once here.
import { ApiError } from '../lib/api-error.ts';
import type { FormRecord } from './store/types.ts';

/** What people see on a closed form when the owner wrote nothing. */
export const DEFAULT_CLOSED_MESSAGE = 'This form is closed and no longer accepts responses.';

type Closable = Pick<FormRecord, 'closeAt' | 'responseLimit' | 'submissionCount'>;

/** Which of the form's own settings closes it at `now` (ISO time), if one does. */
export function closedBy(form: Closable, now: string): 'close_at' | 'response_limit' | undefined {
  // close_at is stored normalised (Date#toISOString), so the strings compare as the times do.
  if (form.closeAt !== '' && form.closeAt <= now) return 'close_at';
  if (form.responseLimit !== null && form.submissionCount >= form.responseLimit) return 'response_limit';
  return undefined;
}

/** The closed form's words for people: the owner's, or the default. */
export const closedMessage = (form: Pick<FormRecord, 'closedMessage'>) => form.closedMessage || DEFAULT_CLOSED_MESSAGE;

/** The 409 a closed form answers (with its message, for renderers that show it). */
export function closedError(form: Pick<FormRecord, 'closeAt' | 'responseLimit' | 'closedMessage'>, why: string) {
  const detail =
    why === 'close_at'
      ? `form: closed on ${form.closeAt}`
      : `form: has reached its limit of ${form.responseLimit} responses`;
  return new ApiError(409, 'closed', [detail], { closed_message: closedMessage(form) });
}
