// The forms area of the Store: forms with their settings and versions, and drafts being edited.
import type { SubmissionRecord } from './submissions.ts';
import type { ShowCondition } from '../../../../shared/definition/schema.ts';
import type { WebhookEvent } from '../../../../shared/api/limits.ts';
import type { EncryptionSetting } from '../../../../shared/api/encryption.ts';

/** Per-form settings of spec 2.11 as stored (secret in full). */
export interface FormSettingsRecord {
  successMessage: string;
  redirectUrl: string;
  allowAnotherResponse: boolean;
  notifyMode: 'milestones' | 'off';
  notifyEmailTo: string;
  webhookUrl: string;
  webhookSecret: string;
  /** The secret the last rotation replaced ('' when none); it still signs deliveries until the time below. */
  webhookSecretPrevious: string;
  /** Until when (ISO time) deliveries also carry a signature with the previous secret; null when none. */
  webhookSecretPreviousUntil: string | null;
  /** Slack-format incoming webhook that gets each response as a message; '' when off. */
  slackWebhookUrl: string;
  /** Discord webhook that gets each response as a message; '' when off. */
  discordWebhookUrl: string;
  /** Mail the members on every response (digests under bursts); additive to notifyMode's milestones. */
  notifyEachResponse: boolean;
  /** Key of the email field whose address gets a confirmation mail; '' when the mail is off. */
  confirmationField: string;
  /** The owner's words in the confirmation mail; '' for the default text. */
  confirmationMessage: string;
  /** Submissions older than this many days are deleted by the retention job; null keeps them forever. */
  retentionDays: number | null;
  /** The form's own look (shared/api/theme.ts), as validated when saved. */
  theme: Record<string, unknown>;
  /** When the form stops taking answers (ISO 8601), or '' for never. */
  closeAt: string;
  /** How many answers the form takes before it closes, or null for no limit. */
  responseLimit: number | null;
  /** What people see once the form is closed; '' for the default words. */
  closedMessage: string;
  /** The form's own address (`/f/{slug}`), unique among forms; '' for none. Set with `setSlug`. */
  slug: string;
  /** Sites (`https://host[:port]`, normalised) a form post's `_next` may send people back to (migration 012). */
  redirectOrigins: string[];
  /** An HTML form post keeps its undeclared named inputs as text under `extra` (migration 020/022). */
  acceptUndeclared: boolean;
  /** Pages send what a person typed before leaving, kept as a partial answer (migration 022/024; core/partials/). */
  keepPartial: boolean;
  /** Extra addresses mailed for answers that match their conditions (migration 017; core/mail/notify-rules.ts). */
  notifyRules: NotifyRule[];
  /** Days a respondent's edit link works, 0 for no edits (migration 25 / pg 27; core/edits/). */
  allowEditDays: number;
  /** The events the form's webhook receives (migration 24 / pg 26); spec 6's `submission.created` by default. */
  webhookEvents: WebhookEvent[];
  /** End-to-end encryption: public key, key id, wrapped private key; null when off (migrations 23 / pg 25). */
  encryption: EncryptionSetting | null;
}

/** One notification rule: a response whose accepted values match every condition of `when` also mails `email`. */
export interface NotifyRule {
  when: ShowCondition[];
  email: string;
}

/** A form as stored: its settings, owner (workspace, or agent key while unclaimed) and counters. */
export interface FormRecord extends FormSettingsRecord {
  id: string;
  workspaceId: string | null;
  agentKeyId: string | null;
  title: string;
  status: 'active' | 'paused';
  moderationPaused: boolean;
  version: number;
  createdAt: string;
  expiresAt: string | null;
  claimTokenHash: string | null;
  submissionCount: number;
  /** Webhook attempts that failed in a row; a delivered attempt resets it (spec 6.6). */
  webhookFailures: number;
  /** When the last "Webhook failing" mail went out, or null. */
  webhookFailureMailedAt: string | null;
  /** The last submission (by seq) a response mail covered; later ones wait for the next mail or digest. */
  responseMailSeq: number;
  /** When the last response mail went out, or null. */
  responseMailAt: string | null;
}

/** One published version of a form; `definition` is the JSON text as published. */
export interface FormVersionRecord {
  formId: string;
  version: number;
  definition: string;
  createdAt: string;
}

/** What the response mail of a form covers, as claimed in one write (see `forms.claimResponseMail`). */
export interface ResponseMailClaim {
  /** The submissions the mail lists, oldest first, at most `limit` of them. */
  submissions: SubmissionRecord[];
  /** How many the mail covers in all (may exceed the listed ones). */
  total: number;
}

/** A definition being edited in the admin panel (migration 007); `text` is kept exactly as typed. */
export interface DraftRecord {
  id: string;
  workspaceId: string;
  /** The form it changes; null for a new form never published. */
  formId: string | null;
  text: string;
  /** The form's version when the draft began; null for a new form. */
  baseVersion: number | null;
  updatedAt: string;
  /** The user who saved it last. */
  updatedBy: string;
  /** A new form's settings set in the builder (settings keys as the API names them), applied by its first publish. */
  settings: Record<string, unknown>;
  /** The id a new form's first publish gives it (its pictures belong to it already); null for a form's draft. */
  newFormId: string | null;
}

/** `store.forms`: forms, their versions, claims, response mail and deletion. */
export interface FormQueries {
  create(form: FormRecord, definition: string): Promise<void>;
  addVersion(
    formId: string,
    version: number,
    definition: string,
    title: string,
    settings: Partial<FormSettingsRecord>,
    at: string,
  ): Promise<void>;
  byId(id: string): Promise<FormRecord | undefined>;
  byClaimTokenHash(hash: string): Promise<FormRecord | undefined>;
  /** The form whose slug is `slug` (never matches ''). */
  bySlug(slug: string): Promise<FormRecord | undefined>;
  /** Gives a form its slug ('' removes it); false, and nothing changed, when another form has it. */
  setSlug(formId: string, slug: string): Promise<boolean>;
  version(formId: string, version: number): Promise<FormVersionRecord | undefined>;
  versions(formId: string): Promise<FormVersionRecord[]>;
  listByWorkspace(workspaceId: string): Promise<FormRecord[]>;
  listByAgentKey(agentKeyId: string): Promise<FormRecord[]>;
  /** Forms paused by moderation, instance-wide, newest first (the moderation view). */
  listModerationPaused(limit: number): Promise<FormRecord[]>;
  countUnclaimedByAgentKey(agentKeyId: string): Promise<number>;
  /** Creates an unclaimed form unless its agent key already holds `max` unclaimed forms (checked inside the write). */
  createUnclaimedIfUnder(form: FormRecord, definition: string, max: number): Promise<boolean>;
  claim(formId: string, workspaceId: string): Promise<boolean>;
  update(
    formId: string,
    patch: Partial<Pick<FormRecord, 'status' | 'moderationPaused' | 'responseMailSeq'> & FormSettingsRecord>,
  ): Promise<void>;
  /**
   * Takes the form's next response mail, in one write, when none went out since `notSince`: marks
   * every submission not yet covered as covered and the mail as sent `now`. Undefined when a mail
   * went out since `notSince` or nothing is waiting (then nothing changes). Submissions stored quiet
   * (NewSubmission.mailQuiet) are neither listed nor counted, but covered all the same; when only such
   * are waiting, they are covered, the mail's time stays as it was, and the answer is undefined.
   */
  claimResponseMail(
    formId: string,
    now: string,
    notSince: string,
    limit: number,
  ): Promise<ResponseMailClaim | undefined>;
  /**
   * Forms with notify_each_response on and submissions waiting for a mail (the safety-net job); quiet ones
   * (NewSubmission.mailQuiet) wait for none.
   */
  withWaitingResponseMail(): Promise<string[]>;
  /** Claimed forms with a retention period, and that period. */
  withRetention(): Promise<{ id: string; retentionDays: number }[]>;
  expiredUnclaimed(now: string): Promise<string[]>;
  /**
   * Deletes a form with every row it owns (versions, submissions, idempotency records, deliveries and
   * their log, reports, drafts, spam, file rows, held mail about it) in one write; returns how many
   * submissions went.
   */
  delete(formId: string): Promise<number>;
}

/** `store.drafts`: definitions being edited in the panel, at most one per form. */
export interface DraftQueries {
  byId(id: string): Promise<DraftRecord | undefined>;
  /** The draft of a form, if it has one. */
  byForm(formId: string): Promise<DraftRecord | undefined>;
  /** A workspace's drafts of new forms (form_id null), most recently saved first. */
  listNew(workspaceId: string): Promise<DraftRecord[]>;
  /** Ids of the workspace's forms that have a draft (the forms list's marker, one query). */
  formsWithDraft(workspaceId: string): Promise<Set<string>>;
  /** Stores a new draft. A form's draft replaces the one the form had (at most one per form). */
  put(draft: DraftRecord): Promise<void>;
  /** Changes a draft's text or its settings (what the patch holds); false when it is gone. */
  update(
    id: string,
    patch: Pick<DraftRecord, 'updatedAt' | 'updatedBy'> & Partial<Pick<DraftRecord, 'text' | 'settings'>>,
  ): Promise<boolean>;
  /** Deletes a draft; false when it was not there. */
  delete(id: string): Promise<boolean>;
}
