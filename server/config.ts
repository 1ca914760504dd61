// Configuration from flags and environment (flags win), with the embedded defaults of ARCHITECTURE.md.
// A bad value stops the start with one line naming the setting and the problem.
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Everything the server reads from its surroundings at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * PostgreSQL instead of the embedded store (--database-url / FORMSTEAD_DATABASE_URL): many instances can share it.
   */
  databaseUrl?: string;
  /**
   * Whether instances tell each other of form changes (LISTEN/NOTIFY) so forms can be cached; off behind a
   * transaction-mode pooler.
   */
  databaseHints: boolean;
  publicUrl: string;
  ownerKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  unclaimedTtlHours: number;
  monthlySubmissions?: number;
  upgradeUrl?: string;
  webhookAllowPrivate: boolean;
  rateLimit: boolean;
  /** Proxy hops in front of the server (FORMSTEAD_TRUST_PROXY); 0 keys limits by the socket address. */
  trustProxy: number;
  webhookRetryBaseMs: number;
  webhookRetryCapMs: number;
  webhookTimeoutMs: number;
  /**
   * How long an instance holds a delivery it is attempting (FORMSTEAD_WEBHOOK_LEASE_MS): with several
   * instances, one that died mid-attempt leaves the delivery to the others once this has passed.
   */
  webhookLeaseMs: number;
  /** Where background snapshots are made: auto (a worker thread when a core and the memory are spare), worker, main. */
  snapshotThread: 'auto' | 'worker' | 'main';
  /** Where uploaded files live (ARCHITECTURE.md "Files"): DATA/files unless FORMSTEAD_FILES_DIR says otherwise. */
  filesDir: string;
  /** Largest file, in bytes (FORMSTEAD_UPLOAD_MAX_MB, default 10 MB). */
  uploadMaxBytes: number;
  /** Largest total of the files of one submission, in bytes (FORMSTEAD_SUBMISSION_FILES_MAX_MB, default 25 MB). */
  submissionFilesMaxBytes: number;
  /**
   * How long an upload waits for a submission to use it (FORMSTEAD_UPLOAD_TTL_SECONDS, default 24 h; short in tests).
   */
  uploadTtlMs: number;
  /** Bytes of uploads one client address may send an hour (FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR, default 200 MB). */
  uploadBudgetPerHourBytes: number;
  /** Bytes of uploads one form may take a day (FORMSTEAD_UPLOAD_BUDGET_MB_PER_FORM_DAY, default 2048 MB). */
  uploadBudgetPerFormDayBytes: number;
}

/** A configuration problem: the message is the one line printed before exiting. */
export class ConfigError extends Error {}

const MB = 1024 * 1024;

/** The flags of the server (and of subcommands that open its data folder), for node:util parseArgs. */
export const serverFlags = {
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  'public-url': { type: 'string' },
  'database-url': { type: 'string' },
} as const;

/** Reads flags (`--port 9000` or `--port=9000`) and env into a checked Config. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): Config {
  const flags = parseFlags(argv);
  const port = integer(flags['--port'] ?? env.PORT, flags['--port'] ? '--port' : 'PORT', 8787, 0, 65535);
  const host = flags['--host'] ?? env.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(flags['--data'] ?? env.FORMSTEAD_DATA ?? './formstead-data');
  const publicUrl =
    url(
      flags['--public-url'] ?? env.FORMSTEAD_PUBLIC_URL,
      flags['--public-url'] ? '--public-url' : 'FORMSTEAD_PUBLIC_URL',
    ) ?? `http://localhost:${port}`;
  const databaseUrl = postgresUrl(
    flags['--database-url'] ?? env.FORMSTEAD_DATABASE_URL,
    flags['--database-url'] ? '--database-url' : 'FORMSTEAD_DATABASE_URL',
  );
  const ownerKey = env.FORMSTEAD_OWNER_KEY || undefined;
  if (ownerKey !== undefined && !/^svc_live_[A-Za-z0-9_-]{16,128}$/.test(ownerKey)) {
    throw new ConfigError('FORMSTEAD_OWNER_KEY: must be svc_live_ followed by 16 to 128 letters, digits, _ or -');
  }
  const smtpUrl = env.FORMSTEAD_SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl))
    throw new ConfigError('FORMSTEAD_SMTP_URL: must start with smtp:// or smtps://');
  const monthly = env.FORMSTEAD_MONTHLY_SUBMISSIONS;
  const webhookTimeoutMs = integer(env.FORMSTEAD_WEBHOOK_TIMEOUT_MS, 'FORMSTEAD_WEBHOOK_TIMEOUT_MS', 10000, 1, 600_000);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseHints:
      oneOf(env.FORMSTEAD_DATABASE_HINTS, 'FORMSTEAD_DATABASE_HINTS', ['on', 'off'] as const, 'on') === 'on',
    publicUrl: publicUrl.replace(/\/+$/, ''),
    ownerKey,
    smtpUrl,
    mailFrom: env.FORMSTEAD_MAIL_FROM || 'Formstead <formstead@localhost>',
    unclaimedTtlHours: integer(env.FORMSTEAD_UNCLAIMED_TTL_HOURS, 'FORMSTEAD_UNCLAIMED_TTL_HOURS', 168, 1, 24 * 365),
    monthlySubmissions:
      monthly === undefined || monthly === '' || monthly === 'unlimited'
        ? undefined
        : integer(monthly, 'FORMSTEAD_MONTHLY_SUBMISSIONS', 0, 1, Number.MAX_SAFE_INTEGER),
    upgradeUrl: url(env.FORMSTEAD_UPGRADE_URL, 'FORMSTEAD_UPGRADE_URL'),
    webhookAllowPrivate: boolean(env.FORMSTEAD_WEBHOOK_ALLOW_PRIVATE, 'FORMSTEAD_WEBHOOK_ALLOW_PRIVATE', false),
    rateLimit:
      env.FORMSTEAD_RATE_LIMIT === undefined || env.FORMSTEAD_RATE_LIMIT === ''
        ? true
        : env.FORMSTEAD_RATE_LIMIT !== 'off' && boolean(env.FORMSTEAD_RATE_LIMIT, 'FORMSTEAD_RATE_LIMIT', true),
    trustProxy: proxyHops(env.FORMSTEAD_TRUST_PROXY),
    webhookRetryBaseMs: integer(
      env.FORMSTEAD_WEBHOOK_RETRY_BASE_MS,
      'FORMSTEAD_WEBHOOK_RETRY_BASE_MS',
      30000,
      1,
      86_400_000,
    ),
    webhookRetryCapMs: integer(
      env.FORMSTEAD_WEBHOOK_RETRY_CAP_MS,
      'FORMSTEAD_WEBHOOK_RETRY_CAP_MS',
      10_800_000,
      1,
      7 * 86_400_000,
    ),
    webhookTimeoutMs,
    webhookLeaseMs: webhookLease(env.FORMSTEAD_WEBHOOK_LEASE_MS, webhookTimeoutMs),
    filesDir: path.resolve(env.FORMSTEAD_FILES_DIR || path.join(dataDir, 'files')),
    uploadMaxBytes: integer(env.FORMSTEAD_UPLOAD_MAX_MB, 'FORMSTEAD_UPLOAD_MAX_MB', 10, 1, 10_240) * MB,
    submissionFilesMaxBytes:
      integer(env.FORMSTEAD_SUBMISSION_FILES_MAX_MB, 'FORMSTEAD_SUBMISSION_FILES_MAX_MB', 25, 1, 102_400) * MB,
    uploadTtlMs:
      integer(env.FORMSTEAD_UPLOAD_TTL_SECONDS, 'FORMSTEAD_UPLOAD_TTL_SECONDS', 86_400, 1, 30 * 86_400) * 1000,
    uploadBudgetPerHourBytes:
      integer(env.FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR, 'FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR', 200, 1, 1_048_576) * MB,
    uploadBudgetPerFormDayBytes:
      integer(
        env.FORMSTEAD_UPLOAD_BUDGET_MB_PER_FORM_DAY,
        'FORMSTEAD_UPLOAD_BUDGET_MB_PER_FORM_DAY',
        2048,
        1,
        1_048_576,
      ) * MB,
    snapshotThread: oneOf(
      env.FORMSTEAD_SNAPSHOT_THREAD,
      'FORMSTEAD_SNAPSHOT_THREAD',
      ['auto', 'worker', 'main'] as const,
      'auto',
    ),
  };
}

/**
 * Room a lease leaves past the attempt's timeout by default: the lease is taken before the send and the outcome
 * recorded after it.
 */
const LEASE_MARGIN_MS = 15_000;
/**
 * Least room allowed: a lease that ended while its attempt still ran would let a second instance send the same
 * delivery.
 */
const MIN_LEASE_MARGIN_MS = 1000;

/** The delivery lease: the timeout plus 15 s unless set, and never less than the timeout plus 1 s. */
function webhookLease(raw: string | undefined, timeoutMs: number): number {
  const leaseMs = integer(raw, 'FORMSTEAD_WEBHOOK_LEASE_MS', timeoutMs + LEASE_MARGIN_MS, 1, 3_600_000);
  if (leaseMs < timeoutMs + MIN_LEASE_MARGIN_MS) {
    throw new ConfigError(
      `FORMSTEAD_WEBHOOK_LEASE_MS: must be at least FORMSTEAD_WEBHOOK_TIMEOUT_MS + ${MIN_LEASE_MARGIN_MS} ` +
        `(${timeoutMs + MIN_LEASE_MARGIN_MS}), got ${leaseMs}`,
    );
  }
  return leaseMs;
}

/** A postgres:// (or postgresql://) URL with a host, or undefined when unset. */
export function postgresUrl(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name}: expected a URL like postgres://user:password@host:5432/formstead`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new ConfigError(`${name}: must start with postgres:// or postgresql://`);
  if (parsed.hostname === '' && !parsed.searchParams.has('host')) throw new ConfigError(`${name}: names no host`);
  return raw;
}

function oneOf<T extends string>(raw: string | undefined, name: string, allowed: readonly T[], fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw))
    throw new ConfigError(`${name}: expected one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

/**
 * Server flags keyed as `--name`; anything else (an unknown flag, a stray word, a missing value) is one ConfigError
 * line.
 */
function parseFlags(argv: string[]): Record<string, string | undefined> {
  const { values } = parseStrict(argv, serverFlags);
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === '') throw new ConfigError(`--${name}: needs a value`);
    out[`--${name}`] = value as string;
  }
  return out;
}

type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** node:util parseArgs in strict mode, its errors turned into one line naming the flag. */
export function parseStrict<T extends FlagSpec>(
  argv: string[],
  options: T,
): { values: { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string } } {
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return { values: values as { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string } };
  } catch (err) {
    const e = err as { code?: string; message: string };
    const known = Object.keys(options)
      .map((n) => `--${n}`)
      .join(', ');
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(e.message)?.[1] ?? '?';
      throw new ConfigError(`${flag}: unknown option (known: ${known}; see --help)`);
    }
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const flag = /'(--[\w-]+)/.exec(e.message)?.[1] ?? '?';
      throw new ConfigError(`${flag}: needs a value`);
    }
    if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      const word = /'([^']*)'/.exec(e.message)?.[1] ?? '?';
      throw new ConfigError(`${word}: unexpected argument (see --help)`);
    }
    throw new ConfigError(e.message.split('\n')[0]);
  }
}

/**
 * FORMSTEAD_TRUST_PROXY: how many proxies stand in front of the server. `true`/`yes`/`on` mean 1 and
 * `false`/`no`/`off` 0, so a configuration from when this was a switch keeps its meaning.
 */
function proxyHops(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const v = raw.trim().toLowerCase();
  if (YES.includes(v)) return 1;
  if (NO.includes(v)) return 0;
  if (!/^\d+$/.test(v))
    throw new ConfigError(`FORMSTEAD_TRUST_PROXY: expected the number of proxy hops (0 to 10), got "${raw}"`);
  return integer(v, 'FORMSTEAD_TRUST_PROXY', 0, 0, 10);
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name}: expected a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name}: must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** The words a yes/no setting takes besides 1 and 0 (also FORMSTEAD_TRUST_PROXY's, from when it was one). */
const YES = ['true', 'on', 'yes'];
const NO = ['false', 'off', 'no'];

function boolean(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || YES.includes(raw)) return true;
  if (raw === '0' || NO.includes(raw)) return false;
  throw new ConfigError(`${name}: expected 1 or 0, got "${raw}"`);
}

function url(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    return raw;
  } catch {
    throw new ConfigError(`${name}: expected an http(s) URL, got "${raw}"`);
  }
}
