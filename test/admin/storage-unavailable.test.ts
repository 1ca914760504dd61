// A full disk seen from the admin panel: a mutation is refused as SERVICE_UNAVAILABLE with the same
// `storage_unavailable` code REST answers (503), not an internal error; once there is room it passes.
import { open as openFile } from 'node:fs/promises';
import { TRPCError } from '@trpc/server';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminWorld } from '../helpers/admin-world.ts';

const proto = Object.getPrototypeOf(
  await openFile(import.meta.filename, 'r').then(async (fh) => {
    await fh.close();
    return fh;
  }),
);
const originalWrite = proto.write;

const full = suite('admin channel on a full disk');
full.after.each(() => {
  proto.write = originalWrite;
});

full('settings.update answers SERVICE_UNAVAILABLE storage_unavailable, then works once there is room', async () => {
  const world = await adminWorld();
  const owner = world.caller('owner');
  proto.write = async () => {
    throw Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' });
  };
  try {
    await owner.settings.update({ formId: world.formId, patch: { success_message: 'Thanks!' } });
    assert.unreachable('the write passed on a full disk');
  } catch (err) {
    assert.instance(err, TRPCError);
    assert.is((err as TRPCError).code, 'SERVICE_UNAVAILABLE');
    assert.is((err as TRPCError).message, 'storage_unavailable');
  }
  proto.write = originalWrite;
  assert.is((await world.services.storage.check()).state, 'ok');
  const updated = await owner.settings.update({ formId: world.formId, patch: { success_message: 'Thanks!' } });
  assert.is(updated.success_message, 'Thanks!');
  await world.store.close();
});

full.run();
