// The public endpoints respondents and embeds call, as scenario tables: POST /v1/f/{id}, its preflight
// and the public definition (ARCHITECTURE.md "Forms, versions, claims"; spec 2.12, 7). Anti-spam,
// idempotent replays and form posts need sequences and stay in test/server/submissions.test.ts.
import { suite } from 'uvu';
import { type Scenario, type ScenarioWorld, scenarios, scenarioWorld } from '../../helpers/scenarios.ts';

let w: ScenarioWorld;
const ada = { name: 'Ada', email: 'ada@example.com' };

const rows: Scenario[] = [
  {
    name: 'CORS preflight',
    method: 'OPTIONS',
    path: (w) => `/v1/f/${w.claimed}`,
    headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    status: 204,
    headersHave: { 'access-control-allow-origin': /^\*$/, 'access-control-allow-headers': /idempotency-key/ },
  },
  {
    name: 'accepted',
    method: 'POST',
    path: (w) => `/v1/f/${w.claimed}`,
    body: { values: ada },
    status: 201,
    has: ['"values":{"name":"Ada","email":"ada@example.com"}'],
    // A script's answer: CORS's origin, the request id, JSON never cached or sniffed; no page headers and none
    // of the preflight's (an empty match is a header that is not there).
    headersHave: {
      'access-control-allow-origin': /^\*$/,
      'x-request-id': /^[0-9a-f-]{36}$/,
      'content-type': /^application\/json; charset=utf-8$/,
      'cache-control': /^no-store$/,
      'x-content-type-options': /^nosniff$/,
      'x-frame-options': /^$/,
      'referrer-policy': /^$/,
      'access-control-allow-methods': /^$/,
    },
  },
  { name: 'an unknown form', method: 'POST', path: '/v1/f/nosuchform', body: { values: ada }, status: 404 },
  {
    name: 'a paused form',
    method: 'POST',
    path: (w) => `/v1/f/${w.paused}`,
    body: { values: ada },
    status: 409,
    error: 'paused',
  },
  {
    name: 'every problem in one answer',
    method: 'POST',
    path: (w) => `/v1/f/${w.claimed}`,
    body: { values: { email: 'not an address', colour: 'red' } },
    status: 422,
    error: 'invalid_request',
    has: ['values.name', 'values.email', 'values.colour: unknown field'],
  },
  {
    name: 'values that are not an object',
    method: 'POST',
    path: (w) => `/v1/f/${w.claimed}`,
    body: { values: ['Ada'] },
    status: 422,
    has: ['values: expected an object'],
  },
  {
    name: 'skippedSteps that are not a list',
    method: 'POST',
    path: (w) => `/v1/f/${w.claimed}`,
    body: { values: ada, skippedSteps: 'intro' },
    status: 422,
    has: ['skippedSteps: expected a list of step ids'],
  },
  {
    name: 'an unknown top-level key of a JSON post',
    method: 'POST',
    path: (w) => `/v1/f/${w.claimed}`,
    body: { values: ada, extra: 1 },
    status: 422,
    has: ['extra: unknown field'],
  },
  {
    name: 'a body that is not JSON',
    method: 'POST',
    path: (w) => `/v1/f/${w.claimed}`,
    rawBody: '{"values":',
    headers: { 'content-type': 'application/json' },
    status: 400,
  },
  {
    name: 'an Idempotency-Key of 128 characters',
    method: 'POST',
    path: (w) => `/v1/f/${w.claimed}`,
    body: { values: ada },
    headers: { 'idempotency-key': 'k'.repeat(128) },
    status: 201,
  },
  {
    name: 'an Idempotency-Key of 129 characters',
    method: 'POST',
    path: (w) => `/v1/f/${w.claimed}`,
    body: { values: ada },
    headers: { 'idempotency-key': 'k'.repeat(129) },
    status: 400,
    error: 'invalid_idempotency_key',
  },
  {
    name: 'the public definition, cached 60 s',
    method: 'GET',
    path: (w) => `/v1/f/${w.claimed}/definition`,
    status: 200,
    has: ['"title":"Contact us"'],
    headersHave: { 'cache-control': /max-age=60/, 'access-control-allow-origin': /^\*$/ },
  },
  { name: 'the definition of an unknown form', method: 'GET', path: '/v1/f/nosuchform/definition', status: 404 },
];

const test = suite('respondent endpoints');
test.before(async () => {
  w = await scenarioWorld();
});
test.after(async () => {
  await w.server.stop();
});
scenarios(test, () => w, rows);
test.run();
