// The services the HTTP handlers, the admin channel and the MCP tools call: built once at start.
import type { Config } from '../config.ts';
import { SignedCursor } from '../lib/signed-cursor.ts';
import { AccountService } from './accounts.ts';
import { AntiSpam } from './antispam.ts';
import { FileService } from './files/file-service.ts';
import { FormService } from './forms.ts';
import { KeyService } from './keys.ts';
import { FailureMail } from './mail/failure-mail.ts';
import { Mailer } from './mail/mailer.ts';
import { MilestoneMail } from './mail/milestones.ts';
import { MemberService } from './members.ts';
import { ModerationService } from './moderation.ts';
import { PublicForms } from './public-forms.ts';
import { RateLimits } from './rate-limits.ts';
import { ReportService } from './reports.ts';
import { SettingsService } from './settings.ts';
import type { Store } from './store/types.ts';
import { SubmissionEvents } from './submission-events.ts';
import { SubmissionReads } from './submission-reads.ts';
import { SubmissionService, type StoredSubmission } from './submissions.ts';
import { webhookUrlCheck } from './webhook-policy.ts';
import { DeliveryWorker } from './webhooks/delivery-worker.ts';
import { WebhookService } from './webhooks/webhook-service.ts';
import { WorkspaceService } from './workspaces.ts';

/** Every service, wired to one store and one configuration. */
export interface Services {
  config: Config;
  keys: KeyService;
  accounts: AccountService;
  forms: FormService;
  publicForms: PublicForms;
  submissions: SubmissionService;
  settings: SettingsService;
  rateLimits: RateLimits;
  reads: SubmissionReads;
  antiSpam: AntiSpam;
  mailer: Mailer;
  /** Background webhook sender: main starts it after the store opens and stops it before closing it. */
  deliveries: DeliveryWorker;
  webhooks: WebhookService;
  /** Admin panel: members, roles and invites. */
  members: MemberService;
  /** Admin panel: workspace usage, instance owners, the mail outbox. */
  workspaces: WorkspaceService;
  /** New submissions as in-process events (live admin tables). */
  submissionEvents: SubmissionEvents;
  /** Uploaded files: taking them in, reading them, and the one place that deletes them. */
  files: FileService;
  /** The instance secret (signed download links). */
  secret: string;
  /** Abuse reports from hosted pages, and the moderation pause they trigger. */
  reports: ReportService;
  /** Admin panel: reported and moderation-paused forms, pause and lift (instance owners). */
  moderation: ModerationService;
}

/** Wires the services together. `secret` is the instance secret that signs cursors and render tokens. */
export function createServices(store: Store, config: Config, secret: string, log: (line: string) => void = () => {}): Services {
  const keys = new KeyService(store);
  const forms = new FormService(store, keys, config);
  const files = new FileService(store, forms.definitions, config);
  forms.onDelete = (formId) => files.deleteForForm(formId);
  const antiSpam = new AntiSpam(secret);
  const mailer = new Mailer(store, { smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  const mailError = (err: unknown) => log(`mail: ${err instanceof Error ? err.message : String(err)}`);
  const failureMail = new FailureMail(store, mailer, config.publicUrl);
  const milestones = new MilestoneMail(store, mailer, config.publicUrl);
  const webhookSettings = { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.webhookTimeoutMs };
  const deliveries = new DeliveryWorker(store, {
    ...webhookSettings,
    retryBaseMs: config.webhookRetryBaseMs,
    retryCapMs: config.webhookRetryCapMs,
    onFailing: (f) => failureMail.send(f.form, f.failures, f).catch(mailError),
    log,
  });
  const submissionEvents = new SubmissionEvents();
  const accounts = new AccountService(store);
  const settings = new SettingsService(store, webhookUrlCheck(config.webhookAllowPrivate));
  const reports = new ReportService(store, settings, secret);
  // Runs after the submission is durable and before it is answered: hand-overs only, nothing awaited.
  const afterStore = (stored: StoredSubmission) => {
    submissionEvents.created(stored);
    if (stored.deliveryId) deliveries.poke(stored.deliveryId, stored.form.id);
    if (MilestoneMail.due(stored.form, stored.submissionCount)) milestones.send(stored.form, stored.submissionCount).catch(mailError);
  };
  return {
    config,
    keys,
    accounts,
    forms,
    publicForms: new PublicForms(store, forms.definitions, antiSpam, config),
    submissions: new SubmissionService(store, forms.definitions, antiSpam, config, afterStore, files, secret),
    settings,
    rateLimits: new RateLimits(config.rateLimit),
    reads: new SubmissionReads(store, new SignedCursor(secret)),
    antiSpam,
    mailer,
    deliveries,
    webhooks: new WebhookService(store, forms.definitions, webhookSettings),
    members: new MemberService(store, accounts, config.publicUrl),
    workspaces: new WorkspaceService(store, config),
    submissionEvents,
    files,
    secret,
    reports,
    moderation: new ModerationService(store, reports, settings, config.publicUrl),
  };
}
