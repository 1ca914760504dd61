// Start-up configuration: a bad value stops the start with one line naming the setting.
import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundlePath } from '../helpers/server.ts';

const config = suite('config');

const rows: [string, string[], Record<string, string>, RegExp][] = [
  ['port not a number', ['--port', 'abc'], {}, /^formstead: --port: expected a whole number/],
  ['port out of range', [], { PORT: '70000' }, /^formstead: PORT: must be between 0 and 65535/],
  ['unknown flag', ['--colour', 'red'], {}, /^formstead: --colour: unknown option/],
  ['flag without value', ['--data'], {}, /^formstead: --data: needs a value/],
  ['bad public url', ['--public-url', 'ftp://x'], {}, /^formstead: --public-url: expected an http\(s\) URL/],
  ['bad owner key', [], { FORMSTEAD_OWNER_KEY: 'sk_123' }, /^formstead: FORMSTEAD_OWNER_KEY: must be svc_live_/],
  ['bad ttl', [], { FORMSTEAD_UNCLAIMED_TTL_HOURS: '0' }, /^formstead: FORMSTEAD_UNCLAIMED_TTL_HOURS: must be between/],
  [
    'bad boolean',
    [],
    { FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: 'maybe' },
    /^formstead: FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: expected 1 or 0/,
  ],
  [
    'metrics token one short of 16',
    [],
    { FORMSTEAD_METRICS_TOKEN: 'a'.repeat(15) },
    /^formstead: FORMSTEAD_METRICS_TOKEN: must be 16 to 256 /,
  ],
  [
    'metrics on without a port',
    [],
    { FORMSTEAD_METRICS: 'on' },
    /^formstead: FORMSTEAD_METRICS: on needs --metrics-port/,
  ],
  [
    'metrics port without on',
    ['--metrics-port', '9100'],
    {},
    /^formstead: --metrics-port: needs FORMSTEAD_METRICS=on$/,
  ],
  [
    'metrics port out of range',
    ['--metrics-port', '65536'],
    { FORMSTEAD_METRICS: 'on' },
    /^formstead: --metrics-port: must be between 1 and 65535, got 65536$/,
  ],
  ['bad smtp url', [], { FORMSTEAD_SMTP_URL: 'http://mail' }, /^formstead: FORMSTEAD_SMTP_URL: must start with smtp/],
  [
    'upload limit zero',
    [],
    { FORMSTEAD_UPLOAD_MAX_MB: '0' },
    /^formstead: FORMSTEAD_UPLOAD_MAX_MB: must be between 1 and 10240, got 0$/,
  ],
  [
    'upload limit not a number',
    [],
    { FORMSTEAD_UPLOAD_MAX_MB: '2.5' },
    /^formstead: FORMSTEAD_UPLOAD_MAX_MB: expected a whole number, got "2.5"$/,
  ],
  [
    'submission files limit too big',
    [],
    { FORMSTEAD_SUBMISSION_FILES_MAX_MB: '102401' },
    /^formstead: FORMSTEAD_SUBMISSION_FILES_MAX_MB: must be between 1 and 102400, got 102401$/,
  ],
  [
    'upload budget per hour zero',
    [],
    { FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR: '0' },
    /^formstead: FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR: must be between 1 and 1048576, got 0$/,
  ],
  [
    'upload budget per form a day too big',
    [],
    { FORMSTEAD_UPLOAD_BUDGET_MB_PER_FORM_DAY: '1048577' },
    /^formstead: FORMSTEAD_UPLOAD_BUDGET_MB_PER_FORM_DAY: must be between 1 and 1048576, got 1048577$/,
  ],
  [
    'upload ttl zero',
    [],
    { FORMSTEAD_UPLOAD_TTL_SECONDS: '0' },
    /^formstead: FORMSTEAD_UPLOAD_TTL_SECONDS: must be between 1 and 2592000, got 0$/,
  ],
  [
    'database url of another kind',
    ['--database-url', 'mysql://db/formstead'],
    {},
    /^formstead: --database-url: must start with postgres:\/\/ or postgresql:\/\/$/,
  ],
  [
    'database url not a url',
    [],
    { FORMSTEAD_DATABASE_URL: 'db:5432' },
    /^formstead: FORMSTEAD_DATABASE_URL: must start with postgres:\/\//,
  ],
  [
    'database url text',
    [],
    { FORMSTEAD_DATABASE_URL: 'not a url' },
    /^formstead: FORMSTEAD_DATABASE_URL: expected a URL like postgres:\/\/user:password@host:5432\/formstead$/,
  ],
  [
    'database url without a host',
    [],
    { FORMSTEAD_DATABASE_URL: 'postgres:///formstead' },
    /^formstead: FORMSTEAD_DATABASE_URL: names no host$/,
  ],
  ['database url flag without value', ['--database-url='], {}, /^formstead: --database-url: needs a value$/],
  // Port 1 refuses at once: nothing listens there. The start fails before anything is served.
  [
    'database not reachable',
    [],
    { FORMSTEAD_DATABASE_URL: 'postgres://127.0.0.1:1/formstead' },
    /^formstead: PostgreSQL cannot be reached \(ECONNREFUSED\)\.$/,
  ],
  [
    'bad database hints',
    [],
    { FORMSTEAD_DATABASE_HINTS: 'no' },
    /^formstead: FORMSTEAD_DATABASE_HINTS: expected one of on, off, got "no"$/,
  ],
  [
    'webhook lease not longer than the timeout',
    [],
    { FORMSTEAD_WEBHOOK_TIMEOUT_MS: '5000', FORMSTEAD_WEBHOOK_LEASE_MS: '5500' },
    /^formstead: FORMSTEAD_WEBHOOK_LEASE_MS: must be at least FORMSTEAD_WEBHOOK_TIMEOUT_MS \+ 1000 \(6000\), got 5500$/,
  ],
  [
    'webhook lease not a number',
    [],
    { FORMSTEAD_WEBHOOK_LEASE_MS: '1m' },
    /^formstead: FORMSTEAD_WEBHOOK_LEASE_MS: expected a whole number, got "1m"$/,
  ],
  [
    'bad snapshot thread',
    [],
    { FORMSTEAD_SNAPSHOT_THREAD: 'both' },
    /^formstead: FORMSTEAD_SNAPSHOT_THREAD: expected one of auto, worker, main, got "both"$/,
  ],
  [
    'password sign-in off without single sign-on',
    [],
    { FORMSTEAD_PASSWORD_LOGIN: 'off' },
    /^formstead: FORMSTEAD_PASSWORD_LOGIN: off needs single sign-on \(set FORMSTEAD_OIDC_ISSUER and /,
  ],
  [
    'bad password sign-in switch',
    [],
    { FORMSTEAD_PASSWORD_LOGIN: 'no' },
    /^formstead: FORMSTEAD_PASSWORD_LOGIN: expected one of on, off, got "no"$/,
  ],
  [
    'single sign-on issuer over plain http elsewhere than this machine',
    [],
    { FORMSTEAD_OIDC_ISSUER: 'http://sso.example.com', FORMSTEAD_OIDC_CLIENT_ID: 'formstead' },
    /^formstead: FORMSTEAD_OIDC_ISSUER: must start with https:\/\/ \(plain http only for localhost\)/,
  ],
  [
    'single sign-on issuer not a URL',
    [],
    { FORMSTEAD_OIDC_ISSUER: 'sso', FORMSTEAD_OIDC_CLIENT_ID: 'formstead' },
    /^formstead: FORMSTEAD_OIDC_ISSUER: expected the provider's https address, got "sso"$/,
  ],
  [
    'single sign-on without a client id',
    [],
    { FORMSTEAD_OIDC_ISSUER: 'https://sso.example.com' },
    /^formstead: FORMSTEAD_OIDC_CLIENT_ID: needed with FORMSTEAD_OIDC_ISSUER$/,
  ],
  [
    'single sign-on client id without an issuer',
    [],
    { FORMSTEAD_OIDC_CLIENT_ID: 'formstead' },
    /^formstead: FORMSTEAD_OIDC_CLIENT_ID: needs FORMSTEAD_OIDC_ISSUER \(the provider's address\) as well$/,
  ],
  [
    'single sign-on button text past 60 characters',
    [],
    {
      FORMSTEAD_OIDC_ISSUER: 'https://sso.example.com',
      FORMSTEAD_OIDC_CLIENT_ID: 'formstead',
      FORMSTEAD_OIDC_NAME: 'x'.repeat(61),
    },
    /^formstead: FORMSTEAD_OIDC_NAME: must be one line of at most 60 characters$/,
  ],
];

for (const [name, args, env, expected] of rows) {
  config(`${name}: one line naming it, exit non-zero`, () => {
    const r = spawnSync(process.execPath, [bundlePath, ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 10000,
    });
    assert.is.not(r.status, 0);
    const lines = r.stderr.trim().split('\n');
    assert.is(lines.length, 1, r.stderr);
    assert.match(lines[0], expected);
  });
}

config.run();
