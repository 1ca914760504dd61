// `formstead migrate --to-folder DIR [--from URL] [--files-from DIR]`: copies a PostgreSQL installation back
// into a new data folder (server/core/store/to-folder/copy.ts), and its uploaded files into DIR/files, then
// compares every table's row count and checksum and every file's SHA-256 on both sides before it says so.
// The source is only read (one REPEATABLE READ transaction); stop every instance first, since answers that
// arrive after the copy's moment stay in PostgreSQL only.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, parseStrict, postgresUrl } from '../config.ts';
import { copyFiles } from '../core/files/copy-files.ts';
import { migrations } from '../core/store/sqljs/migrations/index.ts';
import type { FolderTableCount } from '../core/store/to-folder/copy.ts';
import { DELIVERY_LOG_SIZE } from '../core/webhooks/delivery-attempt.ts';
import { DurableDatabase } from '../lib/durable/durable-db.ts';
import { CommandFailed } from './command-failed.ts';

/** Runs the command; resolves with the lines to print, or throws CommandFailed when something differs. */
export async function migrateToFolder(argv: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const { values } = parseStrict(argv, {
    'to-folder': { type: 'string' },
    from: { type: 'string' },
    'files-from': { type: 'string' },
  });
  const from = postgresUrl(values.from ?? env.FORMSTEAD_DATABASE_URL, '--from');
  if (!from) throw new ConfigError('--from: needs the PostgreSQL database to copy (or FORMSTEAD_DATABASE_URL)');
  if (!values['to-folder']) throw new ConfigError('--to-folder: needs the new data folder');
  const dir = path.resolve(values['to-folder']);
  if (!(await isEmptyOrAbsent(dir))) throw new ConfigError(`--to-folder: ${dir} is not empty; name a new folder`);
  const filesFrom = values['files-from'] || env.FORMSTEAD_FILES_DIR;
  const filesTo = path.join(dir, 'files');

  const { PgDatabase } = await import('../core/store/pg/db.ts');
  const { copyToFolder } = await import('../core/store/to-folder/copy.ts');
  const db = new PgDatabase(from, { max: 2 });
  const folder = await DurableDatabase.open({ dir, migrations, snapshotIntervalMs: 0, log: () => {} });
  try {
    const counts = await copyToFolder(db, folder, DELIVERY_LOG_SIZE);
    const entries = folder.all<{ id: string; size: number }>('SELECT id, size FROM files ORDER BY rowid');
    if (entries.length > 0 && !filesFrom)
      throw new ConfigError(
        `--files-from: the database names ${entries.length} uploaded file(s); say where they are ` +
          '(or set FORMSTEAD_FILES_DIR as for the server)',
      );
    const files = entries.length > 0 ? await copyFiles(entries, path.resolve(filesFrom!), filesTo) : undefined;
    const differing = files ? await differingFiles(entries, path.resolve(filesFrom!), filesTo) : [];
    await folder.snapshot();
    return report(dir, counts, entries.length, [...(files?.missing ?? []), ...differing]);
  } finally {
    await folder.close();
    await db.close();
  }
}

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** SHA-256 of a file, hex. */
async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The files whose bytes differ between the two folders (or that cannot be read on one side). */
async function differingFiles(entries: { id: string }[], from: string, to: string): Promise<string[]> {
  const out: string[] = [];
  for (const { id } of entries) {
    const [a, b] = await Promise.all([fileHash(path.join(from, id)), fileHash(path.join(to, id))]).catch(() => [
      '',
      '-',
    ]);
    if (a !== b) out.push(id);
  }
  return out;
}

function report(dir: string, counts: FolderTableCount[], files: number, badFiles: string[]): string[] {
  const lines = [`Copied PostgreSQL into the data folder ${dir}.`, '', ...countTable(counts), ''];
  lines.push(`Files: ${files} named by the database, copied into ${path.join(dir, 'files')}.`);
  const bad = counts.filter((c) => c.source !== c.target || c.sourceDigest !== c.targetDigest);
  if (bad.length > 0 || badFiles.length > 0) {
    const problems = bad.map((c) => `${c.table}: ${c.source} rows read, ${c.target} written, checksums differ`);
    if (badFiles.length > 0) problems.push(`${badFiles.length} file(s) missing or different, e.g. ${badFiles[0]}`);
    throw new CommandFailed(
      lines,
      `the copy differs from the database (${problems.join('; ')}); delete ${dir} and run it again`,
    );
  }
  const rows = counts.reduce((n, c) => n + c.source, 0);
  lines.push(
    `Everything arrived: ${rows} rows in ${counts.length} tables and ${files} file(s), each table's checksum and ` +
      "each file's SHA-256 the same on both sides.",
    '',
    'Start Formstead on the data folder (keep the database until you have checked your forms there):',
    `  formstead --data ${/^[\w@%+=:,./-]+$/.test(dir) ? dir : `'${dir.replace(/'/g, `'\\''`)}'`}`,
  );
  return lines;
}

/** The per-table counts and checksums as aligned columns. */
function countTable(counts: FolderTableCount[]): string[] {
  const head = ['table', 'PostgreSQL', 'data folder', 'checksum'];
  const rows = counts.map((c) => [c.table, String(c.source), String(c.target), c.sourceDigest.slice(0, 12)]);
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows].map((cells) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(width[i]) : cell.padStart(width[i]))).join('  ')}`.trimEnd(),
  );
}
