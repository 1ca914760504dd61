// The Settings tab's one draft: a patch of only the fields that differ from the saved settings, what it
// keeps in the browser tab (NaN included), and the save's problems per field. Pure functions, no browser.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  changeCount,
  draftOf,
  patchText,
  pending,
  problemsFor,
  readPatch,
  same,
  withChange,
} from '../../client/admin/form-detail/settings-draft.ts';
import type { Settings } from '../../client/admin/types.ts';

const saved = {
  status: 'active',
  success_message: '',
  retention_days: null,
  theme: { accent: '#112233', radius: 4 },
} as unknown as Settings;

const draft = suite('settings draft');
draft('a change joins the patch; setting the saved value back leaves it', () => {
  let patch = withChange(saved, {}, 'success_message', 'Thanks!');
  assert.equal(patch, { success_message: 'Thanks!' });
  assert.is(changeCount(saved, patch), 1);
  patch = withChange(saved, patch, 'success_message', '');
  assert.equal(patch, {});
  assert.is(changeCount(saved, patch), 0);
});
draft('objects compare by content, whatever the key order; NaN is a change from null', () => {
  assert.ok(same({ radius: 4, accent: '#112233' }, saved.theme));
  assert.ok(same({ a: 1, b: undefined }, { a: 1 }));
  assert.not.ok(same({ a: 1 }, { a: 2 }));
  assert.equal(withChange(saved, {}, 'theme', { radius: 4, accent: '#112233' } as Settings['theme']), {});
  assert.equal(withChange(saved, {}, 'retention_days', Number.NaN), { retention_days: Number.NaN });
});
draft('the draft is the saved settings with the pending changes; changes saved elsewhere drop out', () => {
  const patch = { success_message: 'Thanks!', status: 'active' } as const;
  assert.equal(pending(saved, patch), { success_message: 'Thanks!' });
  assert.is(draftOf(saved, patch).success_message, 'Thanks!');
  assert.is(draftOf(saved, patch).status, 'active');
  assert.equal(pending(saved, { nonsense: 1 } as never), {}, 'a field the settings do not have is dropped');
});
draft('the stored text reads back the same, NaN included; unreadable text is no patch', () => {
  const patch = { success_message: 'Thanks!', retention_days: Number.NaN };
  const back = readPatch(patchText(patch));
  assert.is(back.success_message, 'Thanks!');
  assert.ok(Number.isNaN(back.retention_days));
  for (const bad of [null, '', '{', '[1]', '"text"', 'null']) assert.equal(readPatch(bad), {}, String(bad));
});
draft('problems are picked by field, a part of a field included, as sentences', () => {
  const details = ['theme.accent: must be a colour like #2f5bea', 'redirect_url: must be http or https', 'themes: x'];
  assert.equal(problemsFor(details, 'theme'), ['The accent colour must be a colour like #2f5bea.']);
  assert.equal(problemsFor(details, 'redirect_url'), [
    'The redirect address must start with http:// or https://, for example https://example.com/thanks.',
  ]);
  assert.equal(problemsFor(details, 'slug'), []);
  // A list's item (`redirect_origins[1]`) belongs to the list, named by its place.
  const sites = ['redirect_origins[1]: must be a site address like https://example.com', 'redirect_originsx: y'];
  assert.equal(problemsFor(sites, 'redirect_origins'), ['Site 2 must be a site address like https://example.com.']);
});
draft.run();
