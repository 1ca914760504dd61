// A full files folder (FORMSTEAD_FILES_DIR on a small tmpfs mounted for the test): an upload that does
// not fit answers 503 storage_unavailable with Retry-After, leaves no partial file, and the next upload
// that fits is taken. Where the machine does not allow mounting, this file says so and skips.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_KEY } from '../../helpers/api.ts';
import { bytes, publishFileForm, rawUpload } from '../../helpers/files.ts';
import { startServer } from '../../helpers/server.ts';

const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'formstead-files-tmpfs-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint]).status === 0;
process.on('exit', () => {
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const full = suite('a full files folder');

full('503 storage_unavailable with Retry-After, nothing half-written left, then uploads that fit go on', async () => {
  if (!mounted) {
    console.log('  (skipped: this machine does not allow mounting a tmpfs)');
    return;
  }
  const server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_FILES_DIR: mountPoint, FORMSTEAD_UPLOAD_MAX_MB: '2' },
  });
  try {
    const id = await publishFileForm(server.url);
    const tooBig = await rawUpload(server.url, id, 'cv', bytes(1536 * 1024), 'big.pdf');
    assert.is(tooBig.status, 503, tooBig.text);
    assert.equal(tooBig.json, {
      error: 'storage_unavailable',
      details: ['storage: the server cannot save data right now; try again later'],
    });
    assert.is(tooBig.headers.get('retry-after'), '5');
    assert.equal(readdirSync(mountPoint), [], 'the partial file is gone');
    const fits = await rawUpload(server.url, id, 'cv', bytes(100 * 1024), 'small.pdf');
    assert.is(fits.status, 201);
    assert.not.match(server.output(), /at .*\.mjs:\d+/, 'no stack trace in the log');
  } finally {
    await server.stop();
  }
});

full.run();
