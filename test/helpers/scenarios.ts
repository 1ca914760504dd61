// HTTP behaviour as scenario tables (PocketBase's tests/api.go): one row per rule of the spec, each a
// method, a path, a key, a body, the expected status and the fragments the answer must and must not
// hold. A row names the world's parts (forms, keys) by role, so one table reads like the rule it checks.
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ApiAnswer, call, contactDefinition, OWNER_KEY } from './api.ts';
import { type RunningServer, startServer } from './server.ts';

/** What a table's rows can refer to: a running bundle with forms of each kind and their keys. */
export interface ScenarioWorld {
  server: RunningServer;
  /** A claimed form of the owner's workspace. */
  claimed: string;
  /** An unclaimed form and the agent key that published it. */
  unclaimed: string;
  agentKey: string;
  /** A second agent key with a form of its own (to prove scope). */
  otherAgentKey: string;
  otherUnclaimed: string;
  /** A claimed form that is paused. */
  paused: string;
  /** A submission of `claimed`, and one of `unclaimed`. */
  claimedSubmission: string;
  unclaimedSubmission: string;
}

/** Text or patterns an answer's body is checked for, fixed or built from the world (its ids). */
export type Fragments = (string | RegExp)[] | ((w: ScenarioWorld) => (string | RegExp)[]);

/** Who calls: the owner's account key, the agent key, the other agent key, nobody, or a raw header value. */
export type Caller = 'owner' | 'agent' | 'otherAgent' | 'none' | { authorization: string };

/** One rule: a request and what its answer must be. Paths and bodies may be built from the world. */
export interface Scenario {
  name: string;
  method: string;
  path: string | ((w: ScenarioWorld) => string);
  key?: Caller;
  body?: unknown | ((w: ScenarioWorld) => unknown);
  rawBody?: string;
  headers?: Record<string, string>;
  status: number;
  /** The `error` code of a refusal. */
  error?: string;
  /** Fragments the body must hold. */
  has?: Fragments;
  /** Fragments the body must not hold (a leak, an echo). */
  hasNot?: Fragments;
  /** Response headers that must match. */
  headersHave?: Record<string, RegExp>;
}

/** Starts the bundle and builds the world every table of a file shares. */
export async function scenarioWorld(env: Record<string, string> = {}): Promise<ScenarioWorld> {
  const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, ...env } });
  const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
  const publish = async (key?: string) => {
    const r = await api('POST', '/v1/forms', { key, body: { definition: contactDefinition() } });
    assert.is(r.status, 201, r.text);
    return r.json;
  };
  const answer = async (formId: string) => {
    const r = await api('POST', `/v1/f/${formId}`, { body: { values: { name: 'Ada', email: 'ada@example.com' } } });
    assert.is(r.status, 201, r.text);
    return r.json.id as string;
  };
  const claimed = (await publish(OWNER_KEY)).form_id;
  const unclaimed = await publish();
  const other = await publish();
  const paused = (await publish(OWNER_KEY)).form_id;
  const pause = await api('PATCH', `/v1/forms/${paused}`, { key: OWNER_KEY, body: { status: 'paused' } });
  assert.is(pause.status, 200, pause.text);
  return {
    server,
    claimed,
    unclaimed: unclaimed.form_id,
    agentKey: unclaimed.agent_key,
    otherAgentKey: other.agent_key,
    otherUnclaimed: other.form_id,
    paused,
    claimedSubmission: await answer(claimed),
    unclaimedSubmission: await answer(unclaimed.form_id),
  };
}

function authorization(w: ScenarioWorld, key: Caller | undefined): Record<string, string> {
  if (key === undefined || key === 'none') return {};
  if (typeof key === 'object') return key;
  const token = { owner: OWNER_KEY, agent: w.agentKey, otherAgent: w.otherAgentKey }[key];
  return { authorization: `Bearer ${token}` };
}

/** Sends a row's request. */
export async function send(w: ScenarioWorld, row: Scenario): Promise<ApiAnswer> {
  const path = typeof row.path === 'function' ? row.path(w) : row.path;
  const body = typeof row.body === 'function' ? row.body(w) : row.body;
  return call(w.server.url, row.method, path, {
    body,
    rawBody: row.rawBody,
    headers: { ...authorization(w, row.key), ...row.headers },
  });
}

/** Checks an answer against its row; every refusal must also be in the spec's error shape. */
export function expectAnswer(w: ScenarioWorld, row: Scenario, r: ApiAnswer) {
  const fragments = (f: Fragments | undefined) => (typeof f === 'function' ? f(w) : (f ?? []));
  const where = `${row.name}: ${r.status} ${r.text.slice(0, 300)}`;
  assert.is(r.status, row.status, where);
  if (r.status >= 400) {
    assert.type(r.json?.error, 'string', where);
    assert.ok(Array.isArray(r.json.details), `${where}: details is a list`);
  }
  if (row.error !== undefined) assert.is(r.json?.error, row.error, where);
  for (const f of fragments(row.has)) {
    if (typeof f === 'string') assert.ok(r.text.includes(f), `${where}: holds ${f}`);
    else assert.match(r.text, f, where);
  }
  for (const f of fragments(row.hasNot)) {
    if (typeof f === 'string') assert.not.ok(r.text.includes(f), `${where}: must not hold ${f}`);
    else assert.not.match(r.text, f, where);
  }
  for (const [name, pattern] of Object.entries(row.headersHave ?? {}))
    assert.match(r.headers.get(name) ?? '', pattern, `${where}: header ${name}`);
}

/** Registers one test per row on `test`, each sending its request to the world `world()` returns. */
export function scenarios(test: Test, world: () => ScenarioWorld, rows: Scenario[]) {
  for (const row of rows) {
    test(`${row.method} ${typeof row.path === 'string' ? row.path : '…'}: ${row.name}`, async () => {
      expectAnswer(world(), row, await send(world(), row));
    });
  }
}
