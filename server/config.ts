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
  /** Days the audit log keeps its entries (FORMSTEAD_AUDIT_DAYS). */
  auditDays: number;
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
  /** Single sign-on with an OpenID Connect provider (FORMSTEAD_OIDC_*), when configured. */
  oidc?: OidcConfig;
  /** Whether the panel takes email and password (FORMSTEAD_PASSWORD_LOGIN; off needs single sign-on). */
  passwordLogin: boolean;
  /** Bytes of uploads one client address may send an hour (FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR, default 200 MB). */
  uploadBudgetPerHourBytes: number;
  /** Bytes of uploads one form may take a day (FORMSTEAD_UPLOAD_BUDGET_MB_PER_FORM_DAY, default 2048 MB). */
  uploadBudgetPerFormDayBytes: number;
  /** GET /metrics on the main listener behind this Bearer token (FORMSTEAD_METRICS_TOKEN). */
  metricsToken?: string;
  /** The private listener serving only /metrics (FORMSTEAD_METRICS=on with --metrics-port). */
  metricsPort?: number;
  /** Log lines as text (time, level, message) or one JSON object each (FORMSTEAD_LOG_FORMAT). */
  logFormat: 'text' | 'json';
}

/** The OpenID Connect provider the panel's single sign-on uses (docs/operations.md "Single sign-on"). */
export interface OidcConfig {
  /** The provider's issuer URL; its /.well-known/openid-configuration says the rest. */
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret?: string;
  /** The sign-in button's text. */
  name: string;
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
  'metrics-port': { type: 'string' },
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
  const oidc = oidcConfig(env);
  const passwordLogin = oneOf(env.FORMSTEAD_PASSWORD_LOGIN, 'FORMSTEAD_PASSWORD_LOGIN', ['on', 'off'] as const, 'on');
  if (passwordLogin === 'off' && !oidc)
    throw new ConfigError(
      'FORMSTEAD_PASSWORD_LOGIN: off needs single sign-on (set FORMSTEAD_OIDC_ISSUER and FORMSTEAD_OIDC_CLIENT_ID), ' +
        'or nobody could sign in',
    );
  const metrics = metricsConfig(flags['--metrics-port'], env);
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
    auditDays: integer(env.FORMSTEAD_AUDIT_DAYS, 'FORMSTEAD_AUDIT_DAYS', 365, 1, 3650),
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
    oidc,
    passwordLogin: passwordLogin === 'on',
    ...metrics,
    logFormat: oneOf(env.FORMSTEAD_LOG_FORMAT, 'FORMSTEAD_LOG_FORMAT', ['text', 'json'] as const, 'text'),
  };
}

/** Shortest metrics token: a guessable one would expose the counts of every form. */
const METRICS_TOKEN_MIN = 16;

/**
 * FORMSTEAD_METRICS_TOKEN (GET /metrics on the main port, Bearer) and FORMSTEAD_METRICS=on with --metrics-port
 * (a private listener): either, both or neither.
 */
function metricsConfig(
  portFlag: string | undefined,
  env: NodeJS.ProcessEnv,
): { metricsToken?: string; metricsPort?: number } {
  const metricsToken = env.FORMSTEAD_METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && !new RegExp(`^[A-Za-z0-9._~+/=-]{${METRICS_TOKEN_MIN},256}$`).test(metricsToken))
    throw new ConfigError(
      `FORMSTEAD_METRICS_TOKEN: must be ${METRICS_TOKEN_MIN} to 256 letters, digits or . _ ~ + / = -`,
    );
  const on = oneOf(env.FORMSTEAD_METRICS, 'FORMSTEAD_METRICS', ['on', 'off'] as const, 'off') === 'on';
  if (on && portFlag === undefined)
    throw new ConfigError('FORMSTEAD_METRICS: on needs --metrics-port (the private listener for /metrics)');
  if (!on && portFlag !== undefined) throw new ConfigError('--metrics-port: needs FORMSTEAD_METRICS=on');
  const metricsPort = portFlag === undefined ? undefined : integer(portFlag, '--metrics-port', 0, 1, 65535);
  return { metricsToken, metricsPort };
}

/** The default text of the single sign-on button. */
export const OIDC_DEFAULT_NAME = 'Sign in with single sign-on';
/** Longest button text: it must fit one line of a phone's sign-in page. */
const OIDC_NAME_MAX = 60;

/** FORMSTEAD_OIDC_*: all of issuer and client id, or none of the settings. */
function oidcConfig(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = env.FORMSTEAD_OIDC_ISSUER || undefined;
  const clientId = env.FORMSTEAD_OIDC_CLIENT_ID || undefined;
  const clientSecret = env.FORMSTEAD_OIDC_CLIENT_SECRET || undefined;
  const rawName = env.FORMSTEAD_OIDC_NAME;
  if (!issuer) {
    const stray = [
      clientId && 'FORMSTEAD_OIDC_CLIENT_ID',
      clientSecret && 'FORMSTEAD_OIDC_CLIENT_SECRET',
      rawName && 'FORMSTEAD_OIDC_NAME',
    ].find(Boolean);
    if (stray) throw new ConfigError(`${stray}: needs FORMSTEAD_OIDC_ISSUER (the provider's address) as well`);
    return undefined;
  }
  if (!clientId) throw new ConfigError('FORMSTEAD_OIDC_CLIENT_ID: needed with FORMSTEAD_OIDC_ISSUER');
  if (clientId.length > 255 || /\s/.test(clientId) || hasControlCharacter(clientId))
    throw new ConfigError('FORMSTEAD_OIDC_CLIENT_ID: must be at most 255 characters with no spaces');
  const name = rawName?.trim() || OIDC_DEFAULT_NAME;
  if (name.length > OIDC_NAME_MAX || hasControlCharacter(name))
    throw new ConfigError(`FORMSTEAD_OIDC_NAME: must be one line of at most ${OIDC_NAME_MAX} characters`);
  return { issuer: issuerUrl(issuer), clientId, clientSecret, name };
}

/** Whether text has a character below the space (a newline, a tab, NUL). */
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 32);

/**
 * An issuer is https; plain http only on this machine (a provider in a local test), since tokens and the client
 * secret travel to it.
 */
function issuerUrl(raw: string): string {
  const name = 'FORMSTEAD_OIDC_ISSUER';
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(`${name}: expected the provider's https address, got "${raw}"`);
  }
  const loopback = ['localhost', '[::1]'].includes(u.hostname) || /^127\.\d+\.\d+\.\d+$/.test(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback))
    throw new ConfigError(`${name}: must start with https:// (plain http only for localhost), got "${raw}"`);
  if (u.search || u.hash) throw new ConfigError(`${name}: must not have a ? or # part, got "${raw}"`);
  return raw;
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
