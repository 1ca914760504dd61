// `formstead decrypt --key KEY [--form ID] [--csv] EXPORT`: opens an export of an end-to-end encrypted form
// (GET /v1/forms/{id}/submissions?format=jsonl, signed or not) with the owner's private key and prints it
// with the values in the clear: JSON lines, or CSV with --csv. KEY is the private JWK file the panel made,
// or the wrapped key (the setting's `wrapped_private_key`, or the whole `encryption` setting) with the
// passphrase on standard input. Runs offline: the server is never asked.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importPrivateKey } from '../../shared/crypto/envelope.ts';
import { unwrapPrivateKey, type WrappedPrivateKey } from '../../shared/crypto/wrapped-key.ts';
import { csvRow } from '../lib/csv.ts';
import { ConfigError } from '../config.ts';
import { exportFormId, exportLines, openedTable, openLines } from '../core/encryption/decrypt-export.ts';
import { CommandFailed } from './command-failed.ts';

/** Runs the command; resolves with the export's lines in the clear. */
export async function decrypt(argv: string[], _env: NodeJS.ProcessEnv, stdin = process.stdin): Promise<string[]> {
  const args = [...argv];
  const take = (flag: string) => {
    const at = args.indexOf(flag);
    if (at < 0) return undefined;
    const value = args[at + 1];
    if (value === undefined || value.startsWith('-')) throw new ConfigError(`${flag}: needs a value (see --help)`);
    args.splice(at, 2);
    return value;
  };
  const keyFile = take('--key');
  const formFlag = take('--form');
  const csv = args.includes('--csv');
  if (csv) args.splice(args.indexOf('--csv'), 1);
  if (keyFile === undefined) throw new ConfigError('--key: needs the private key file (or the wrapped key file)');
  const [file, ...extra] = args;
  if (file === undefined) throw new ConfigError('decrypt: needs the export file (format=jsonl)');
  if (extra.length > 0) throw new ConfigError(`${extra[0]}: unexpected argument (see --help)`);

  const key = await readKey(keyFile, stdin);
  let lines: Awaited<ReturnType<typeof openLines>>;
  try {
    lines = exportLines(await readText(file, 'export'));
    const formId = formFlag ?? exportFormId(lines, path.basename(file));
    if (!formId) throw new Error('cannot tell which form this export is of: give --form <form id>');
    lines = await openLines(lines, key, formId);
  } catch (err) {
    if (err instanceof CommandFailed) throw err;
    throw new CommandFailed([], `${file}: ${(err as Error).message}`);
  }
  // console.log ends each printed line with "\n": a CSV record keeps its "\r" for the CRLF of RFC 4180.
  if (csv) return openedTable(lines).map((row) => csvRow(row).slice(0, -1));
  return lines.map((l) => JSON.stringify(l));
}

/** A file's text; a missing or unreadable file fails the command with one line. */
async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new CommandFailed([], `${file}: cannot read the ${what} (${(err as NodeJS.ErrnoException).code ?? err})`);
  }
}

/** The private key: a JWK with "d", or a wrapped key opened with the passphrase read from stdin. */
async function readKey(file: string, stdin: NodeJS.ReadableStream): Promise<CryptoKey> {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(await readText(file, 'key'));
  } catch (err) {
    if (err instanceof CommandFailed) throw err;
    throw new CommandFailed([], `${file}: not a JSON key file`);
  }
  const wrapped = (json.wrapped_private_key ?? (json.kdf ? json : undefined)) as WrappedPrivateKey | undefined;
  try {
    const jwk = wrapped ? await unwrapPrivateKey(wrapped, await passphrase(stdin)) : (json as JsonWebKey);
    return await importPrivateKey(jwk);
  } catch (err) {
    throw new CommandFailed([], `${file}: ${(err as Error).message}`);
  }
}

/** The passphrase: standard input up to its end, without the line break a shell or `echo` adds. */
async function passphrase(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += chunk.toString();
  const value = text.replace(/\r?\n$/, '');
  if (!value) throw new Error('the key is wrapped: give its passphrase on standard input');
  return value;
}
