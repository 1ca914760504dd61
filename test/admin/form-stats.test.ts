// The panel's stats procedures over the real services: the summary per question of a seeded form,
// exact (options counted in the definition's order, numbers' min/median/max, the latest 5 texts,
// answered counts), and stats.byForm agreeing with what was counted, unwritten counts included.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminWorld, type AdminWorld } from '../helpers/admin-world.ts';
import { LATEST_TEXTS, QuestionSummaries } from '../../server/core/stats/question-summary.ts';
import { FOLD_PAGE } from '../../server/core/stats/tally-fold.ts';

const survey = {
  id: 'survey',
  title: 'Survey',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { key: 'name', type: 'text', label: 'Name' },
        { key: 'email', type: 'email', label: 'Email' },
        { key: 'size', type: 'number', label: 'Team size' },
      ],
    },
    {
      id: 'choices',
      title: 'Choices',
      fields: [
        {
          key: 'plan',
          type: 'radio',
          label: 'Plan',
          options: [
            { value: 'free', label: 'Free' },
            { value: 'pro', label: 'Pro' },
            { value: 'team', label: 'Team' },
          ],
        },
        {
          key: 'tools',
          type: 'multiselect',
          label: 'Tools',
          options: [
            { value: 'a', label: 'Alpha' },
            { value: 'b', label: 'Beta' },
          ],
        },
        { key: 'news', type: 'checkbox', label: 'Send news' },
      ],
    },
  ],
};

/** The seeded answers, oldest first. */
const answers: Record<string, unknown>[] = [
  { name: 'Ada', email: 'ada@example.com', size: 12, plan: 'pro', tools: ['a', 'b'], news: true },
  { name: 'Grace', size: 3, plan: 'free', tools: ['a'], news: false },
  { name: 'Linus', size: 7, plan: 'pro' },
  { name: 'Barbara', email: 'b@example.com', size: 40, plan: 'pro', tools: ['b'], news: true },
  { name: 'Alan', plan: 'free', news: true },
  { name: 'Edsger', size: 1, tools: ['a'] },
  { email: 'no-name@example.com' },
];

/** Publishes `definition` as the world's owner; the new form's id. */
async function publishAsOwner(w: AdminWorld, definition: Record<string, unknown>): Promise<string> {
  const owner = { kind: 'user' as const, userId: w.userIds.owner, workspaceId: w.workspaceId, role: 'owner' as const };
  return (await w.services.forms.publish(owner, { definition })).form_id;
}

const stats = suite<{ w: AdminWorld; formId: string }>('admin: form stats');
stats.before(async (ctx) => {
  ctx.w = await adminWorld();
  ctx.formId = await publishAsOwner(ctx.w, survey);
  for (const values of answers) {
    const r = await ctx.w.services.submissions.submit({ formId: ctx.formId, values, formPost: false, bodyHash: '' });
    assert.is(r.status, 201);
  }
});
stats.after(async ({ w }) => {
  await w.services.responseMail.stop();
  await w.store.close();
});

stats('stats.questions: the summary of every question of a seeded form, exact', async ({ w, formId }) => {
  const s = await w.caller('viewer').stats.questions({ formId });
  assert.equal(s, {
    total: 7,
    questions: [
      {
        key: 'name',
        label: 'Name',
        type: 'text',
        answered: 6,
        kind: 'text',
        // Newest first, at most LATEST_TEXTS of them.
        latest: ['Edsger', 'Alan', 'Barbara', 'Linus', 'Grace'],
      },
      // An email is a contact detail, not an answer to sum up: counted only.
      { key: 'email', label: 'Email', type: 'email', answered: 3, kind: 'count' },
      {
        key: 'size',
        label: 'Team size',
        type: 'number',
        answered: 5,
        kind: 'number',
        mean: 12.6,
        min: 1,
        median: 7,
        max: 40,
        // A plain number has no points: only the values given.
        distribution: { 1: 1, 3: 1, 7: 1, 12: 1, 40: 1 },
      },
      {
        key: 'plan',
        label: 'Plan',
        type: 'radio',
        answered: 5,
        kind: 'choice',
        options: [
          { value: 'free', label: 'Free', count: 2 },
          { value: 'pro', label: 'Pro', count: 3 },
          { value: 'team', label: 'Team', count: 0 },
        ],
      },
      {
        key: 'tools',
        label: 'Tools',
        type: 'multiselect',
        answered: 4,
        kind: 'choice',
        options: [
          { value: 'a', label: 'Alpha', count: 3 },
          { value: 'b', label: 'Beta', count: 2 },
        ],
      },
      {
        key: 'news',
        label: 'Send news',
        type: 'checkbox',
        answered: 4,
        kind: 'choice',
        options: [
          { value: 'true', label: 'Yes', count: 3 },
          { value: 'false', label: 'No', count: 1 },
        ],
      },
    ],
  });
  assert.is(LATEST_TEXTS, 5);
});

stats('stats.questions: an even count of numbers has the mean of the middle two as median', async ({ w }) => {
  const def = { ...survey, steps: undefined, fields: [{ key: 'size', type: 'number', label: 'Size' }] };
  const formId = await publishAsOwner(w, def);
  for (const size of [10, 2, 4, 8])
    await w.services.submissions.submit({ formId, values: { size }, formPost: false, bodyHash: '' });
  const [q] = (await w.caller('viewer').stats.questions({ formId })).questions;
  assert.equal(q, {
    key: 'size',
    label: 'Size',
    type: 'number',
    answered: 4,
    kind: 'number',
    mean: 6,
    min: 2,
    median: 6,
    max: 10,
    distribution: { 2: 1, 4: 1, 8: 1, 10: 1 },
  });
});

stats(
  'stats.byForm: completions of the seeded form and events just counted, before any flush',
  async ({ w, formId }) => {
    await w.services.counting.events(formId, {
      session: 'panel-session-1',
      events: [{ type: 'view' }, { type: 'start' }, { type: 'step', step: 'about' }],
    });
    const r = await w.caller('viewer').stats.byForm({ formId });
    assert.equal([r.views, r.starts, r.completions], [1, 1, 7]);
    assert.equal(r.steps, [
      { id: 'about', title: 'About you', reached: 1 },
      { id: 'choices', title: 'Choices', reached: 0 },
    ]);
    // Written, then read back from the store: the same numbers.
    await w.services.counting.flush();
    const again = await w.caller('viewer').stats.byForm({ formId });
    assert.equal(again, r);
    const bad = await w
      .caller('viewer')
      .stats.byForm({ formId, from: '2026-02-30' })
      .catch((e) => e);
    assert.is(bad.cause?.status, 400);
    assert.equal(bad.cause?.details, ['from: must be a date as YYYY-MM-DD, like 2026-11-24']);
  },
);

stats(
  'stats.byForm: to=9999-12-31 and from alone in year 9999 are answered; year 0000 is refused naming from',
  async ({ w, formId }) => {
    // Issue 38: before the fix these never returned (the day loop compared date strings past year 9999).
    const viewer = w.caller('viewer');
    const last = await viewer.stats.byForm({ formId, to: '9999-12-31' });
    assert.equal([last.from, last.to, last.daily.length], ['9999-12-02', '9999-12-31', 30]);
    const single = await viewer.stats.byForm({ formId, from: '9999-12-31' });
    assert.equal(
      single.daily.map((d) => d.date),
      ['9999-12-31'],
    );
    const bad = await viewer.stats.byForm({ formId, from: '0000-01-01' }).catch((e) => e);
    assert.is(bad.cause?.status, 400);
    assert.equal(bad.cause?.details, ['from: must be a day from 1970-01-01 to 9999-12-31']);
  },
);

stats.run();

const busy = suite<{ w: AdminWorld; formId: string }>('admin: a summary of 10,000 answers');
busy.before(async (ctx) => {
  ctx.w = await adminWorld();
  ctx.formId = await publishAsOwner(ctx.w, survey);
  // Sent 250 at a time, so they share journal writes.
  for (let n = 0; n < 10_000; n += 250)
    await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        ctx.w.services.submissions.submit({
          formId: ctx.formId,
          values: { name: `Person ${n + i}`, size: (n + i) % 50, plan: 'pro' },
          formPost: false,
          bodyHash: '',
        }),
      ),
    );
});
busy.after(async ({ w }) => {
  await w.services.responseMail.stop();
  await w.store.close();
});

busy(
  'four members asking at once share one count, and the event loop turns while it is made',
  async ({ w, formId }) => {
    const links = w.store.chain.links;
    let pagesRead = 0;
    w.store.chain.links = (...args) => {
      pagesRead++;
      return links(...args);
    };
    // Counts the turns of the event loop while the summaries are computed (a timer, a request, a socket).
    let turns = 0;
    let computing = true;
    const tick = () => {
      turns++;
      if (computing) setImmediate(tick);
    };
    setImmediate(tick);
    const summaries = await Promise.all(
      (['owner', 'editor', 'viewer', 'viewer'] as const).map((who) => w.caller(who).stats.questions({ formId })),
    ).finally(() => {
      computing = false;
    });
    for (const s of summaries) assert.equal(s, summaries[0]);
    assert.is(summaries[0].total, 10_000);
    const size = summaries[0].questions.find((q) => q.key === 'size');
    // 0-49, 200 answers each: the mean 24.5, the median the mean of the two middle ones (24 and 25).
    assert.equal(
      size && 'median' in size ? [size.min, size.median, size.mean, size.max, size.answered] : [],
      [0, 24.5, 24.5, 49, 10_000],
    );
    assert.equal(size && 'distribution' in size ? size.distribution['17'] : -1, 200);
    assert.is(pagesRead, 10_000 / FOLD_PAGE, 'the chain read once, a page at a time, for all four');
    assert.ok(turns >= 10_000 / FOLD_PAGE - 1, `the event loop turned ${turns} times while the answers were counted`);
    // Counted: the next summary reads no answer, only the sums.
    pagesRead = 0;
    const again = await w.caller('viewer').stats.questions({ formId });
    w.store.chain.links = links;
    assert.equal(again, summaries[0]);
    assert.is(pagesRead, 0);
  },
);

busy(
  'a range sums only its days; a new answer is counted at the next summary; a deletion is taken back',
  async ({ w, formId }) => {
    const form = (await w.store.forms.byId(formId))!;
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const summaries = new QuestionSummaries(w.store, w.services.forms.definitions);
    const now = await summaries.summarize(form, { from: today, to: today });
    assert.is(now.total, 10_000);
    assert.equal((await summaries.summarize(form, { from: yesterday, to: yesterday })).total, 0);
    const sent = await w.services.submissions.submit({
      formId,
      values: { name: 'One more', plan: 'free' },
      formPost: false,
      bodyHash: '',
    });
    assert.is(sent.status, 201);
    const more = await summaries.summarize(form, { from: today, to: today });
    assert.is(more.total, 10_001);
    const name = more.questions.find((q) => q.key === 'name');
    assert.equal(name && 'latest' in name ? name.latest : [], [
      'One more',
      'Person 9999',
      'Person 9998',
      'Person 9997',
      'Person 9996',
    ]);
    // The deleted answers were counted: the deleting write takes them back, so the next summary reads only the
    // two deletion links past its mark, not the form's 10,001 answers again.
    const first = await w.store.submissions.page(formId, 2);
    const links = w.store.chain.links;
    const linksRead: number[] = [];
    w.store.chain.links = async (...args) => {
      const read = await links(...args);
      linksRead.push(read.length);
      return read;
    };
    await w.store.submissions.delete(
      formId,
      first.map((s) => s.id),
      new Date().toISOString(),
      'deleted',
    );
    const after = await summaries.summarize(form).finally(() => {
      w.store.chain.links = links;
    });
    assert.equal(linksRead, [2]);
    assert.is(after.total, 9_999);
    const plan = after.questions.find((q) => q.key === 'plan');
    assert.equal(plan?.kind === 'choice' ? plan.options.map((o) => o.count) : [], [0, 9_999, 0]);
    const named = after.questions.find((q) => q.key === 'name');
    assert.equal(named && 'latest' in named ? named.latest[0] : '', 'Person 9998');
  },
);

busy.run();
