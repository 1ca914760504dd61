// Shared steps of the file suites: a form with file fields, raw and multipart uploads, hashes.
import { createHash, randomBytes } from 'node:crypto';
import { adminClient, setupOwner } from './admin-session.ts';
import { call, OWNER_KEY, type ApiAnswer } from './api.ts';
import { freePort, startServer, type RunningServer } from './server.ts';

/** A claimed-form definition with a name and the given file fields (`cv` accepts PDFs and images by default). */
export function fileDefinition(
  files: Record<string, unknown>[] = [{ key: 'cv', type: 'file', label: 'CV', accept: '.pdf,image/*' }],
) {
  return {
    id: 'apply',
    title: 'Apply',
    submit: { label: 'Send' },
    fields: [{ key: 'name', type: 'text', label: 'Name' }, ...files],
  };
}

/** Publishes with the owner key (or `key`: claimed) or without a key (unclaimed); answers the form id. */
export async function publishFileForm(
  base: string,
  definition = fileDefinition(),
  keyless = false,
  key = OWNER_KEY,
): Promise<string> {
  const r = await call(base, 'POST', '/v1/forms', { key: keyless ? undefined : key, body: { definition } });
  if (r.status !== 201) throw new Error(`publish: ${r.status} ${r.text}`);
  return r.json.form_id;
}

/** `n` random bytes. */
export const bytes = (n: number) => randomBytes(n);

/** SHA-256 hex of some bytes. */
export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A raw upload: the bytes as the body, the type as Content-Type, the name in X-File-Name. */
export function rawUpload(
  base: string,
  formId: string,
  field: string,
  body: Buffer,
  name: string,
  type = 'application/pdf',
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  return call(base, 'POST', `/v1/f/${formId}/uploads?field=${encodeURIComponent(field)}`, {
    rawBody: body,
    headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name), ...headers },
  });
}

/** A multipart body built by hand (so tests can also build broken ones). */
export function multipartBody(
  parts: { name: string; value?: string; filename?: string; type?: string; data?: Buffer }[],
  boundary = 'fsboundary1234',
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      p.data ?? Buffer.from(p.value ?? ''),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Posts a multipart body to `path`. */
export function postMultipart(
  base: string,
  path: string,
  body: Buffer,
  boundary = 'fsboundary1234',
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  return call(base, 'POST', path, {
    rawBody: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
}

/** Downloads a file with the owner key (or other headers); answers status, headers and the bytes. */
export async function download(
  url: string,
  headers: Record<string, string> = { authorization: `Bearer ${OWNER_KEY}` },
) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** A file object's url points at the public URL (http://localhost:PORT); tests reach the bundle at 127.0.0.1. */
export const reachable = (url: string, base: string) => url.replace(/^https?:\/\/[^/]+/, base);

/**
 * Signs up the owner through the setup link (start the bundle WITHOUT FORMSTEAD_OWNER_KEY) and makes an account key in
 * the panel.
 */
export async function ownerWithKey(server: RunningServer): Promise<{ cookie: string; key: string }> {
  const cookie = await setupOwner(server);
  const { client, close } = adminClient(server, cookie);
  try {
    const made = await client.keys.create.mutate({ name: 'files tests' });
    return { cookie, key: made.key };
  } finally {
    close();
  }
}

/** Starts the bundle with its public URL on its own address (the admin socket checks the Origin). */
export async function startWithPublicUrl(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  return startServer({ port, env: { FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}`, ...env } });
}
