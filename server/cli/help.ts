// `formstead --help`: flags, environment variables with their defaults, and subcommands, in one text.
import { version } from './version.ts';

/** The help text (ARCHITECTURE.md "Configuration"; docs/operations.md explains each setting). */
export function helpText(): string {
  return `Formstead ${version}: a self-hostable forms backend in one Node file.

Usage:
  formstead [flags]                         start the server
  formstead admin-link [--data DIR]         print a one-time link that lets an owner set a new password
                                            (works while the server runs; the link is good for an hour;
                                            with --database-url URL, on every instance of that database)
  formstead backup --data DIR --out FILE    write a consistent copy of the data folder (a tar file; works
                                            while the server runs); unpack it into an empty folder and
                                            start with --data that folder
  formstead migrate --data DIR --to URL [--files-dir DIR]
                                            copy the data folder into PostgreSQL (URL postgres://…; stop
                                            the server first), uploaded files into --files-dir (default:
                                            they stay where they are), and check that everything arrived;
                                            safe to run again: it adds only what is missing
  formstead migrate --to-folder DIR [--from URL] [--files-from DIR]
                                            copy PostgreSQL (URL, default FORMSTEAD_DATABASE_URL) back into
                                            a new data folder DIR and the uploaded files (--files-from,
                                            default FORMSTEAD_FILES_DIR) into DIR/files; stop every instance
                                            first; every table's and file's checksum is compared
  formstead verify EXPORT --public-key KEY
                                            check a signed export (format=jsonl&signed=1) against the
                                            instance's key (GET /v1/signing-key, saved to KEY): exit 0 when
                                            intact, 1 naming the first answer changed, removed or inserted
  formstead decrypt --key KEY [--form ID] [--csv] EXPORT
                                            print an encrypted form's export (format=jsonl) with the values
                                            in the clear (JSON lines, or CSV): KEY is the private key file,
                                            or the wrapped key with its passphrase on standard input
  formstead --help | --version

Flags (each also read from the environment variable beside it; flags win):
  --port N            PORT                      port to listen on (default 8787)
  --host ADDR         HOST                      address to listen on (default 127.0.0.1; 0.0.0.0 for all)
  --data DIR          FORMSTEAD_DATA            data folder (default ./formstead-data)
  --public-url URL    FORMSTEAD_PUBLIC_URL      address people use, for links (default http://localhost:PORT)
  --database-url URL  FORMSTEAD_DATABASE_URL    keep everything in PostgreSQL (postgres://user:pass@host/db)
                                                instead of the data folder, so several instances can
                                                serve one installation (default: the data folder)
  --metrics-port N                              a private listener serving only GET /metrics (needs
                                                FORMSTEAD_METRICS=on; default none)

Environment:
  FORMSTEAD_OWNER_KEY=svc_live_...          an owner with this account key exists (default none)
  FORMSTEAD_SMTP_URL, FORMSTEAD_MAIL_FROM   send mail by SMTP (default: mail goes to the panel's outbox)
  FORMSTEAD_UNCLAIMED_TTL_HOURS             life of forms published without an account (default 168)
  FORMSTEAD_AUDIT_DAYS                      days the audit log keeps its entries (default 365)
  FORMSTEAD_MONTHLY_SUBMISSIONS             monthly quota; past it submissions answer 402 (default unlimited)
  FORMSTEAD_UPGRADE_URL                     sent with 402 answers (default none)
  FORMSTEAD_RATE_LIMIT=off                  turn rate limits off (default on)
  FORMSTEAD_METRICS_TOKEN=T                 serve GET /metrics (Prometheus) to Bearer T, 16+ characters (default off)
  FORMSTEAD_LOG_FORMAT=json                 log one JSON object a line (default text: time, level, message)
  FORMSTEAD_METRICS=on                      with --metrics-port: /metrics on that private listener (default off)
  FORMSTEAD_TRUST_PROXY=N                   proxies in front of the server; the client is the N-th
                                            X-Forwarded-For entry from the right (default 0: the socket)
  FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1         allow http:// and private webhook addresses, development only (default off)
  FORMSTEAD_WEBHOOK_RETRY_BASE_MS           first webhook retry delay (default 30000)
  FORMSTEAD_WEBHOOK_RETRY_CAP_MS            longest webhook retry delay (default 10800000)
  FORMSTEAD_WEBHOOK_TIMEOUT_MS              webhook attempt timeout (default 10000)
  FORMSTEAD_WEBHOOK_LEASE_MS                how long an instance holds a delivery it attempts; another
                                            takes over one whose instance died after it (default timeout + 15000)
  FORMSTEAD_SNAPSHOT_THREAD=auto|worker|main  where background snapshots are made (default auto)
  FORMSTEAD_FILES_DIR                       where uploaded files are kept (default DATA/files); with
                                            several instances, a folder every instance mounts
  FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR       MB of uploads one address may send an hour (default 200)
  FORMSTEAD_UPLOAD_BUDGET_MB_PER_FORM_DAY   MB of uploads one form may take a day (default 2048)
  FORMSTEAD_DATABASE_HINTS=off              behind a transaction-mode pooler (PgBouncer): no LISTEN,
                                            so no form cache, and no prepared statements (default on)
  FORMSTEAD_OIDC_ISSUER, FORMSTEAD_OIDC_CLIENT_ID, FORMSTEAD_OIDC_CLIENT_SECRET
                                            single sign-on to the panel with an OpenID Connect provider;
                                            register PUBLIC_URL/admin/oidc/callback there (default none)
  FORMSTEAD_OIDC_NAME                       the sign-in button's text (default "Sign in with single sign-on")
  FORMSTEAD_PASSWORD_LOGIN=off              panel sign-in by single sign-on only (default on)

Health: GET /healthz answers while the process runs; GET /readyz answers 503 while writes fail.
Stop with SIGTERM or SIGINT: in-flight requests finish and a snapshot is written.
More in README.md (running as a service, behind a proxy, backups).
`;
}
