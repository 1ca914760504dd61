// Throwaway self-signed certificates for test HTTPS receivers, made with the openssl command at test
// start so no private key lives in the repository and nothing expires.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A key and certificate (also usable as its own CA file) for the given subject names. */
export interface TestCertificate {
  key: Buffer;
  cert: Buffer;
  /** Path of the certificate file, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
}

/**
 * Makes a P-256 certificate whose CN is the first name and whose SANs are all `names` (e.g. `DNS:a.test`,
 * `IP:127.0.0.1`).
 */
export function testCertificate(names: string[]): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'formstead-tls-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      `/CN=${names[0].replace(/^(DNS|IP):/, '')}`,
      '-addext',
      `subjectAltName=${names.join(',')}`,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile), cert: readFileSync(caFile), caFile };
}
