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

/** POST /v1/f/{id}/events: the body is at most 2 KB (a larger one answers 413 and counts nothing). */
export const EVENTS_BODY_MAX_BYTES = 2048;

/** POST /v1/f/{id}/events: at most this many events in one body. */
export const EVENTS_PER_BODY_MAX = 20;

/**
 * POST /v1/f/{id}/events: the longest question key a `reached`, `answered` or `skipped` event names (a page
 * leaves out questions with longer keys: they are not counted, never a reason to refuse the body).
 */
export const EVENT_QUESTION_KEY_MAX = 100;

/** The page's session id for counting: 8 to 64 of A-Z a-z 0-9 - _ (kept in sessionStorage, never stored). */
export const EVENT_SESSION_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The longest referrer host, and the longest utm_* value, an events body or a visit hint may carry. */
export const REFERRER_MAX = 253;
export const UTM_MAX = 200;

/** GET /v1/forms/{id}/stats: days shown when no range is asked for, and the longest range. */
export const STATS_DEFAULT_DAYS = 30;
export const STATS_MAX_DAYS = 366;

/** Find a person: the longest address one can search for (RFC 5321's 254 characters). */
export const PERSON_EMAIL_MAX = 254;

/** An answer's tags (PATCH /v1/forms/{id}/submissions/{sid}): at most 10, each 1 to 32 characters once trimmed. */
export const TAGS_MAX = 10;
export const TAG_CHARS_MAX = 32;

/** An answer's note: at most 2,000 characters. */
export const NOTE_CHARS_MAX = 2000;

/** The statuses an owner gives an answer; every answer starts 'new'. */
export const SUBMISSION_STATUSES = ['new', 'seen', 'done'] as const;

/** A form's notification rules (the `notify_rules` setting): at most 10. */
export const NOTIFY_RULES_MAX = 10;

/** POST /v1/f/{id}/partial: a partial answer's body is at most 64 KB, as an answer's (413 past it, nothing kept). */
export const PARTIAL_BODY_MAX_BYTES = 64 * 1024;

/** A page sends what a person typed after this long without a change (as well as when they leave): 30 minutes. */
export const PARTIAL_IDLE_MS = 30 * 60 * 1000;

/** A form keeps at most this many partial answers; a new one past it takes the place of the one sent longest ago. */
export const PARTIALS_PER_FORM_MAX = 10_000;

/** How many days a respondent's edit link works (the `allow_edit_days` setting): 0 (off, the default) to 30. */
export const ALLOW_EDIT_DAYS_MAX = 30;

/** The webhook events a form's receiver may take (the `webhook_events` setting); spec 6 receivers get the first. */
export const WEBHOOK_EVENTS = ['submission.created', 'submission.updated', 'submission.deleted'] as const;

/** One of WEBHOOK_EVENTS. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What `webhook_events` holds on a form that never set it: spec 6's one event. */
export const DEFAULT_WEBHOOK_EVENTS: WebhookEvent[] = ['submission.created'];
