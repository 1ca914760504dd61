// `formstead verify EXPORT --public-key KEY`: checks a signed export (GET /v1/forms/{id}/submissions?format=jsonl&
// signed=1) against the instance's public key (GET /v1/signing-key): the head's signature and every link.
// Intact: one line, exit 0. Otherwise the first answer changed, removed or inserted, exit 1.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ConfigError } from '../config.ts';
import { verifyExport } from '../core/chain/verify.ts';
import { CommandFailed } from './command-failed.ts';

/** Runs the command; resolves with the line to print when the export is intact. */
export async function verify(argv: string[]): Promise<string[]> {
  const flag = argv.indexOf('--public-key');
  const keyFile = flag >= 0 ? argv[flag + 1] : undefined;
  const rest = flag >= 0 ? [...argv.slice(0, flag), ...argv.slice(flag + 2)] : argv;
  if (keyFile === undefined || keyFile.startsWith('-'))
    throw new ConfigError('--public-key: needs the file holding the instance key (GET /v1/signing-key)');
  const [file, ...extra] = rest;
  if (file === undefined) throw new ConfigError('verify: needs the export file (format=jsonl&signed=1)');
  if (extra.length > 0) throw new ConfigError(`${extra[0]}: unexpected argument (see --help)`);
  const key = readPublicKey(await readText(keyFile, 'public key'), keyFile);
  const verdict = verifyExport(await readText(file, 'export'), key);
  if (!verdict.ok) throw new CommandFailed([], `${file}: ${verdict.message}`);
  return [`${file}: ${verdict.message}`];
}

/** A file's text; a missing or unreadable file fails the command with one line. */
async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new CommandFailed([], `${file}: cannot read the ${what} (${(err as NodeJS.ErrnoException).code ?? err})`);
  }
}

/** The key from PEM, a JWK, or GET /v1/signing-key's whole answer. */
function readPublicKey(text: string, file: string): KeyObject {
  try {
    if (text.trimStart().startsWith('{')) {
      const json = JSON.parse(text);
      const key = json.public_key_pem
        ? createPublicKey(json.public_key_pem)
        : createPublicKey({ key: json.jwk ?? json, format: 'jwk' });
      if (key.asymmetricKeyType === 'ed25519') return key;
    }
    const key = createPublicKey(text);
    if (key.asymmetricKeyType === 'ed25519') return key;
  } catch {
    // Said below, as for a key of another kind.
  }
  throw new CommandFailed([], `${file}: not an Ed25519 public key (PEM, JWK or GET /v1/signing-key's answer)`);
}
