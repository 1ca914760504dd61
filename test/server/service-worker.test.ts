// GET /f-sw.js over HTTP against the real bundle: the hosted pages' service worker is served as
// JavaScript with its scope (/f/) allowed, and the hosted page's CSP lets the page register it (scripts
// and workers from 'self').
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const t = suite('service worker');
t.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
t.after(async () => {
  await server?.stop();
});

t('/f-sw.js is JavaScript with Service-Worker-Allowed: /f/', async () => {
  const r = await call(server.url, 'GET', '/f-sw.js');
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type')!, /^text\/javascript/);
  assert.is(r.headers.get('service-worker-allowed'), '/f/');
  assert.match(r.text, /formstead:keep/, 'the worker takes the addresses the page hands it');
});

t('the hosted page allows it: no worker-src narrower than self, scripts from self', async () => {
  const created = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition() },
  });
  const page = await call(server.url, 'GET', `/f/${created.json.form_id}`);
  const csp = page.headers.get('content-security-policy')!;
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'/);
  assert.not.match(csp, /worker-src/);
});

t('the bundles a form loads only when needed are served beside the others', async () => {
  for (const path of ['/assets/one-per-screen.js', '/assets/save-progress.js', '/assets/offline-queue.js']) {
    const r = await call(server.url, 'GET', path);
    assert.is(r.status, 200, path);
    assert.is(r.headers.get('access-control-allow-origin'), '*', path);
  }
});

t.run();
