// Contract of a form's images' rows (the bytes live beside the store): at most a given number per form,
// also when uploads race, found by id and form, deleted by id and with their form.
import * as assert from 'uvu/assert';
import type { ImageRecord } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, form, SECOND, uuid, workspace } from './fixtures.ts';

/** An image of `formId` made `createdMs` after T0 (not stored). */
const image = (formId: string, createdMs = 0, over: Partial<ImageRecord> = {}): ImageRecord => ({
  id: uuid(),
  formId,
  type: 'image/png',
  size: 2 * 1024 * 1024,
  width: 390,
  height: 120,
  createdAt: at(createdMs),
  ...over,
});

/** Rows for images. */
export function imagesContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'images', factory);

  rule('images.insert', 'an image reads back field for field', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const i = image(f.id, 0, { type: 'image/webp', size: 1, width: 1, height: 65535 });
    assert.is(await store.images.insert(i, 100), true);
    assert.equal(await store.images.byId(i.id), i);
  });
  rule('images.insert', 'the limit: the 3rd of 3 is stored, the 4th refused and not stored', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const g = await form(store, (await workspace(store)).id);
    for (let n = 0; n < 2; n++) assert.is(await store.images.insert(image(f.id, n), 3), true);
    assert.is(await store.images.insert(image(g.id), 3), true, "another form's image is not counted");
    const third = image(f.id, 3);
    assert.is(await store.images.insert(third, 3), true);
    const fourth = image(f.id, 4);
    assert.is(await store.images.insert(fourth, 3), false);
    assert.is(await store.images.byId(fourth.id), undefined);
    assert.is((await store.images.ofForm(f.id)).length, 3);
  });
  rule('images.insert', 'ten at once under a limit of 4: exactly 4 stored', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => store.images.insert(image(f.id), 4)));
    assert.is(outcomes.filter(Boolean).length, 4);
    assert.is((await store.images.ofForm(f.id)).length, 4);
  });
  rule('images.byId', 'an unknown id reads undefined', async ({ store }) => {
    assert.is(await store.images.byId(uuid()), undefined);
  });
  rule('images.ofForm', "the form's images oldest first; other forms' not mixed in", async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const g = await form(store, (await workspace(store)).id);
    const later = image(f.id, 2 * SECOND);
    const earlier = image(f.id, SECOND);
    for (const i of [later, image(g.id), earlier]) await store.images.insert(i, 100);
    assert.equal(await store.images.ofForm(f.id), [earlier, later]);
    assert.equal(await store.images.ofForm('nope'), []);
  });
  rule('images.delete', 'removes those rows only; unknown ids and an empty list are no error', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const [a, b] = [image(f.id, 0), image(f.id, 1)];
    for (const i of [a, b]) await store.images.insert(i, 100);
    await store.images.delete([a.id, uuid()]);
    await store.images.delete([]);
    assert.is(await store.images.byId(a.id), undefined);
    assert.equal(await store.images.ofForm(f.id), [b]);
  });
  rule('images.insert', "a deleted form's images go with it", async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const i = image(f.id);
    await store.images.insert(i, 100);
    await store.forms.delete(f.id);
    assert.is(await store.images.byId(i.id), undefined);
    assert.equal(await store.images.ofForm(f.id), []);
  });
  rule('images.insert', 'rows outlive a restart', async (world) => {
    if (!world.canReopen) return;
    const f = await form(world.store, (await workspace(world.store)).id);
    const i = image(f.id);
    await world.store.images.insert(i, 100);
    await world.reopen();
    assert.equal(await world.store.images.byId(i.id), i);
  });

  run();
}
