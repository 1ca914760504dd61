// GET/POST /claim/{token}: a signed-in owner or editor moves an unclaimed form into a workspace.
import { audit } from '../audit.ts';
import type { RouteContext } from '../../lib/router.ts';
import { allFields } from '../../../shared/engine/index.ts';
import { canEdit } from '../../core/principal.ts';
import type { Services } from '../../core/services.ts';
import type { FormRecord } from '../../core/store/types.ts';
import { sessionToken } from '../../core/session-cookie.ts';
import { escapeHtml, sendHtml } from '../respond.ts';
import { readForm } from './account-pages.ts';
import { page, problems } from './layout.ts';
import { assertSameOrigin } from '../../lib/same-origin.ts';

const gone = () =>
  page(
    'Claim link not valid',
    '<h1>This claim link is not valid</h1><p>The form was claimed already, has expired, or the link is wrong.</p>',
    { noindex: true },
  );

/**
 * Whether to revoke the publishing agent key with the claim: checked by default, since a key left working
 * keeps reading the answers and can publish new versions (a field asking for a passport, say). An agent
 * that still manages the form is the reason to uncheck it; the panel's Keys page can revoke it later.
 */
const revokeChoice =
  '<p><label><input type="checkbox" name="revoke_agent_key" value="on" checked> Revoke the agent key that ' +
  'published this form</label><br><span class="muted">Recommended: otherwise that key keeps reading the answers ' +
  'and can publish new versions. Leave it working only if an agent still manages this form.</span></p>';

/** Shows the form and, for a signed-in owner or editor, the workspaces it can go to. */
export const claimPage =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const form = await s.forms.byClaimToken(params.token);
    if (!form) return sendHtml(res, 404, gone());
    const session = await s.accounts.session(sessionToken(req));
    const here = `/claim/${encodeURIComponent(params.token)}`;
    const head =
      `<h1>Claim “${escapeHtml(form.title)}”</h1><p class="muted">Unclaimed forms expire on ` +
      `${escapeHtml(form.expiresAt ?? '')} and send no webhooks or mail.</p>${await fieldList(s, form)}`;
    if (!session) {
      // SameSite=Strict cookies are not sent when arriving from another site, so offer a same-site reload.
      return sendHtml(
        res,
        200,
        page(
          'Claim a form',
          `${head}<p><a href="/admin/login?next=${encodeURIComponent(here)}">Sign in to claim it</a> · ` +
            `<a href="${here}">Already signed in? Continue</a></p>`,
          { noindex: true },
        ),
      );
    }
    const editable = session.workspaces.filter((w) => canEdit(w.role));
    if (!editable.length)
      return sendHtml(
        res,
        403,
        page('Claim a form', `${head}${problems(['Only owners and editors of a workspace can claim forms.'])}`, {
          noindex: true,
        }),
      );
    const options = editable
      .map((w) => `<option value="${escapeHtml(w.workspace.id)}">${escapeHtml(w.workspace.name)}</option>`)
      .join('');
    sendHtml(
      res,
      200,
      page(
        'Claim a form',
        `${head}<form method="post" action="${here}"><label for="workspace">Workspace</label>` +
          `<select id="workspace" name="workspace">${options}</select>${revokeChoice}` +
          '<button type="submit">Claim form</button></form>',
        { noindex: true },
      ),
    );
  };

/** Claims the form for the chosen workspace if the session may edit there. */
export const claimSubmit =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    const form = await readForm(req);
    const principal = await s.accounts.principal(sessionToken(req), form.workspace);
    if (!principal || !canEdit(principal.role))
      return sendHtml(
        res,
        403,
        page('Claim a form', problems(['Sign in as an owner or editor of that workspace to claim this form.']), {
          noindex: true,
        }),
      );
    const claimed = await s.forms.claim(params.token, principal.workspaceId, {
      revokeAgentKey: form.revoke_agent_key === 'on',
    });
    await audit(s, req, principal, 'form.claimed', {
      workspaceId: principal.workspaceId,
      target: claimed.id,
      detail: { agent_key_revoked: form.revoke_agent_key === 'on' },
    });
    const keyWords = claimed.agentKeyId
      ? form.revoke_agent_key === 'on'
        ? ' The agent key that published it is revoked.'
        : ' The agent key that published it still works; revoke it under Workspace, Keys when no agent needs it.'
      : '';
    sendHtml(
      res,
      200,
      page(
        'Form claimed',
        `<h1>“${escapeHtml(claimed.title)}” is yours</h1><p>It no longer expires.${keyWords} ` +
          '<a href="/admin">Open the admin panel</a> · ' +
          `<a href="/f/${escapeHtml(claimed.id)}">Open the form</a></p>`,
        { noindex: true },
      ),
    );
  };

/** What the form asks (its fields, by label and type) and a link to see it, so one knows what one claims. */
async function fieldList(s: Services, form: FormRecord): Promise<string> {
  const definition = await s.forms.definitions.get(form.id, form.version);
  const items = (definition ? allFields(definition) : []).map(
    (f) => `<li>${escapeHtml(f.label)} <span class="muted">(${escapeHtml(f.type)})</span></li>`,
  );
  return (
    `<p>Version ${form.version}, ${form.submissionCount} submission${form.submissionCount === 1 ? '' : 's'} so ` +
    `far. It asks for:</p><ul>${items.join('')}</ul><p><a href="/f/${encodeURIComponent(form.id)}" ` +
    'target="_blank" rel="noopener">Open the form</a></p>'
  );
}
