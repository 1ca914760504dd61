// POST /v1/forms/{id}/submissions/import (docs/api.md "Importing answers"): account keys only; JSON lines,
// or CSV with `id_column`, `created_at_column` and `map` in the query; `dry_run=1` checks every row and stores
// nothing (the panel's preview). 200 with the counts and refused rows.
// The panel's import (POST /admin/forms/{id}/submissions/import) is the same for a signed-in editor.
import type { IncomingMessage } from 'node:http';
import { badRequest, unauthorized } from '../lib/api-error.ts';
import { readBody } from '../lib/http-body.ts';
import type { RouteContext } from '../lib/router.ts';
import { assertSameOrigin } from '../lib/same-origin.ts';
import type { Services } from '../core/services.ts';
import { type Principal, requireEditor } from '../core/principal.ts';
import { IMPORT_MAX_BYTES, importFormat } from '../core/imports/import-rows.ts';
import { sessionToken } from '../core/session-cookie.ts';
import { requireKey } from './auth.ts';
import { sendJson } from './respond.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** An import handler for callers that `who` authenticates. */
const importFor =
  (s: Services, who: (req: IncomingMessage, query: URLSearchParams) => Promise<Principal>) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await who(req, query);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    const format = importFormat(req.headers['content-type']);
    const raw = await readBody(req, IMPORT_MAX_BYTES);
    let text: string;
    try {
      text = utf8.decode(raw);
    } catch {
      throw badRequest('invalid_encoding', ['body: must be UTF-8 text']);
    }
    const dryRun = query.get('dry_run');
    const notify = query.get('notify');
    if (notify !== null && notify !== '0' && notify !== '1')
      throw badRequest('invalid_query', ['notify: must be 0 or 1']);
    if (dryRun !== null && dryRun !== '0' && dryRun !== '1')
      throw badRequest('invalid_query', ['dry_run: must be 0 or 1']);
    const result = await s.imports.run(
      form,
      format === 'csv'
        ? {
            format,
            text,
            mapping: {
              idColumn: query.get('id_column'),
              createdAtColumn: query.get('created_at_column'),
              map: query.get('map'),
            },
          }
        : { format, text },
      Date.now(),
      dryRun === '1',
      notify === '1',
    );
    sendJson(res, 200, result);
  };

/** Imports a file of answers into a form the account key's workspace holds. */
export const importSubmissions = (s: Services) => importFor(s, (req) => requireKey(s, req));

/**
 * The panel's import, for an editor signed in: the session cookie is SameSite=Strict, and a post from
 * another site is refused by its Origin as well (same-origin.ts).
 */
export const adminImport = (s: Services) =>
  importFor(s, async (req, query) => {
    assertSameOrigin(req, s.config.publicUrl);
    const principal = await s.accounts.principal(sessionToken(req), query.get('workspace') || undefined);
    if (!principal) throw unauthorized(['session: sign in again']);
    return principal;
  });
