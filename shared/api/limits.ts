// Limits of the REST bodies and admin inputs, apart from their zod schemas: the admin panel's main
// bundle reads these numbers and must not pull zod in with them (118 KB against 26 KB gzipped).

/** Spec 8: success_message is at most 500 characters. */
export const SUCCESS_MESSAGE_MAX = 500;

/** The respondent's confirmation mail: at most this many characters of the owner's own message. */
export const CONFIRMATION_MESSAGE_MAX = 1000;

/** Retention: submissions are kept 1 to 3650 days (ten years), or forever (null). */
export const RETENTION_DAYS_MAX = 3650;

/** The longest text filter of the submissions view (also the CSV download's `filter`). */
export const SUBMISSION_FILTER_MAX = 200;

/** Submissions deleted per call of submissions.delete. */
export const DELETE_SUBMISSIONS_MAX = 100;

/** The words a closed form shows: at most 500 characters, as the success message. */
export const CLOSED_MESSAGE_MAX = 500;

/** Find a person: the longest address one can search for (RFC 5321's 254 characters). */
export const PERSON_EMAIL_MAX = 254;
