// Strict-Transport-Security (security review "Who gets in", finding 8): every response of an installation
// served at an https public URL carries it; one served at http carries none.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { withContactForm } from '../../helpers/api.ts';

const hsts = suite('hsts');

/** A response of each kind: JSON, an error, an HTML page, a static asset, a 404, a redirect and a 204. */
async function answers(url: string, formId: string): Promise<[string, Headers][]> {
  const get = (path: string, init?: RequestInit) => fetch(`${url}${path}`, { redirect: 'manual', ...init });
  const rows: [string, Response][] = [
    ['health', await get('/healthz')],
    ['readiness', await get('/readyz')],
    ['hosted page', await get(`/f/${formId}`)],
    ['public definition', await get(`/v1/f/${formId}/definition`)],
    ['unknown route', await get('/nowhere')],
    [
      'bad JSON',
      await get('/v1/forms', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } }),
    ],
    ['preflight', await get(`/v1/f/${formId}`, { method: 'OPTIONS' })],
    ['panel redirect', await get('/admin')],
  ];
  for (const [, r] of rows) await r.arrayBuffer();
  return rows.map(([name, r]) => [name, r.headers]);
}

hsts('an https public URL: every response carries max-age=31536000', () =>
  withContactForm({ FORMSTEAD_PUBLIC_URL: 'https://forms.example.com' }, async (url, form) => {
    assert.is(form.headers.get('strict-transport-security'), 'max-age=31536000', 'publish');
    for (const [name, headers] of await answers(url, form.json.form_id))
      assert.is(headers.get('strict-transport-security'), 'max-age=31536000', name);
  }),
);

hsts('an http public URL: no response carries it', () =>
  withContactForm({}, async (url, form) => {
    assert.is(form.headers.get('strict-transport-security'), null, 'publish');
    for (const [name, headers] of await answers(url, form.json.form_id))
      assert.is(headers.get('strict-transport-security'), null, name);
  }),
);

hsts.run();
