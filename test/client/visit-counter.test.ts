// The page's counter of the funnel per question (client/hosted/visit-counter.ts) without a browser: the
// events of one task go in one post; a long list is cut into bodies the server takes (at most 20 events and
// 2 KB each, checked with the server's own schema); a key past EVENT_QUESTION_KEY_MAX is left out, one at it
// is sent; leaving a question is sent once, answered or skipped.
import '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createVisitCounter } from '../../client/hosted/visit-counter.ts';
import { eventsBodySchema } from '../../shared/api/form-events.ts';
import { EVENT_QUESTION_KEY_MAX, EVENTS_BODY_MAX_BYTES, EVENTS_PER_BODY_MAX } from '../../shared/api/limits.ts';

const posts: string[] = [];
Object.defineProperty(globalThis, 'sessionStorage', { value: window.sessionStorage, configurable: true });
Object.defineProperty(navigator, 'sendBeacon', {
  value: (_url: string, body: string) => posts.push(body) > 0,
  configurable: true,
});

/** The posts sent once this task's events are flushed. */
const sent = async () => {
  await Promise.resolve();
  return posts.splice(0).map((p) => JSON.parse(p) as { events: { type: string; key?: string; step?: string }[] });
};

const counter = suite('visit counter: question events');
let n = 0;
counter.before.each(() => {
  window.sessionStorage.clear();
  posts.length = 0;
});
const make = () => createVisitCounter('/v1/f/x/events', `form-${++n}`, { utm_source: 'mail' });

counter('a step, the questions left and those reached in one task: one post', async () => {
  const c = make();
  c.step('two');
  c.question('answered', 'name');
  c.question('skipped', 'note');
  c.question('reached', 'nps');
  const bodies = await sent();
  assert.is(bodies.length, 1);
  assert.equal(bodies[0].events, [
    { type: 'step', step: 'two' },
    { type: 'answered', key: 'name' },
    { type: 'skipped', key: 'note' },
    { type: 'reached', key: 'nps' },
  ]);
});

counter('leaving a question is sent once per session, answered or skipped; reaching it once', async () => {
  const c = make();
  c.question('reached', 'name');
  c.question('skipped', 'name');
  await sent();
  c.question('reached', 'name');
  c.question('answered', 'name');
  assert.equal(await sent(), [], 'nothing new');
});

counter(`${EVENTS_PER_BODY_MAX + 5} questions at once: bodies of at most ${EVENTS_PER_BODY_MAX} events`, async () => {
  const keys = Array.from({ length: EVENTS_PER_BODY_MAX + 5 }, (_, i) => `q${i}`);
  const c = make();
  for (const k of keys) c.question('reached', k);
  const bodies = await sent();
  assert.equal(
    bodies.map((b) => b.events.length),
    [EVENTS_PER_BODY_MAX, 5],
  );
  assert.equal(
    bodies.flatMap((b) => b.events.map((e) => e.key)),
    keys,
  );
});

counter(
  `keys of ${EVENT_QUESTION_KEY_MAX} characters: bodies under ${EVENTS_BODY_MAX_BYTES} bytes; one longer is left out`,
  async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `${i}`.padStart(EVENT_QUESTION_KEY_MAX, 'k'));
    const c = make();
    for (const k of [...keys, 'x'.repeat(EVENT_QUESTION_KEY_MAX + 1)]) c.question('reached', k);
    const raw = await Promise.resolve().then(() => posts.splice(0));
    assert.ok(raw.length > 1, 'too many bytes for one body: cut');
    for (const body of raw) {
      assert.ok(new TextEncoder().encode(body).length <= EVENTS_BODY_MAX_BYTES, `${body.length} bytes`);
      assert.ok(eventsBodySchema.safeParse(JSON.parse(body)).success, 'the server takes it');
    }
    assert.equal(
      raw.flatMap((b) => JSON.parse(b).events.map((e: { key: string }) => e.key)),
      keys,
      'every key at the limit sent, in order; the longer one left out',
    );
  },
);

counter.run();
