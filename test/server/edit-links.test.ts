// The edit link's edges (core/edits/edit-links.ts) on a real embedded store: a link works until the answer's time
// plus allow_edit_days (1 ms before that moment: yes; at it and after: 410), only the token's hash is stored, a
// malformed or another form's token is 404, 0 days issues no link and stops existing ones, and an end-to-end
// encrypted form issues none and opens none (its answers are never in the clear on the server).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../server/lib/api-error.ts';
import { sha256Hex } from '../../server/core/chain/links.ts';
import { EditLinks } from '../../server/core/edits/edit-links.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import type { Store } from '../../server/core/store/types.ts';
import { form, newSubmission } from '../store/contract/fixtures.ts';
import { tempDataDir } from '../helpers/server.ts';

const DAY = 24 * 3600_000;

/** The status and first detail of what `open` throws, or 'open'. */
async function outcome(links: EditLinks, formId: string, token: string, now: number) {
  try {
    await links.open(formId, token, now);
    return 'open';
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return `${err.status} ${err.details[0]}`;
  }
}

const edges = suite('edit links: days, hashes and refusals');
let store: Store;
edges.before(async () => {
  store = await openSqlJsStore(await tempDataDir());
});
edges.after(async () => store.close());

edges('works until the answer’s time plus its days, to the millisecond; stores only the hash', async () => {
  for (const days of [1, 30]) {
    const f = { ...(await form(store, null)), allowEditDays: days };
    await store.forms.update(f.id, { allowEditDays: days });
    const sub = newSubmission(f.id, null);
    assert.is((await store.submissions.insert(sub)).kind, 'stored');
    const url = (await new EditLinks(store, 'https://forms.example').issue(f, sub.id, sub.createdAt))!;
    const token = url.split('/').pop()!;
    assert.match(url, new RegExp(`^https://forms\\.example/f/${f.id}/edit/[A-Za-z0-9_-]{32}$`));
    const end = Date.parse(sub.createdAt) + days * DAY;
    assert.equal(await store.edits.link(sha256Hex(token)), {
      formId: f.id,
      submissionId: sub.id,
      expiresAt: new Date(end).toISOString(),
    });
    assert.is(await store.edits.link(token), undefined, 'the token itself is not a key of the table');
    const links = new EditLinks(store, 'https://forms.example');
    assert.is(await outcome(links, f.id, token, end - 1), 'open', `${days} days: 1 ms before the end`);
    assert.match(await outcome(links, f.id, token, end), /^410 edit_token: this edit link expired at /);
    assert.match(await outcome(links, f.id, token, end + 1), /^410 /);
    assert.match(await outcome(links, 'another-form', token, end - 1), /^404 edit_token: /);
    assert.match(await outcome(links, f.id, `${token}x`, end - 1), /^404 edit_token: /);
    assert.match(await outcome(links, f.id, token.slice(1), end - 1), /^404 edit_token: /);
  }
});

edges('0 days: no link is issued, and links made before stop working', async () => {
  const f = { ...(await form(store, null)), allowEditDays: 2 };
  await store.forms.update(f.id, { allowEditDays: 2 });
  const sub = newSubmission(f.id, null);
  await store.submissions.insert(sub);
  const links = new EditLinks(store, 'https://forms.example');
  const token = (await links.issue(f, sub.id, sub.createdAt))!.split('/').pop()!;
  const now = Date.parse(sub.createdAt);
  assert.is(await outcome(links, f.id, token, now), 'open');
  await store.forms.update(f.id, { allowEditDays: 0 });
  assert.is(await links.issue({ ...f, allowEditDays: 0 }, sub.id, sub.createdAt), undefined);
  assert.is(await outcome(links, f.id, token, now), '410 form: no longer lets people edit their answers');
});

edges(
  'an end-to-end encrypted form issues no link, and a link made before it was turned on opens nothing',
  async () => {
    const f = { ...(await form(store, null)), allowEditDays: 2 };
    await store.forms.update(f.id, { allowEditDays: 2 });
    const sub = newSubmission(f.id, null);
    await store.submissions.insert(sub);
    const links = new EditLinks(store, 'https://forms.example');
    const token = (await links.issue(f, sub.id, sub.createdAt))!.split('/').pop()!;
    const encryption = { public_key: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }, key_id: 'k1' };
    await store.forms.update(f.id, { encryption } as never);
    assert.is(await links.issue({ ...f, encryption } as never, sub.id, sub.createdAt), undefined);
    assert.match(await outcome(links, f.id, token, Date.parse(sub.createdAt)), /^409 encrypted: /);
  },
);

edges.run();
