// Find a person through the admin procedures (people.*): the address is checked at and past its edges
// with the panel's error shape, and an owner's erase through the channel takes only that workspace's
// answers (the outsider, owner of another workspace, erases nothing of the first).
import { TRPCError } from '@trpc/server';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ZodError } from 'zod';
import { PERSON_EMAIL_MAX } from '../../shared/api/limits.ts';
import { zodProblems } from '../../shared/api/problems.ts';
import { adminWorld, type AdminWorld } from '../helpers/admin-world.ts';

const people = suite<{ w: AdminWorld }>('admin: find a person');
people.before(async (ctx) => {
  ctx.w = await adminWorld();
});
people.after(async (ctx) => {
  await ctx.w.services.responseMail.stop();
  await ctx.w.store.close();
});

/** 'ok', or the refusal's code and its problems as the panel shows them (`<path>: <problem>`). */
async function refusal(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    assert.instance(err, TRPCError);
    return { code: (err as TRPCError).code, details: zodProblems((err as TRPCError).cause as ZodError) };
  }
}

/** An address of exactly `length` characters. */
const ofLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

const notAddress = ['email: enter one email address, such as ada@example.com'];
const rows: [title: string, email: string, details: string[] | undefined][] = [
  ['an address', 'ada@example.com', undefined],
  ['spaces around it', '  ada@example.com  ', undefined],
  [`${PERSON_EMAIL_MAX} characters`, ofLength(PERSON_EMAIL_MAX), undefined],
  [
    `${PERSON_EMAIL_MAX + 1} characters`,
    ofLength(PERSON_EMAIL_MAX + 1),
    [`email: an email address has at most ${PERSON_EMAIL_MAX} characters`],
  ],
  ['empty', '', notAddress],
  ['only spaces', '   ', notAddress],
  ['no @', 'ada.example.com', notAddress],
  ['two @', 'ada@x@example.com', notAddress],
  ['a space inside', 'ada lovelace@example.com', notAddress],
  ['a quote', 'ada"@example.com', notAddress],
  ['a control character', 'ada\u0001@example.com', notAddress],
];
for (const [title, email, details] of rows) {
  people(`people.search, .export and .erase: ${title} ${details ? 'is refused' : 'is taken'}`, async ({ w }) => {
    const owner = w.caller('owner').people;
    for (const call of [owner.search({ email }), owner.export({ email }), owner.erase({ email })])
      assert.equal(await refusal(call), details ? { code: 'BAD_REQUEST', details } : 'ok');
  });
}

people("an owner's erase takes only their workspace's answers", async ({ w }) => {
  const made = await w.services.submissions.submit({
    formId: w.formId,
    values: { name: 'Ada', email: 'ada@example.com' },
    formPost: false,
    bodyHash: '',
  });
  const outsider = await w.caller('outsider').people.erase({ email: 'ada@example.com' });
  assert.is(outsider.erased.answers, 0);
  assert.ok(await w.store.submissions.byId(w.formId, made.body.id), 'the other workspace keeps it');
  const found = await w.caller('owner').people.search({ email: 'ADA@example.com' });
  assert.is(found.counts.answers, 1);
  const erased = await w.caller('owner').people.erase({ email: 'ada@example.com' });
  assert.equal([erased.erased.answers, erased.remaining.answers], [1, 0]);
  assert.is(await w.store.submissions.byId(w.formId, made.body.id), undefined);
});

people.run();
