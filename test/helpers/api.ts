// A small client for the REST API of a running bundle, for scenario tables in end-to-end suites.
import { startServer } from './server.ts';

/** What a call answered: status, headers, parsed JSON (or undefined) and the raw text. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

/** Calls `base + path` with an optional key, JSON body and extra headers. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | Buffer | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** The account key the e2e suites start the bundle with (FORMSTEAD_OWNER_KEY). */
export const OWNER_KEY = 'svc_live_test_owner_key_0123456789abcdef';

/**
 * Starts the bundle with OWNER_KEY (and `env`), publishes contactDefinition() with it, runs `run` with the server's
 * URL and the publish answer, and stops the server however `run` ends.
 */
export async function withContactForm(
  env: Record<string, string>,
  run: (url: string, published: ApiAnswer) => Promise<void>,
): Promise<void> {
  const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, ...env } });
  try {
    await run(
      server.url,
      await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }),
    );
  } finally {
    await server.stop();
  }
}

/** A small valid single-step definition. */
export function contactDefinition(overrides: Record<string, unknown> = {}) {
  return {
    id: 'contact',
    title: 'Contact us',
    submit: { label: 'Send' },
    fields: [
      { key: 'name', type: 'text', label: 'Name', validation: { required: true, maxLength: 100 } },
      { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
      {
        key: 'topic',
        type: 'select',
        label: 'Topic',
        options: [
          { value: 'sales', label: 'Sales' },
          { value: 'support', label: 'Support' },
        ],
      },
      { key: 'message', type: 'textarea', label: 'Message' },
    ],
    ...overrides,
  };
}
