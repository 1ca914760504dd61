// The services the HTTP handlers, the admin channel and the MCP tools call: built once at start.
import type { Config } from '../config.ts';
import { AuditLog } from './audit/audit-log.ts';
import { SignedCursor } from '../lib/signed-cursor.ts';
import { AccountService } from './accounts.ts';
import { AntiSpam } from './antispam.ts';
import { ChainService } from './chain/chain-service.ts';
import { FileService } from './files/file-service.ts';
import { ImageService } from './images/image-service.ts';
import { DeletionService } from './deletion.ts';
import { DraftService } from './drafts.ts';
import { FormService } from './forms.ts';
import { KeyService } from './keys.ts';
import { FailureMail } from './mail/failure-mail.ts';
import { Mailer } from './mail/mailer.ts';
import { ConfirmationMail } from './mail/confirmation-mail.ts';
import { EditLinks } from './edits/edit-links.ts';
import { EditService } from './edits/edit-service.ts';
import { MilestoneMail } from './mail/milestones.ts';
import { ResponseMail } from './mail/response-mail.ts';
import { RuleMail } from './mail/rule-mail.ts';
import { BackLinks } from './back-link.ts';
import { MemberService } from './members.ts';
import { ModerationService } from './moderation.ts';
import { OwnerResetLinks } from './owner-reset.ts';
import { PeopleService } from './people/people-service.ts';
import { PublicForms } from './public-forms.ts';
import { RateLimits } from './rate-limits.ts';
import { ReportService } from './reports.ts';
import { SettingsService } from './settings.ts';
import { RetentionService } from './retention.ts';
import { SpamService } from './spam.ts';
import { SingleSignOn } from './sso/single-sign-on.ts';
import { FormCounting } from './stats/counting.ts';
import { FormStats } from './stats/form-stats.ts';
import { QuestionSummaries } from './stats/question-summary.ts';
import type { StorageHealth, Store } from './store/types.ts';
import { SubmissionEvents } from './submission-events.ts';
import { SubmissionReads } from './submission-reads.ts';
import { PartialAnswers } from './partials/partial-service.ts';
import { SubmissionMarks } from './submission-marks.ts';
import { SubmissionService, type StoredSubmission } from './submissions.ts';
import { SubmissionImport } from './imports/submission-import.ts';
import { webhookUrlCheck } from './webhooks/webhook-policy.ts';
import { DeliveryWorker } from './webhooks/delivery-worker.ts';
import { WebhookService } from './webhooks/webhook-service.ts';
import { WorkspaceService } from './workspaces.ts';
import { storedEnvelope } from '../../shared/crypto/envelope-shape.ts';

/** Every service, wired to one store and one configuration. */
export interface Services {
  config: Config;
  keys: KeyService;
  /** The audit log: who did what, when and from where (core/audit/). */
  audit: AuditLog;
  accounts: AccountService;
  forms: FormService;
  publicForms: PublicForms;
  submissions: SubmissionService;
  settings: SettingsService;
  rateLimits: RateLimits;
  reads: SubmissionReads;
  /** Partial answers (keep_partial): taken from pages, listed with status=partial, gone when the person finishes. */
  partials: PartialAnswers;
  /** The owner's tags, note and status on answers (REST PATCH and the panel). */
  marks: SubmissionMarks;
  /** Imports of existing answers (POST /v1/forms/{id}/submissions/import). */
  imports: SubmissionImport;
  antiSpam: AntiSpam;
  mailer: Mailer;
  /** Mail on every response, with its digests; main stops it before the store closes. */
  responseMail: ResponseMail;
  /** The notification rules' mails (notify_rules). */
  ruleMail: RuleMail;
  /** Background webhook sender: main starts it after the store opens and stops it before closing it. */
  deliveries: DeliveryWorker;
  webhooks: WebhookService;
  /** Admin panel: members, roles and invites. */
  members: MemberService;
  /** Panel sign-in through an OpenID Connect provider, when FORMSTEAD_OIDC_* configure one. */
  sso?: SingleSignOn;
  /** Admin panel: workspace usage, instance owners, the mail outbox. */
  workspaces: WorkspaceService;
  /** New submissions as in-process events (live admin tables). */
  submissionEvents: SubmissionEvents;
  /** Uploaded files: taking them in, reading them, and the one place that deletes them. */
  files: FileService;
  /** A form's pictures: taking them in, serving them, and removing them with the form. */
  images: ImageService;
  /** The instance secret (signed download links). */
  secret: string;
  /** The thank-you page's signed "Back to <host>" link after a form post from another site. */
  backLinks: BackLinks;
  /** Per-form retention: the job that deletes submissions past their form's period. */
  retention: RetentionService;
  /** Suspected spam: the panel's Spam view and its 30-day sweep. */
  spam: SpamService;
  /** Abuse reports from hosted pages, and the moderation pause they trigger. */
  reports: ReportService;
  /** Admin panel: reported and moderation-paused forms, pause and lift (instance owners). */
  moderation: ModerationService;
  /** Admin panel: the builder's drafts, templates and publishing them. */
  drafts: DraftService;
  /** Deleting forms and submissions with everything they own (REST and the panel). */
  deletion: DeletionService;
  /** Respondents' edits of their answers through their private links. */
  edits: EditService;
  /** The answer chain: the instance's signing key, hourly signed heads and signed exports. */
  chain: ChainService;
  /** Counting views, starts, steps and completions into daily counters; main starts and stops its flushing. */
  counting: FormCounting;
  /** How a form does over a range of days (GET /v1/forms/{id}/stats, MCP, the panel). */
  stats: FormStats;
  /** The panel's summary per question over the stored answers. */
  summaries: QuestionSummaries;
  /** Find a person: an owner's search, download and erase of one email address's answers. */
  people: PeopleService;
  /** Whether the store takes writes (GET /readyz); checking retries writes after a full disk. */
  storage: { check(): Promise<StorageHealth> };
  /**
   * Set by main when SIGTERM or SIGINT arrives: /readyz answers 503 from then on, so a load balancer stops
   * sending work while the requests in flight finish.
   */
  readiness: { stopping: boolean };
}

/**
 * Wires the services together. `secret` is the instance secret that signs cursors and render tokens; `clock` lets tests
 * move the mail limits' and rate limits' time.
 */
export function createServices(
  store: Store,
  config: Config,
  secret: string,
  log: (line: string) => void = () => {},
  options: { clock?: () => number } = {},
): Services {
  const keys = new KeyService(store);
  const forms = new FormService(store, keys, config);
  const files = new FileService(store, forms.definitions, config);
  const images = new ImageService(store, config);
  const antiSpam = new AntiSpam(secret);
  const mailer = new Mailer(store, { smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  const mailError = (err: unknown) => log(`mail: ${err instanceof Error ? err.message : String(err)}`);
  const failureMail = new FailureMail(store, mailer, config.publicUrl);
  const milestones = new MilestoneMail(store, mailer, config.publicUrl);
  const responseMail = new ResponseMail(store, mailer, forms.definitions, config.publicUrl, {
    log,
    now: options.clock,
  });
  const ruleMail = new RuleMail(store, mailer, responseMail, { log, now: options.clock });
  const webhookSettings = { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.webhookTimeoutMs };
  const deliveries = new DeliveryWorker(store, {
    ...webhookSettings,
    leaseMs: config.webhookLeaseMs,
    retryBaseMs: config.webhookRetryBaseMs,
    retryCapMs: config.webhookRetryCapMs,
    onFailing: (f) => failureMail.send(f.form, f.failures, f).catch(mailError),
    log,
  });
  // With many instances, a live view also shows what the other instances stored (read every second).
  const submissionEvents = new SubmissionEvents(config.databaseUrl ? { store, everyMs: 1000 } : undefined);
  // On PostgreSQL the request is a row every instance reads; the folder is this machine's only.
  const accounts = new AccountService(
    store,
    new OwnerResetLinks(config.dataDir, config.databaseUrl ? store : undefined),
  );
  const settings = new SettingsService(store, webhookUrlCheck(config.webhookAllowPrivate), forms.definitions);
  const reports = new ReportService(store, settings, secret);
  const rateLimits = new RateLimits(store.rateBuckets, secret, config.rateLimit, options.clock, {
    perAddressPerHourBytes: config.uploadBudgetPerHourBytes,
    perFormPerDayBytes: config.uploadBudgetPerFormDayBytes,
  });
  const confirmation = new ConfirmationMail(mailer, rateLimits, log);
  const publicForms = new PublicForms(store, forms.definitions, antiSpam, config);
  const counting = new FormCounting(store, publicForms, log, options.clock);
  // Runs after the submission is durable and before it is answered: hand-overs only, nothing awaited.
  const afterStore = (stored: StoredSubmission) => {
    submissionEvents.created(stored);
    if (stored.deliveryId) deliveries.poke(stored.deliveryId, stored.form.id);
    for (const id of stored.chatDeliveryIds ?? []) deliveries.poke(id, stored.form.id);
    if (MilestoneMail.due(stored.form, stored.submissionCount))
      milestones.send(stored.form, stored.submissionCount).catch(mailError);
    responseMail.stored(stored.form, stored.submissionId, stored.mail);
    // An encrypted answer matches no rule and names no address the server could read (switched off).
    const sealed = storedEnvelope(stored.record.values) !== undefined;
    if (!sealed) ruleMail.stored(stored.form, stored.record);
    if (stored.imported) return; // no confirmation to a respondent for an old answer, and no visit to count
    // Asked first: most forms send no confirmation, and send() with its catch would be two promises an answer.
    if (!sealed && ConfirmationMail.recipient(stored.form, stored.record.values))
      confirmation.send(stored.form, stored.record.id, stored.record.values, stored.editUrl).catch(mailError);
    counting.completed(stored.form.id, stored.record.createdAt, stored.visit);
  };
  const editLinks = new EditLinks(store, config.publicUrl);
  const submissions = new SubmissionService({
    store,
    definitions: forms.definitions,
    antiSpam,
    config,
    afterStore,
    files,
    secret,
    editLinks,
  });
  const poke = (id: string, formId: string) => deliveries.poke(id, formId);
  const deletion = new DeletionService(store, forms.definitions, rateLimits, files, counting, images, poke);
  const members = new MemberService(store, accounts, config.publicUrl);
  const reads = new SubmissionReads(store, new SignedCursor(secret), files);
  const sso =
    config.oidc && new SingleSignOn(config.oidc.name, config.oidc, config.publicUrl, secret, accounts, members, log);
  return {
    config,
    keys,
    audit: new AuditLog(store, log),
    accounts,
    forms,
    publicForms,
    submissions,
    edits: new EditService(store, forms.definitions, editLinks, secret, poke),
    spam: new SpamService(store, submissions, forms.definitions),
    settings,
    rateLimits,
    reads,
    partials: new PartialAnswers(store, forms.definitions, antiSpam, reads),
    marks: new SubmissionMarks(store),
    imports: new SubmissionImport(store, forms.definitions, config, files, submissions, responseMail),
    antiSpam,
    mailer,
    responseMail,
    ruleMail,
    deliveries,
    webhooks: new WebhookService(store, forms.definitions, {
      ...webhookSettings,
      linkSecret: secret,
      onScheduled: (id, formId) => deliveries.poke(id, formId),
      limits: rateLimits,
    }),
    members,
    sso,
    workspaces: new WorkspaceService(store, config),
    submissionEvents,
    files,
    images,
    secret,
    backLinks: new BackLinks(secret),
    reports,
    moderation: new ModerationService(store, reports, settings, config.publicUrl),
    drafts: new DraftService(store, forms, images),
    deletion,
    chain: new ChainService(store),
    people: new PeopleService(store, forms.definitions, deletion, files, secret, log),
    retention: new RetentionService(store, deletion),
    counting,
    stats: new FormStats(store, forms.definitions, counting, options.clock),
    summaries: new QuestionSummaries(store, forms.definitions),
    storage: { check: () => store.checkStorage() },
    readiness: { stopping: false },
  };
}
