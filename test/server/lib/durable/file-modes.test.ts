// File modes (security review "Who gets in", finding 2): the data folder is its user's only (0700) and so
// is everything Formstead writes in it (0600): snapshot, journal, lock, uploaded files, temp files. A
// folder left 0755 is tightened at start; a backup file and what unpacks from it are private too.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../../helpers/api.ts';
import { bytes, publishFileForm, rawUpload } from '../../../helpers/files.ts';
import { bundlePath, startServer, tempDataDir } from '../../../helpers/server.ts';

/** Every folder and file under `dir` with its permission bits, as `path mode` lines. */
function modes(dir: string): string[] {
  const lines: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      const info = statSync(full);
      lines.push(`${path.relative(dir, full)}${info.isDirectory() ? '/' : ''} ${(info.mode & 0o777).toString(8)}`);
      if (info.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return lines;
}

const fileModes = suite('file modes');

fileModes('a 0755 data folder is tightened; everything written in it is 0600, folders 0700', async () => {
  const dataDir = await tempDataDir();
  chmodSync(dataDir, 0o755);
  const server = await startServer({ dataDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  let running = true;
  try {
    assert.match(server.output(), `tightened ${dataDir} from 0755 to 0700`);
    assert.is(statSync(dataDir).mode & 0o777, 0o700);
    const formId = await publishFileForm(server.url);
    const upload = await rawUpload(server.url, formId, 'cv', bytes(2048), 'cv.pdf');
    assert.is(upload.status, 201, upload.text);
    const sent = await call(server.url, 'POST', `/v1/f/${formId}`, {
      body: { values: { name: 'Ada', cv: upload.json.upload_id } },
    });
    assert.is(sent.status, 201, sent.text);
    // While running: the lock, the journal and the files folder exist.
    const live = modes(dataDir);
    assert.ok(
      live.some((l) => l.startsWith('lock ')),
      live.join('\n'),
    );
    assert.ok(
      live.some((l) => l.startsWith(`files/${upload.json.upload_id} `)),
      live.join('\n'),
    );
    assert.is(await server.stop(), 0);
    running = false;
    // After the stop, the snapshot too.
    const all = modes(dataDir);
    assert.ok(
      all.some((l) => l.startsWith('formstead.db ')),
      all.join('\n'),
    );
    for (const line of [...live, ...all]) {
      const [name, mode] = line.split(' ');
      assert.is(mode, name.endsWith('/') ? '700' : '600', line);
    }
    // The backup file, and every entry in it.
    const out = path.join(await tempDataDir(), 'backup.tar');
    const backup = spawnSync(process.execPath, [bundlePath, 'backup', '--data', dataDir, '--out', out], {
      encoding: 'utf8',
    });
    assert.is(backup.status, 0, backup.stderr);
    assert.is(statSync(out).mode & 0o777, 0o600);
    const listing = spawnSync('tar', ['-tvf', out], { encoding: 'utf8' }).stdout.trim().split('\n');
    assert.ok(listing.length >= 3, listing.join('\n'));
    for (const entry of listing) assert.match(entry, /^(-rw-------|drwx------) /, entry);
  } finally {
    if (running) await server.stop();
  }
});

fileModes.run();
