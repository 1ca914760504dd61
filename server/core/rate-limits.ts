// The rate limits of ARCHITECTURE.md "Forms, versions, claims", by socket address (or, behind N
// trusted proxies, the X-Forwarded-For entry the nearest of them wrote: lib/client-ip.ts) and by form,
// plus the confirmation mail's limits. The buckets are the store's (store.rateBuckets): in memory for the
// embedded store, rows on PostgreSQL so that every instance draws on the same ones.
// FORMSTEAD_RATE_LIMIT=off disables the request limits (not the mail limits, which guard strangers' inboxes).
import { createHmac } from 'node:crypto';
import { ApiError } from '../lib/api-error.ts';
import { rateLimitKeyOf } from '../lib/ip-network.ts';
import type { BucketRule } from '../lib/token-bucket.ts';
import type { RateCheck, Store } from './store/types.ts';

const HOUR = 3600;
const MB = 1024 * 1024;

/** The byte budgets of uploads (config FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR / _PER_FORM_DAY). */
export interface UploadBudgets {
  perAddressPerHourBytes: number;
  perFormPerDayBytes: number;
}

const DEFAULT_BUDGETS: UploadBudgets = { perAddressPerHourBytes: 200 * MB, perFormPerDayBytes: 2048 * MB };

/** Per form: 20 at once, then one every 30 s (120 an hour); past it the mail is skipped, the answer kept. */
export const CONFIRMATION_PER_FORM = { burst: 20, refillPerSecond: 1 / 30 };

/** Per address: 3 at once, then one every 20 minutes, so one inbox cannot be flooded through any form. */
export const CONFIRMATION_PER_ADDRESS = { burst: 3, refillPerSecond: 1 / 1200 };

/** Partial answers per address: 20 at once, then one every 30 s. */
export const PARTIAL_PER_ADDRESS = { burst: 20, refillPerSecond: 1 / 30 };

/** Partial answers per form: 120 at once, then two a second. */
export const PARTIAL_PER_FORM = { burst: 120, refillPerSecond: 2 };

/** Redeliveries of one submission an hour (5 at once, then one every 12 minutes). */
export const REDELIVERIES_PER_SUBMISSION_HOUR = 5;

/** Redeliveries of one form's submissions an hour (60 at once, then one a minute). */
export const REDELIVERIES_PER_FORM_HOUR = 60;

/**
 * Answers posted with an account key (a trusted back end, an import script), per key: 1000 at once, then
 * 100 a second. They draw on this bucket only, never on the per-address or per-form ones, so a back end
 * is neither held to a stranger's pace nor slowed by strangers flooding the same form.
 */
export const SUBMIT_PER_ACCOUNT_KEY = { burst: 1000, refillPerSecond: 100 };

/**
 * Image uploads (POST /v1/forms/{id}/images, the builder's upload, MCP add_form_image) per account or agent key,
 * or per signed-in person: 60 at once (the pictures of a large picture-choice form), then one a minute. Each
 * image is kept for good, so a leaked key or a looping agent must not be able to fill the disk at once.
 */
export const IMAGE_UPLOADS_PER_KEY = { burst: 60, refillPerSecond: 1 / 60 };

/**
 * One limiter: its bucket name in the store (kept stable: PostgreSQL holds buckets under it), its rule,
 * whether its keys name a person (an IP or an email address) and whether they are client addresses.
 */
export interface Limiter extends BucketRule {
  name: string;
  personal: boolean;
  /** Keys are client addresses: an IPv6 one is limited by its /64 (lib/ip-network.ts rateLimitKeyOf). */
  byAddress: boolean;
}

const limiter = (name: string, rule: BucketRule, keyedBy: 'address' | 'email' | 'form' | 'key'): Limiter => ({
  name,
  ...rule,
  personal: keyedBy === 'address' || keyedBy === 'email',
  byAddress: keyedBy === 'address',
});

/** Every limiter of the product, and the one way to draw on them. */
export class RateLimits {
  readonly submitPerIp = limiter('submit-ip', { burst: 20, refillPerSecond: 1 / 3 }, 'address');
  readonly submitPerForm = limiter('submit-form', { burst: 60, refillPerSecond: 1 }, 'form');
  /** Keyed by the account key's id (SUBMIT_PER_ACCOUNT_KEY). */
  readonly submitPerKey = limiter('submit-key', SUBMIT_PER_ACCOUNT_KEY, 'key');
  /** Keyed by `key:<key id>` or `user:<user id>` (IMAGE_UPLOADS_PER_KEY). */
  readonly imageUploadsPerKey = limiter('image-uploads-key', IMAGE_UPLOADS_PER_KEY, 'key');
  /** File uploads, apart from submissions so a form with several file fields still leaves room to submit. */
  readonly uploadPerIp = limiter('upload-ip', { burst: 20, refillPerSecond: 1 / 3 }, 'address');
  /**
   * Uploads per form, a bucket of their own: drawing on `submitPerForm` made a form with three file
   * fields spend four tokens per answer. Four files for every answer the per-form submission limit lets
   * in (burst 60, 1 a second), so uploads never run out before submissions do on a typical file form.
   */
  readonly uploadPerForm = limiter('upload-form', { burst: 240, refillPerSecond: 4 }, 'form');
  /**
   * The pages' counting events (POST /v1/f/{id}/events), apart from submissions so counting never uses up
   * a respondent's room to submit. A person sends a handful per visit (a view, a start, one per step); a
   * flood past these can only leave views uncounted, never slow answers or fill the disk.
   */
  readonly eventsPerIp = limiter('events-ip', { burst: 60, refillPerSecond: 1 }, 'address');
  readonly eventsPerForm = limiter('events-form', { burst: 600, refillPerSecond: 20 }, 'form');
  /**
   * Partial answers (POST /v1/f/{id}/partial), apart from submissions so a page leaving never uses up a
   * person's room to submit. A person sends one or two per visit (leaving, 30 minutes idle); a flood past these
   * stores nothing more (each row is at most 64 KB and replaces its session's earlier one).
   */
  readonly partialPerIp = limiter('partial-ip', PARTIAL_PER_ADDRESS, 'address');
  readonly partialPerForm = limiter('partial-form', PARTIAL_PER_FORM, 'form');
  /**
   * One answer's PDF, per address and per form: laying out a PDF costs tens of milliseconds of the one main
   * thread (up to ~0.4 s for a 64 KB answer), far more than any other read, so a loop of requests must not
   * take the server from everyone else. 30 at once covers a person downloading a page of answers.
   */
  readonly pdfPerIp = limiter('pdf-ip', { burst: 30, refillPerSecond: 1 / 2 }, 'address');
  readonly pdfPerForm = limiter('pdf-form', { burst: 60, refillPerSecond: 1 }, 'form');
  readonly keylessAttemptsPerIp = limiter('keyless-attempts-ip', { burst: 60, refillPerSecond: 60 / HOUR }, 'address');
  readonly unclaimedFormsPerIp = limiter('unclaimed-forms-ip', { burst: 5, refillPerSecond: 5 / HOUR }, 'address');
  readonly agentKeysPerIp = limiter('agent-keys-ip', { burst: 20, refillPerSecond: 20 / (24 * HOUR) }, 'address');
  /** Sign-in attempts: 10 at once, then one every 90 s per address (slows password guessing). */
  readonly loginPerIp = limiter('login-ip', { burst: 10, refillPerSecond: 1 / 90 }, 'address');
  /**
   * Sign-in attempts per email address, the same rule: guessing one account's password from many
   * addresses is as slow as from one. A stranger can hold an account's sign-in back this way for minutes
   * at most, never lock it.
   */
  readonly loginPerEmail = limiter('login-email', { burst: 10, refillPerSecond: 1 / 90 }, 'email');
  readonly confirmationPerForm = limiter('confirmation-form', CONFIRMATION_PER_FORM, 'form');
  readonly confirmationPerAddress = limiter('confirmation-address', CONFIRMATION_PER_ADDRESS, 'email');
  /** Redeliveries (POST .../webhook/redeliver): each is a new delivery with retries to someone's receiver. */
  readonly redeliverPerSubmission = limiter(
    'redeliver-submission',
    { burst: REDELIVERIES_PER_SUBMISSION_HOUR, refillPerSecond: REDELIVERIES_PER_SUBMISSION_HOUR / HOUR },
    'form',
  );
  readonly redeliverPerForm = limiter(
    'redeliver-form',
    { burst: REDELIVERIES_PER_FORM_HOUR, refillPerSecond: REDELIVERIES_PER_FORM_HOUR / HOUR },
    'form',
  );

  /**
   * Upload bytes per address and per form: each upload draws its size, so unused uploads (kept 24 h until
   * a response uses them) cannot fill the disk faster than these budgets refill. Buckets like the others,
   * so on PostgreSQL every instance draws on the same budget.
   */
  readonly uploadBytesPerIp: Limiter;
  readonly uploadBytesPerForm: Limiter;

  private readonly hashKey: Buffer;

  constructor(
    private readonly buckets: Store['rateBuckets'],
    secret: string,
    readonly enabled: boolean,
    private readonly now: () => number = Date.now,
    readonly budgets: UploadBudgets = DEFAULT_BUDGETS,
  ) {
    // A key of its own, derived from the instance secret, so these hashes reveal nothing of other uses.
    this.hashKey = createHmac('sha256', secret).update('rate-limit keys').digest();
    const { perAddressPerHourBytes: hour, perFormPerDayBytes: day } = budgets;
    this.uploadBytesPerIp = limiter('upload-bytes-ip', { burst: hour, refillPerSecond: hour / HOUR }, 'address');
    this.uploadBytesPerForm = limiter('upload-bytes-form', { burst: day, refillPerSecond: day / (24 * HOUR) }, 'form');
  }

  /**
   * Draws an upload's `bytes` from its address's and its form's budgets, or throws 429 with Retry-After
   * and draws nothing.
   */
  async takeUploadBytes(ip: string, formId: string, bytes: number): Promise<void> {
    if (!this.enabled) return;
    const checks = this.checks([
      [this.uploadBytesPerIp, ip],
      [this.uploadBytesPerForm, formId],
    ]).map((c) => ({ ...c, tokens: bytes }));
    const r = await this.buckets.take(checks, this.now());
    if (r.ok) return;
    const { perAddressPerHourBytes: hour, perFormPerDayBytes: day } = this.budgets;
    throw new ApiError(
      429,
      'rate_limited',
      [
        `uploads: too many files for now: one address may upload ${hour / MB} MB an hour and one form ` +
          `take ${day / MB} MB a day; retry in ${r.retryAfterSeconds} s`,
      ],
      {},
      { 'retry-after': String(r.retryAfterSeconds), connection: 'close' },
    );
  }

  /**
   * Takes a redelivery of `submissionId` from its own and its form's hourly budgets, or throws 429 and
   * takes none. Always on, like the mail limits: a flood of redeliveries lands on the receiver, not here.
   */
  async takeRedelivery(formId: string, submissionId: string): Promise<void> {
    const r = await this.buckets.take(
      this.checks([
        [this.redeliverPerSubmission, `${formId}/${submissionId}`],
        [this.redeliverPerForm, formId],
      ]),
      this.now(),
    );
    if (r.ok) return;
    throw new ApiError(
      429,
      'rate_limited',
      [
        `submission_id: too many redeliveries: one submission may be redelivered ${REDELIVERIES_PER_SUBMISSION_HOUR} ` +
          `times an hour and one form's ${REDELIVERIES_PER_FORM_HOUR}; retry in ${r.retryAfterSeconds} s`,
      ],
      {},
      { 'retry-after': String(r.retryAfterSeconds) },
    );
  }

  /** Takes one image upload from the caller's bucket (`who`: key or person), or throws 429 naming the limit. */
  async takeImageUpload(who: string): Promise<void> {
    if (!this.enabled) return;
    const r = await this.buckets.take(this.checks([[this.imageUploadsPerKey, who]]), this.now());
    if (r.ok) return;
    throw new ApiError(
      429,
      'rate_limited',
      [
        `images: too many uploads: one key may upload ${IMAGE_UPLOADS_PER_KEY.burst} images at once, then one a ` +
          `minute; retry in ${r.retryAfterSeconds} s`,
      ],
      {},
      { 'retry-after': String(r.retryAfterSeconds), connection: 'close' },
    );
  }

  /**
   * Takes one token from each (limiter, key) pair, or throws 429 with Retry-After and takes none. Without
   * limits (FORMSTEAD_RATE_LIMIT=off) there is nothing to read and no promise: undefined.
   */
  take(...checks: [Limiter, string][]): Promise<void> | undefined {
    return this.enabled ? this.takeTokens(checks) : undefined;
  }

  private async takeTokens(checks: [Limiter, string][]): Promise<void> {
    const r = await this.buckets.take(this.checks(checks), this.now());
    if (!r.ok) {
      throw new ApiError(
        429,
        'rate_limited',
        [`rate: too many requests, retry in ${r.retryAfterSeconds} s`],
        {},
        // Connection: close, and nothing more is read: a refused client that trickles its body must not
        // hold a connection (the server closes it after the answer, lib/http-body.ts closeAfterAnswer).
        { 'retry-after': String(r.retryAfterSeconds), connection: 'close' },
      );
    }
  }

  /** Like take, for work that is skipped rather than refused: true when the tokens were taken. Always on. */
  async tryTake(...checks: [Limiter, string][]): Promise<boolean> {
    return (await this.buckets.take(this.checks(checks), this.now())).ok;
  }

  /** Forgets a key's bucket (its subject is gone: a deleted form). */
  forget(l: Limiter, key: string): Promise<void> {
    return this.buckets.forget(l.name, this.keyOf(l, key));
  }

  /** Drops the buckets that are full again (the scheduled sweep); returns how many went. */
  sweep(): Promise<number> {
    return this.buckets.sweep(this.now());
  }

  /**
   * The publishing limits, shared by REST and MCP: a keyless attempt takes its token now, and the returned
   * `admit` (FormService.publish calls it just before it creates an unclaimed form, and keyless an agent
   * key) takes the creation tokens, so attempts that fail validation do not use up the creation budget.
   */
  async publishAdmission(keyless: boolean, ip: string): Promise<(creates: { agentKey: boolean }) => Promise<void>> {
    if (keyless) await this.take([this.keylessAttemptsPerIp, ip]);
    return async ({ agentKey }) =>
      this.take([this.unclaimedFormsPerIp, ip], ...(agentKey ? [[this.agentKeysPerIp, ip] as [Limiter, string]] : []));
  }

  private checks(checks: [Limiter, string][]): RateCheck[] {
    return checks.map(([l, key]) => ({
      bucket: l.name,
      key: this.keyOf(l, key),
      burst: l.burst,
      refillPerSecond: l.refillPerSecond,
    }));
  }

  /**
   * Addresses never leave memory as they are (ARCHITECTURE.md: IP addresses are never stored): a bucket
   * is kept under a keyed hash, which the database cannot turn back into the address without the secret.
   */
  private keyOf(l: Limiter, raw: string): string {
    const key = l.byAddress ? rateLimitKeyOf(raw) : raw;
    return l.personal ? createHmac('sha256', this.hashKey).update(key).digest('base64url').slice(0, 22) : key;
  }
}
