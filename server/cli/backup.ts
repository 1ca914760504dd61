// `formstead backup --data DIR --out FILE`: a consistent copy of a data folder, also of a running server,
// as a tar file; unpacked into an empty folder it is a data folder `--data` starts from.
//
// Consistency without stopping the server: every acknowledged write is in the snapshot or in a journal
// generation after it, and the server changes that set only by renaming a new snapshot into place (atomic)
// and then deleting the journals it covers. So the copy reads the snapshot, then the journals after its
// generation; if one of them vanished meanwhile (a newer snapshot took over), or the generations have a
// gap, it starts again. The newest journal may end in a frame still being written: start-up drops such a
// torn end, and that write was not yet acknowledged when the copy began. The `files/` folder (uploads) is
// copied after the database, so every file a copied submission names is there unless it was deleted
// meanwhile; files added meanwhile are extra, unreferenced copies.
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, parseStrict } from '../config.ts';
import { writeDurably } from '../lib/durable/durable-fs.ts';
import { journalDataEnd, journalFileName, parseJournalFileName } from '../lib/durable/journal-format.ts';
import { decodeSnapshot, SNAPSHOT_FILE } from '../lib/durable/snapshot-file.ts';
import { TarWriter } from '../lib/tar.ts';
import { isDataFolder } from './data-folder.ts';

const ATTEMPTS = 20;

/** What a backup holds. */
export interface BackupSummary {
  out: string;
  journals: number;
  files: number;
  bytes: number;
}

/** Runs the command; resolves with the lines to print. */
export async function backup(argv: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const { values } = parseStrict(argv, { data: { type: 'string' }, out: { type: 'string' } });
  const data = values.data || env.FORMSTEAD_DATA;
  if (!data) throw new ConfigError('--data: needs the data folder to copy');
  if (!values.out) throw new ConfigError('--out: needs the file to write (a .tar)');
  const dir = path.resolve(data);
  if (!(await isDataFolder(dir))) {
    // On PostgreSQL the folder holds no data: say where it is instead.
    if (env.FORMSTEAD_DATABASE_URL)
      throw new ConfigError(
        `--data: ${dir} is not a Formstead data folder; with FORMSTEAD_DATABASE_URL the data is in PostgreSQL: ` +
          'back it up with pg_dump',
      );
    throw new ConfigError(`--data: ${dir} is not a Formstead data folder`);
  }
  const s = await writeBackup(dir, path.resolve(values.out));
  return [
    `Backup written to ${s.out}: snapshot, ${s.journals} journal file(s), ${s.files} stored file(s), ` +
      `${s.bytes} bytes. Restore: mkdir NEW && tar -xf ${path.basename(s.out)} -C NEW, ` +
      'then start with --data NEW.',
  ];
}

/** Copies `dir` into the tar file `out` (written beside it, then renamed into place). */
export async function writeBackup(dir: string, out: string): Promise<BackupSummary> {
  const db = await readDatabaseFiles(dir);
  let files = 0;
  await writeDurably(out, `${out}.partial`, async (fh) => {
    const tar = new TarWriter(fh);
    for (const [name, bytes] of db) await tar.file(name, bytes);
    files = await copyFolder(tar, path.join(dir, 'files'), 'files');
    await tar.end();
  });
  return { out, journals: db.length - (db[0]?.[0] === SNAPSHOT_FILE ? 1 : 0), files, bytes: (await stat(out)).size };
}

/** The snapshot and the journals after it, as one consistent set (see the top of this file). */
async function readDatabaseFiles(dir: string): Promise<[string, Buffer][]> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const set = await tryRead(dir);
    if (set) return set;
  }
  throw new Error(`${dir} changed under ${ATTEMPTS} attempts to copy it; try again`);
}

async function tryRead(dir: string): Promise<[string, Buffer][] | undefined> {
  const set: [string, Buffer][] = [];
  const snapshot = await readIfThere(path.join(dir, SNAPSHOT_FILE));
  let generation = 0;
  if (snapshot) {
    generation = decodeSnapshot(snapshot, path.join(dir, SNAPSHOT_FILE)).generation;
    set.push([SNAPSHOT_FILE, snapshot]);
  }
  const gens = (await readdir(dir))
    .map(parseJournalFileName)
    .filter((g): g is number => g !== undefined && g > generation)
    .sort((a, b) => a - b);
  if (gens.some((g, i) => g !== generation + 1 + i)) return undefined; // a snapshot finished meanwhile
  for (const g of gens) {
    const bytes = await readIfThere(path.join(dir, journalFileName(g)));
    if (!bytes) return undefined;
    // Without the zeros written ahead of the frames (journal.ts, "Space ahead"): up to 4 MiB that hold nothing.
    set.push([journalFileName(g), bytes.subarray(0, journalDataEnd(bytes))]);
  }
  return set;
}

async function readIfThere(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Adds a folder tree under `as`; files deleted while it is walked are skipped. Returns the files added. */
async function copyFolder(tar: TarWriter, from: string, as: string): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  await tar.folder(as);
  let count = 0;
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const source = path.join(from, entry.name);
    const name = `${as}/${entry.name}`;
    if (entry.isDirectory()) count += await copyFolder(tar, source, name);
    else if (entry.isFile()) {
      const bytes = await readIfThere(source);
      if (bytes) {
        await tar.file(name, bytes);
        count++;
      }
    }
  }
  return count;
}
