// Configuration from flags and environment (flags win), with the embedded defaults of ARCHITECTURE.md.
// A bad value stops the start with one line naming the setting and the problem.
import path from 'node:path';

/** Everything the server reads from its surroundings at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  ownerKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  unclaimedTtlHours: number;
  monthlySubmissions?: number;
  upgradeUrl?: string;
  webhookAllowPrivate: boolean;
  rateLimit: boolean;
  trustProxy: boolean;
  webhookRetryBaseMs: number;
  webhookRetryCapMs: number;
  webhookTimeoutMs: number;
  /** Where background snapshots are made: auto (a worker thread when a core and the memory are spare), worker, main. */
  snapshotThread: 'auto' | 'worker' | 'main';
  /** Where uploaded files live (ARCHITECTURE.md "Files"): DATA/files unless FORMSTEAD_FILES_DIR says otherwise. */
  filesDir: string;
  /** Largest file, in bytes (FORMSTEAD_UPLOAD_MAX_MB, default 10 MB). */
  uploadMaxBytes: number;
  /** Largest total of the files of one submission, in bytes (FORMSTEAD_SUBMISSION_FILES_MAX_MB, default 25 MB). */
  submissionFilesMaxBytes: number;
  /** How long an upload waits for a submission to use it (FORMSTEAD_UPLOAD_TTL_SECONDS, default 24 h; short in tests). */
  uploadTtlMs: number;
}

/** A configuration problem: the message is the one line printed before exiting. */
export class ConfigError extends Error {}

const MB = 1024 * 1024;

const flagNames = ['--port', '--host', '--data', '--public-url'] as const;

/** Reads flags (`--port 9000` or `--port=9000`) and env into a checked Config. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): Config {
  const flags = parseFlags(argv);
  const port = integer(flags['--port'] ?? env.PORT, flags['--port'] ? '--port' : 'PORT', 8787, 0, 65535);
  const host = flags['--host'] ?? env.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(flags['--data'] ?? env.FORMSTEAD_DATA ?? './formstead-data');
  const publicUrl = url(flags['--public-url'] ?? env.FORMSTEAD_PUBLIC_URL, flags['--public-url'] ? '--public-url' : 'FORMSTEAD_PUBLIC_URL') ?? `http://localhost:${port}`;
  const ownerKey = env.FORMSTEAD_OWNER_KEY || undefined;
  if (ownerKey !== undefined && !/^svc_live_[A-Za-z0-9_-]{16,128}$/.test(ownerKey)) {
    throw new ConfigError('FORMSTEAD_OWNER_KEY: must be svc_live_ followed by 16 to 128 letters, digits, _ or -');
  }
  const smtpUrl = env.FORMSTEAD_SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('FORMSTEAD_SMTP_URL: must start with smtp:// or smtps://');
  const monthly = env.FORMSTEAD_MONTHLY_SUBMISSIONS;
  return {
    port,
    host,
    dataDir,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    ownerKey,
    smtpUrl,
    mailFrom: env.FORMSTEAD_MAIL_FROM || 'Formstead <formstead@localhost>',
    unclaimedTtlHours: integer(env.FORMSTEAD_UNCLAIMED_TTL_HOURS, 'FORMSTEAD_UNCLAIMED_TTL_HOURS', 168, 1, 24 * 365),
    monthlySubmissions: monthly === undefined || monthly === '' || monthly === 'unlimited' ? undefined : integer(monthly, 'FORMSTEAD_MONTHLY_SUBMISSIONS', 0, 1, Number.MAX_SAFE_INTEGER),
    upgradeUrl: url(env.FORMSTEAD_UPGRADE_URL, 'FORMSTEAD_UPGRADE_URL'),
    webhookAllowPrivate: boolean(env.FORMSTEAD_WEBHOOK_ALLOW_PRIVATE, 'FORMSTEAD_WEBHOOK_ALLOW_PRIVATE', false),
    rateLimit: env.FORMSTEAD_RATE_LIMIT === undefined || env.FORMSTEAD_RATE_LIMIT === '' ? true : env.FORMSTEAD_RATE_LIMIT !== 'off' && boolean(env.FORMSTEAD_RATE_LIMIT, 'FORMSTEAD_RATE_LIMIT', true),
    trustProxy: boolean(env.FORMSTEAD_TRUST_PROXY, 'FORMSTEAD_TRUST_PROXY', false),
    webhookRetryBaseMs: integer(env.FORMSTEAD_WEBHOOK_RETRY_BASE_MS, 'FORMSTEAD_WEBHOOK_RETRY_BASE_MS', 30000, 1, 86_400_000),
    webhookRetryCapMs: integer(env.FORMSTEAD_WEBHOOK_RETRY_CAP_MS, 'FORMSTEAD_WEBHOOK_RETRY_CAP_MS', 10_800_000, 1, 7 * 86_400_000),
    webhookTimeoutMs: integer(env.FORMSTEAD_WEBHOOK_TIMEOUT_MS, 'FORMSTEAD_WEBHOOK_TIMEOUT_MS', 10000, 1, 600_000),
    filesDir: path.resolve(env.FORMSTEAD_FILES_DIR || path.join(dataDir, 'files')),
    uploadMaxBytes: integer(env.FORMSTEAD_UPLOAD_MAX_MB, 'FORMSTEAD_UPLOAD_MAX_MB', 10, 1, 10_240) * MB,
    submissionFilesMaxBytes: integer(env.FORMSTEAD_SUBMISSION_FILES_MAX_MB, 'FORMSTEAD_SUBMISSION_FILES_MAX_MB', 25, 1, 102_400) * MB,
    uploadTtlMs: integer(env.FORMSTEAD_UPLOAD_TTL_SECONDS, 'FORMSTEAD_UPLOAD_TTL_SECONDS', 86_400, 1, 30 * 86_400) * 1000,
    snapshotThread: oneOf(env.FORMSTEAD_SNAPSHOT_THREAD, 'FORMSTEAD_SNAPSHOT_THREAD', ['auto', 'worker', 'main'] as const, 'auto'),
  };
}

function oneOf<T extends string>(raw: string | undefined, name: string, allowed: readonly T[], fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name}: expected one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function parseFlags(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!(flagNames as readonly string[]).includes(name)) throw new ConfigError(`${arg}: unknown option (known: ${flagNames.join(', ')})`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new ConfigError(`${name}: needs a value`);
    out[name] = value;
  }
  return out;
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name}: expected a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name}: must be between ${min} and ${max}, got ${n}`);
  return n;
}

function boolean(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
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
