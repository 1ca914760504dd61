// `formstead migrate --to postgres://… --data DIR [--files-dir DIR]`: copies an embedded installation
// (the data folder's database and its uploaded files) into PostgreSQL, checks that every row and file
// arrived, and says how to start the server on the copy. Safe to rerun: it adds only what is missing.
//
// The server must be stopped: the copy holds the data folder's lock from start to end, so it is
// refused while a server runs (answers arriving during the copy would be acknowledged by the old server
// and never copied) and no server can start on the folder until it is done. The folder is loaded as a
// start loads it and left as it was (server/lib/durable/durable-read.ts). The rules on which database may
// receive the copy are in server/core/store/to-pg/copy.ts.
import path from 'node:path';
import { ConfigError, parseStrict, postgresUrl } from '../config.ts';
import { copyFiles, type FilesCopied } from '../core/files/copy-files.ts';
import { migrations } from '../core/store/sqljs/migrations/index.ts';
import type { TableCount } from '../core/store/to-pg/copy.ts';
import { readDataFolder, type DataFolderReader } from '../lib/durable/durable-read.ts';
import { StorageError } from '../lib/storage-error.ts';
import { CommandFailed } from './command-failed.ts';
import { migrateToFolder } from './migrate-to-folder.ts';
import { isDataFolder } from './data-folder.ts';

/** Runs the command; resolves with the lines to print, or throws CommandFailed when something did not arrive. */
export async function migrate(argv: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  // The way back, PostgreSQL into a new data folder, is its own command with its own flags.
  if (argv.some((a) => a === '--to-folder' || a.startsWith('--to-folder='))) return migrateToFolder(argv, env);
  const { values } = parseStrict(argv, {
    data: { type: 'string' },
    to: { type: 'string' },
    'files-dir': { type: 'string' },
  });
  const data = values.data || env.FORMSTEAD_DATA;
  if (!data) throw new ConfigError('--data: needs the data folder to copy');
  const to = postgresUrl(values.to, '--to');
  if (!to)
    throw new ConfigError('--to: needs the PostgreSQL database to copy into (postgres://user:password@host:5432/db)');
  if (values['files-dir'] === '') throw new ConfigError('--files-dir: needs a folder');
  const dir = path.resolve(data);
  if (!(await isDataFolder(dir))) throw new ConfigError(`--data: ${dir} is not a Formstead data folder`);
  // Where the embedded server kept its files (the server's own rule), and where they go.
  const filesFrom = path.resolve(env.FORMSTEAD_FILES_DIR || path.join(dir, 'files'));
  const filesTo = values['files-dir'] ? path.resolve(values['files-dir']) : undefined;

  const source = await openSource(dir);
  // Loaded here only, so other commands and the embedded server do not initialise the driver.
  const { PgDatabase } = await import('../core/store/pg/db.ts');
  const { checkTarget, copyToPostgres, RefusedTarget } = await import('../core/store/to-pg/copy.ts');
  const db = new PgDatabase(to, { max: 2 });
  try {
    const where = describeDatabase(to);
    let counts: TableCount[];
    let files: FilesCopied;
    try {
      // Refused before anything is written, files included.
      await checkTarget(source, db);
      // Files before rows, as an upload is: a server started on the copy never names a file it lacks.
      const uploads = await copyFiles(
        source.all<{ id: string; size: number }>('SELECT id, size FROM files ORDER BY rowid'),
        filesFrom,
        filesTo,
      );
      // A form's pictures live in images/ inside the files folder (core/images/image-service.ts).
      const images = await copyFiles(
        source.all<{ id: string; size: number }>('SELECT id, size FROM images ORDER BY rowid'),
        path.join(filesFrom, 'images'),
        filesTo && path.join(filesTo, 'images'),
      );
      files = {
        copied: uploads.copied + images.copied,
        alreadyThere: uploads.alreadyThere + images.alreadyThere,
        missing: [...uploads.missing, ...images.missing.map((id) => `images/${id}`)],
      };
      counts = await copyToPostgres(source, db);
    } catch (err) {
      if (err instanceof StorageError && err.code === 'database_unavailable') {
        const code = (err.cause as { code?: string } | undefined)?.code;
        throw new Error(
          `--to: PostgreSQL at ${where} cannot be reached${code ? ` (${code})` : ''}; nothing was copied`,
        );
      }
      if (err instanceof RefusedTarget) throw new Error(`--to: ${where}: ${err.message}`);
      // An error PostgreSQL itself answered (no such database, a refused password): its own words.
      if (err instanceof Error && 'severity' in err)
        throw new Error(`--to: PostgreSQL at ${where} answered: ${oneLine(err.message)}`);
      throw err;
    }
    return report({ dir, where, to, counts, files, filesFrom, filesTo });
  } finally {
    await db.close();
    await source.close();
  }
}

/** The data folder, loaded and locked; a running server's lock becomes the one line the command prints. */
async function openSource(dir: string): Promise<DataFolderReader> {
  try {
    return await readDataFolder(dir, migrations, (line) => console.error(`[formstead] ${line}`));
  } catch (err) {
    if (err instanceof StorageError && err.code === 'data_locked') {
      throw new Error(
        `${dir} is in use by a running Formstead: stop the server first (answers that arrive during the copy would ` +
          'not be copied), then run this again',
      );
    }
    throw err;
  }
}

/** What the copy printed, or CommandFailed with it when a row or file is missing. */
function report(r: {
  dir: string;
  where: string;
  to: string;
  counts: TableCount[];
  files: FilesCopied;
  filesFrom: string;
  filesTo?: string;
}): string[] {
  const filesDir = r.filesTo ?? r.filesFrom;
  const named = r.files.copied + r.files.alreadyThere + r.files.missing.length;
  const lines = [`Copied the data folder ${r.dir} into PostgreSQL ${r.where}.`, '', ...countTable(r.counts), ''];
  if (r.filesTo && path.resolve(r.filesTo) !== path.resolve(r.filesFrom)) {
    lines.push(
      `Files: ${r.files.copied} copied from ${r.filesFrom} to ${filesDir}, ` +
        `${r.files.alreadyThere} already there (${named} named by the database).`,
    );
  } else {
    lines.push(
      `Files: ${named} named by the database, kept where they are in ${filesDir} (use --files-dir DIR to copy them ` +
        'to a folder every instance mounts).',
    );
  }
  const missingRows = r.counts.filter((c) => c.missing > 0 || !c.same);
  if (missingRows.length > 0 || r.files.missing.length > 0) {
    const problems = missingRows.map((c) =>
      c.missing > 0 ? `${c.table}: ${c.missing} row(s) missing, e.g. ${c.example}` : `${c.table}: the checksums differ`,
    );
    if (r.files.missing.length > 0)
      problems.push(
        `${r.files.missing.length} file(s) not in ${filesDir} with their recorded size, e.g. ${r.files.missing[0]}`,
      );
    throw new CommandFailed(
      lines,
      `the copy is incomplete (${problems.join('; ')}); nothing was deleted, run it again once the cause is fixed`,
    );
  }
  const rows = r.counts.reduce((n, c) => n + c.source, 0);
  const added = r.counts.reduce((n, c) => n + c.added, 0);
  const shown = new URL(r.to);
  const hidden = shown.password !== '';
  if (hidden) shown.password = '***';
  lines.push(
    `Everything is in PostgreSQL: ${rows} rows in ${r.counts.length} tables and ${named} file(s); ` +
      `this run added ${added} rows (running it again adds only what is missing).`,
    '',
    'Start Formstead on PostgreSQL (keep the data folder until you have checked your forms there):',
    `  FORMSTEAD_DATABASE_URL=${shellQuote(shown.toString())} FORMSTEAD_FILES_DIR=${shellQuote(filesDir)} formstead`,
  );
  if (hidden) lines.push('  (put your database password where *** is)');
  return lines;
}

/** The per-table counts as aligned columns. */
function countTable(counts: TableCount[]): string[] {
  const head = ['table', 'data folder', 'PostgreSQL', 'added now'];
  const rows = counts.map((c) => [c.table, String(c.source), String(c.target), String(c.added)]);
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows].map((cells) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(width[i]) : cell.padStart(width[i]))).join('  ')}`.trimEnd(),
  );
}

/** host:port/database of a URL, without user or password, for messages. */
function describeDatabase(url: string): string {
  const u = new URL(url);
  return `${u.host || u.searchParams.get('host')}${u.pathname}`;
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/** A word the shell takes as it is. */
const shellQuote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
