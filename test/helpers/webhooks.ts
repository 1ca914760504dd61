// Shared steps of the webhook suites: a bundle that trusts the HTTPS receiver, forms pointed at it.
import { call, contactDefinition, OWNER_KEY } from './api.ts';
import type { HttpsReceiver } from './https-receiver.ts';
import { startServer, type RunningServer } from './server.ts';

/** Every error text a delivery record or test result may hold (spec 7.4). */
export const ERROR_TEXT =
  /^(http \d{3}|address not allowed|invalid url|dns failed|timeout|tls error|connection failed)$/;

/** Fast schedule for tests: first retry after 40 ms, doubling to a 320 ms cap. */
export const FAST_RETRIES = { FORMSTEAD_WEBHOOK_RETRY_BASE_MS: '40', FORMSTEAD_WEBHOOK_RETRY_CAP_MS: '320' };

/** Starts the bundle with the owner key, private webhook targets allowed and the receiver's certificate trusted. */
export function startWebhookServer(
  receiver: HttpsReceiver,
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RunningServer> {
  return startServer({
    dataDir,
    env: {
      FORMSTEAD_OWNER_KEY: OWNER_KEY,
      FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
      NODE_EXTRA_CA_CERTS: receiver.caFile,
      ...FAST_RETRIES,
      ...env,
    },
  });
}

/** A claimed form whose webhook points at `pathname` on the receiver; the receiver learns its secret. */
export async function formWithWebhook(
  server: RunningServer,
  receiver: HttpsReceiver,
  pathname: string,
  definition: Record<string, unknown> = contactDefinition(),
) {
  const published = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  if (published.status !== 201) throw new Error(`publish: ${published.text}`);
  const id = published.json.form_id as string;
  const patched = await call(server.url, 'PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: { webhook_url: receiver.url(pathname) },
  });
  if (patched.status !== 200) throw new Error(`patch: ${patched.text}`);
  const secret = (await call(server.url, 'GET', `/v1/forms/${id}/webhook?reveal=true`, { key: OWNER_KEY })).json
    .secret as string;
  receiver.secrets.set(pathname, secret);
  return { id, secret };
}

/** Posts one respondent submission; answers its id. */
export async function submit(
  server: RunningServer,
  formId: string,
  values: Record<string, unknown> = { name: 'Ada', email: 'ada@example.com', message: 'hello' },
) {
  const r = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values } });
  if (r.status !== 201) throw new Error(`submit: ${r.status} ${r.text}`);
  return r.json.id as string;
}

/** The delivery log of a form (spec 4.5). */
export async function deliveryLog(server: RunningServer, formId: string): Promise<any[]> {
  const r = await call(server.url, 'GET', `/v1/forms/${formId}/webhook`, { key: OWNER_KEY });
  if (r.status !== 200) throw new Error(`log: ${r.text}`);
  return r.json.deliveries;
}

/** Polls the delivery log until `check` holds (a liveness bound, not a timing assertion). */
export async function waitForLog(
  server: RunningServer,
  formId: string,
  check: (log: any[]) => boolean,
  what: string,
  limitMs = 20_000,
): Promise<any[]> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const log = await deliveryLog(server, formId);
    if (check(log)) return log;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; log: ${JSON.stringify(log.slice(0, 5))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits `ms`: used only to give something the chance to happen that must not. */
export const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
