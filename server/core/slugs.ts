// A form's own address, `/f/{slug}` and `/v1/f/{slug}` (ARCHITECTURE.md "Respondents who finish"): 3 to
// 64 of a-z, 0-9 and "-", unique in the instance, never a word the server itself answers to as the first
// segment of a path (so a slug can never shadow a page, now or if forms ever move to the root).
import { conflict } from '../lib/api-error.ts';

/** The shape of a slug; the settings schema checks it (shared/api/forms.ts). */
export const SLUG_PATTERN = /^[a-z0-9-]{3,64}$/;

/**
 * Every first path segment the server serves (test/server/http/slugs.test.ts checks this against
 * routes.ts), and a few that a person would take for the product's own pages.
 */
export const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'assets',
  'claim',
  'embed',
  'f',
  'files',
  'healthz',
  'invite',
  'login',
  'logout',
  'mcp',
  'readyz',
  'setup',
  'static',
  'v1',
  'www',
]);

/** Why `slug` cannot be used, if it cannot (its shape is the schema's; this is the reserved words). */
export const reservedSlugProblem = (slug: string) =>
  RESERVED_SLUGS.has(slug) ? `"${slug}" is reserved for the server's own pages; choose another` : undefined;

/** 409 slug_taken: another form has `slug` as its address or as its id. */
export const slugTaken = (slug: string) =>
  conflict('slug_taken', [`slug: "${slug}" is already the address of another form`]);
