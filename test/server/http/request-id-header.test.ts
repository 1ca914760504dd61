// X-Request-Id as the head's first header, once, on every kind of answer (server/http/request-response.ts writes
// it when the head is written, not when the request comes in); the respondent's 201 keeps its exact headers in
// their order; with HSTS the id still comes first.
import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_KEY, withContactForm } from '../../helpers/api.ts';
import { startServer } from '../../helpers/server.ts';

const head = suite('x-request-id header');

/** The status and the header names and values in the order they came, lower-cased names. */
function rawHead(
  url: string,
  method: string,
  body?: string,
  headers: http.OutgoingHttpHeaders = body ? { 'content-type': 'application/json' } : {},
): Promise<{ status: number; headers: [string, string][] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const headers: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        headers.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One answer of each kind: a JSON 201 and 422, an HTML page, an asset, a 404, a bad body, a 204, a redirect. */
async function everyKind(base: string, formId: string) {
  const post = (values: unknown) => rawHead(`${base}/v1/f/${formId}`, 'POST', JSON.stringify({ values }));
  return {
    created: await post({ name: 'Ada', email: 'ada@example.com', topic: 'sales', message: 'hi' }),
    refused: await post({ name: 'Ada' }),
    health: await rawHead(`${base}/healthz`, 'GET'),
    page: await rawHead(`${base}/f/${formId}`, 'GET'),
    definition: await rawHead(`${base}/v1/f/${formId}/definition`, 'GET'),
    unknown: await rawHead(`${base}/nowhere`, 'GET'),
    badJson: await rawHead(`${base}/v1/f/${formId}`, 'POST', '{'),
    preflight: await rawHead(`${base}/v1/f/${formId}`, 'OPTIONS'),
    redirect: await rawHead(`${base}/admin`, 'GET'),
  };
}

/** Asserts each answer names X-Request-Id once, as a UUID, in the first place. */
function idFirst(answers: Record<string, { headers: [string, string][] }>) {
  for (const [name, { headers }] of Object.entries(answers)) {
    assert.is(headers[0][0], 'x-request-id', name);
    assert.match(headers[0][1], /^[0-9a-f-]{36}$/, name);
    assert.is(headers.filter(([n]) => n === 'x-request-id').length, 1, name);
  }
}

head('every kind of answer starts with one X-Request-Id; the 201 has exactly its headers, in order', () =>
  withContactForm({}, async (url, form) => {
    const answers = await everyKind(url, form.json.form_id);
    assert.equal(
      Object.values(answers).map((a) => a.status),
      [201, 422, 200, 200, 200, 404, 400, 204, 303],
    );
    idFirst(answers);
    assert.equal(
      answers.created.headers.map(([n]) => n),
      [
        'x-request-id',
        'x-content-type-options',
        'content-type',
        'cache-control',
        'content-length',
        'access-control-allow-origin',
        'date',
        'connection',
        'keep-alive',
      ],
    );
    assert.equal(answers.created.headers.slice(1, 4), [
      ['x-content-type-options', 'nosniff'],
      ['content-type', 'application/json; charset=utf-8'],
      ['cache-control', 'no-store'],
    ]);
  }),
);

head('behind https (HSTS set before the answer) X-Request-Id still comes first, HSTS second', () =>
  withContactForm({ FORMSTEAD_PUBLIC_URL: 'https://forms.example.com' }, async (url, form) => {
    const answers = await everyKind(url, form.json.form_id);
    idFirst(answers);
    for (const [name, { headers }] of Object.entries(answers))
      assert.equal(headers[1], ['strict-transport-security', 'max-age=31536000'], name);
  }),
);

head(
  'Node answers an unknown Expect itself (417) before the server names the request: no empty X-Request-Id',
  async () => {
    const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
    try {
      const answer = await rawHead(`${server.url}/healthz`, 'GET', undefined, { expect: 'something-else' });
      assert.is(answer.status, 417);
      assert.equal(
        answer.headers.filter(([n]) => n === 'x-request-id'),
        [],
      );
    } finally {
      await server.stop();
    }
  },
);

head.run();
