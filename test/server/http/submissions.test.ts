// Reading and deleting answers as scenario tables: scope, pages, one submission, CSV (spec 4.3, 2.12;
// ARCHITECTURE.md "Forms made by people"). Paging across writes and CSV quoting stay in reading.test.ts.
import { suite } from 'uvu';
import { type Scenario, type ScenarioWorld, scenarios, scenarioWorld } from '../../helpers/scenarios.ts';

let w: ScenarioWorld;

const reads: Scenario[] = [
  {
    name: 'account key reads its form',
    method: 'GET',
    path: (w) => `/v1/forms/${w.claimed}/submissions`,
    key: 'owner',
    status: 200,
    has: (w) => [w.claimedSubmission, '"values_contain_hidden_characters":false'],
  },
  {
    name: 'agent key reads its unclaimed form',
    method: 'GET',
    path: (w) => `/v1/forms/${w.unclaimed}/submissions`,
    key: 'agent',
    status: 200,
    has: (w) => [w.unclaimedSubmission],
  },
  {
    name: 'account key, an unclaimed form',
    method: 'GET',
    path: (w) => `/v1/forms/${w.unclaimed}/submissions`,
    key: 'owner',
    status: 404,
    hasNot: (w) => [w.unclaimedSubmission],
  },
  {
    name: "agent key, another agent key's form",
    method: 'GET',
    path: (w) => `/v1/forms/${w.unclaimed}/submissions`,
    key: 'otherAgent',
    status: 404,
  },
  { name: 'no key', method: 'GET', path: (w) => `/v1/forms/${w.claimed}/submissions`, status: 401 },
  {
    name: 'limit=100 is the largest page',
    method: 'GET',
    path: (w) => `/v1/forms/${w.claimed}/submissions?limit=100`,
    key: 'owner',
    status: 200,
  },
  ...['0', '-3', 'abc', '1.5', '1e2', ''].map(
    (limit): Scenario => ({
      name: `limit=${limit} is refused`,
      method: 'GET',
      path: (w) => `/v1/forms/${w.claimed}/submissions?limit=${limit}`,
      key: 'owner',
      status: 400,
      has: ['limit'],
    }),
  ),
  {
    name: 'a cursor that was not made here',
    method: 'GET',
    path: (w) => `/v1/forms/${w.claimed}/submissions?cursor=eyJzZXEiOjF9`,
    key: 'owner',
    status: 400,
    has: ['cursor'],
  },
  {
    name: 'CSV',
    method: 'GET',
    path: (w) => `/v1/forms/${w.claimed}/submissions?format=csv`,
    key: 'owner',
    status: 200,
    has: ['name,email', 'Ada,ada@example.com'],
    headersHave: { 'content-type': /^text\/csv/ },
  },
];

const one: Scenario[] = [
  {
    name: 'one submission',
    method: 'GET',
    path: (w) => `/v1/forms/${w.claimed}/submissions/${w.claimedSubmission}`,
    key: 'owner',
    status: 200,
    has: (w) => [`"id":"${w.claimedSubmission}"`, '"form_version":1'],
  },
  {
    name: "another form's submission under this form",
    method: 'GET',
    path: (w) => `/v1/forms/${w.claimed}/submissions/${w.unclaimedSubmission}`,
    key: 'owner',
    status: 404,
  },
  {
    name: 'an unknown submission',
    method: 'GET',
    path: (w) => `/v1/forms/${w.claimed}/submissions/00000000-0000-0000-0000-000000000000`,
    key: 'owner',
    status: 404,
  },
  {
    name: 'agent key, one submission of its form',
    method: 'GET',
    path: (w) => `/v1/forms/${w.unclaimed}/submissions/${w.unclaimedSubmission}`,
    key: 'agent',
    status: 200,
  },
  {
    name: 'delete: an unknown submission',
    method: 'DELETE',
    path: (w) => `/v1/forms/${w.claimed}/submissions/00000000-0000-0000-0000-000000000000`,
    key: 'owner',
    status: 404,
  },
  {
    name: "delete: another form's submission under this form",
    method: 'DELETE',
    path: (w) => `/v1/forms/${w.claimed}/submissions/${w.unclaimedSubmission}`,
    key: 'owner',
    status: 404,
  },
];

for (const [name, rows] of [
  ['submissions: reading', reads],
  ['submissions: one', one],
] as const) {
  const test = suite(name);
  test.before(async () => {
    w ??= await scenarioWorld();
  });
  scenarios(test, () => w, rows);
  test.run();
}

const done = suite('submissions: stop');
done('the bundle stops', async () => {
  await w.server.stop();
});
done.run();
