// The partial answers' sender without a browser (client/hosted/partial-answers.ts): nothing before the person
// changed something, what they typed (never a password, file or signature) with the furthest question reached
// when the page is hidden or left, once per content, after 30 minutes idle, and nothing once the answer is sent;
// the submitter carries its session as `_session`.
import '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PARTIAL_IDLE_MS } from '../../shared/api/limits.ts';
import { startPartial } from '../../client/hosted/partial-answers.ts';
import { createSubmitter } from '../../client/hosted/submit-client.ts';

const t = suite('partial answers: the page side');
const beacons: { url: string; body: any }[] = [];
const definition = {
  steps: [
    {
      fields: [
        { key: 'name', type: 'text' },
        { key: 'pin', type: 'password' },
      ],
    },
    {
      fields: [
        { key: 'cv', type: 'file' },
        { key: 'sign', type: 'signature' },
        { key: 'stars', type: 'rating' },
        { key: 'email', type: 'email' },
      ],
    },
  ],
};
let ids = 0;
const view = { form_id: 'abc', render_token: '1.token', definition };
const honeypot = { current: null };
const start = () => startPartial(view, 'https://forms.example.com/v1/f/abc', honeypot, () => `session-${++ids}-0000`);
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
};

t.before.each(() => {
  beacons.length = 0;
  window.sessionStorage.clear();
  Object.defineProperty(navigator, 'sendBeacon', {
    value: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
    configurable: true,
  });
});

t('the form as it started (prefill) is no answer: leaving sends nothing', () => {
  const p = start();
  p.values({ name: 'From the link', stars: undefined });
  hide();
  window.dispatchEvent(new Event('pagehide'));
  assert.equal(beacons, []);
  assert.is(p.session(), undefined);
  p.finish();
});

t('what the person typed goes when the page is hidden, without the never-sent types, once per content', () => {
  const root = document.createElement('div');
  root.innerHTML = '<div data-fs-key="stars"><button id="star">3</button></div>';
  document.body.append(root);
  const p = start();
  p.values({});
  p.values({ name: 'Ada', pin: 'hunter2', cv: 'file-id', sign: 'sig-id', email: '' });
  root.querySelector<HTMLElement>('#star')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  hide();
  assert.is(beacons.length, 1);
  assert.is(beacons[0].url, 'https://forms.example.com/v1/f/abc/partial');
  assert.equal(beacons[0].body, {
    session: 'session-1-0000',
    values: { name: 'Ada' },
    last: 'stars',
    _rt: '1.token',
    _hp: '',
  });
  assert.is(window.sessionStorage.getItem('formstead:partial:abc'), 'session-1-0000', 'a reload keeps the row');
  hide();
  window.dispatchEvent(new Event('pagehide'));
  assert.is(beacons.length, 1, 'the same content is not sent again');
  p.values({ name: 'Ada L' });
  window.dispatchEvent(new Event('pagehide'));
  assert.equal(
    beacons.map((b) => [b.body.session, b.body.values.name]),
    [
      ['session-1-0000', 'Ada'],
      ['session-1-0000', 'Ada L'],
    ],
  );
  p.finish();
  root.remove();
});

t('after 30 minutes without a change the answers so far are sent', () => {
  const timers: { fn: () => void; ms: number }[] = [];
  const real = globalThis.setTimeout;
  globalThis.setTimeout = ((fn: () => void, ms: number) => timers.push({ fn, ms })) as unknown as typeof setTimeout;
  try {
    const p = start();
    p.values({});
    p.values({ name: 'Bo' });
    const idle = timers.at(-1)!;
    assert.is(idle.ms, PARTIAL_IDLE_MS);
    idle.fn();
    assert.equal(
      beacons.map((b) => b.body.values),
      [{ name: 'Bo' }],
    );
    p.finish();
  } finally {
    globalThis.setTimeout = real;
  }
});

t('once the answer is sent nothing more goes; a next answer starts a new session', () => {
  const p = start();
  p.values({});
  p.values({ name: 'Cy' });
  hide();
  const first = p.session();
  p.finish();
  assert.is(p.session(), undefined);
  assert.is(window.sessionStorage.getItem('formstead:partial:abc'), null);
  hide();
  window.dispatchEvent(new Event('pagehide'));
  assert.is(beacons.length, 1);
  // "Submit another response": the form starts over, then the person types again.
  p.values({});
  p.values({ name: 'Di' });
  hide();
  assert.is(beacons.length, 2);
  assert.is.not(beacons[1].body.session, first);
  p.finish();
});

t('values the page saw before the code arrived are handed over: the first is the start', () => {
  const p = startPartial(view, '/v1/f/abc', honeypot, () => 'session-early-0', [{}, { name: 'Early' }]);
  hide();
  assert.equal(
    beacons.map((b) => [b.url, b.body.values]),
    [['/v1/f/abc/partial', { name: 'Early' }]],
  );
  p.finish();
});

t('the submitter sends the session as _session (and leaves it out when there is none)', async () => {
  const bodies: any[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ id: 'x', values: {} }), { status: 201 });
  }) as unknown as typeof globalThis.fetch;
  let session: string | undefined = 'session-9-0000';
  const send = createSubmitter(
    '/v1/f/abc',
    { honeypot: () => '', renderToken: '1.t', session: () => session },
    { fetch, minFillMs: 0 },
  );
  await send({ name: 'A' }, { skippedSteps: [] });
  session = undefined;
  await send({ name: 'B' }, { skippedSteps: [] });
  assert.is(bodies[0]._session, 'session-9-0000');
  assert.not.ok('_session' in bodies[1]);
});

t.run();
