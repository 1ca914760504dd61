// Every route of the product in one list (STYLE.md "Routes in one readable list").
import type { Route } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { deleteForm, getForm, listForms, publishForm } from './forms.ts';
import { getStats, getSummary, postEvents } from './events.ts';
import { postPartial } from './partials.ts';
import { download, upload, uploadPreflight } from './files.ts';
import { health, ready } from './health.ts';
import { adminUploadDraftImage, adminUploadImage, serveImage, uploadImage } from './images.ts';
import { mcpMethodNotAllowed, mcpPost } from './mcp.ts';
import { adminConnection } from './admin-connection.ts';
import { adminAuditExport } from './admin-audit.ts';
import { adminCsv, adminPdf, adminXlsx } from './admin-csv.ts';
import { asset } from './assets.ts';
import { serviceWorker } from './service-worker.ts';
import { byFormAddress } from './form-address.ts';
import { loginPage, loginSubmit, logout, setupPage, setupSubmit } from './pages/account-pages.ts';
import { adminShell } from './pages/admin-shell.ts';
import { claimPage, claimSubmit } from './pages/claim-page.ts';
import { hostedPage } from './pages/hosted-page.ts';
import { invitePage, inviteSubmit } from './pages/invite-page.ts';
import { reportPage, reportSubmit } from './pages/report-page.ts';
import { resetPage, resetSubmit } from './pages/reset-page.ts';
import { signedInPage } from './pages/signed-in-page.ts';
import { ssoCallback, ssoStart } from './pages/sso-pages.ts';
import { thanksPage } from './pages/thanks-page.ts';
import { editPage } from './pages/edit-page.ts';
import { submitEdit } from './respondent-edit.ts';
import { preflight, publicDefinition, submit } from './respondent.ts';
import { openApi } from './openapi.ts';
import { signingKey } from './signing-key.ts';
import { METRICS_PATH, metricsHandler } from '../metrics/endpoint.ts';
import { definitionSchema } from './schema.ts';
import { updateSettings } from './settings.ts';
import { deleteSubmission, getSubmission, listSubmissions, patchSubmission } from './submissions.ts';
import { adminImport, importSubmissions } from './import.ts';
import { getWebhook, redeliverWebhook, rotateWebhookSecret, testWebhook } from './webhook.ts';

/** The route table: method, path, handler. */
export function routes(s: Services): Route[] {
  return [
    { method: 'GET', path: '/healthz', handler: health(s) },
    { method: 'GET', path: '/readyz', handler: ready(s) },
    // Prometheus scrapes (docs/operations.md "Metrics"): only with a token; otherwise no such route (404).
    ...(s.config.metricsToken
      ? [{ method: 'GET', path: METRICS_PATH, handler: metricsHandler(s.config.metricsToken) }]
      : []),
    { method: 'GET', path: '/v1/schema/form-definition.json', handler: definitionSchema(s) },
    { method: 'GET', path: '/v1/openapi.json', handler: openApi(s) },
    { method: 'GET', path: '/v1/signing-key', handler: signingKey(s) },
    // REST API for keys (spec 4)
    { method: 'POST', path: '/v1/forms', handler: publishForm(s) },
    { method: 'GET', path: '/v1/forms', handler: listForms(s) },
    { method: 'GET', path: '/v1/forms/:id', handler: getForm(s) },
    { method: 'PATCH', path: '/v1/forms/:id', handler: updateSettings(s) },
    { method: 'DELETE', path: '/v1/forms/:id', handler: deleteForm(s) },
    { method: 'GET', path: '/v1/forms/:id/submissions', handler: listSubmissions(s) },
    { method: 'POST', path: '/v1/forms/:id/submissions/import', handler: importSubmissions(s) },
    { method: 'GET', path: '/v1/forms/:id/submissions/:submissionId', handler: getSubmission(s) },
    { method: 'PATCH', path: '/v1/forms/:id/submissions/:submissionId', handler: patchSubmission(s) },
    { method: 'DELETE', path: '/v1/forms/:id/submissions/:submissionId', handler: deleteSubmission(s) },
    { method: 'GET', path: '/v1/forms/:id/webhook', handler: getWebhook(s) },
    // How a form does: daily counts of views, starts, steps and completions (ARCHITECTURE.md Wave 3)
    { method: 'GET', path: '/v1/forms/:id/stats', handler: getStats(s) },
    // What the answers add up to, per question (ARCHITECTURE.md Wave 4)
    { method: 'GET', path: '/v1/forms/:id/summary', handler: getSummary(s) },
    // Stored files: the bytes for keys, members and signed webhook links (ARCHITECTURE.md "Files")
    { method: 'GET', path: '/v1/files/:id', handler: download(s) },
    // A form's pictures (ARCHITECTURE.md Wave 4): uploaded by its keys or the builder, served to anyone
    { method: 'POST', path: '/v1/forms/:id/images', handler: uploadImage(s) },
    { method: 'GET', path: '/i/:id', handler: serveImage(s) },
    { method: 'POST', path: '/v1/forms/:id/webhook/test', handler: testWebhook(s) },
    { method: 'POST', path: '/v1/forms/:id/webhook/redeliver', handler: redeliverWebhook(s) },
    { method: 'POST', path: '/v1/forms/:id/webhook/rotate', handler: rotateWebhookSecret(s) },
    // MCP for AI agents (same keys as /v1; stateless Streamable HTTP, so POST only)
    { method: 'POST', path: '/mcp', handler: mcpPost(s) },
    { method: 'GET', path: '/mcp', handler: mcpMethodNotAllowed(s), refuses: true },
    { method: 'DELETE', path: '/mcp', handler: mcpMethodNotAllowed(s), refuses: true },
    // Respondents (no key, CORS open)
    { method: 'OPTIONS', path: '/v1/f/:id', handler: byFormAddress(s, preflight(s)) },
    { method: 'POST', path: '/v1/f/:id', handler: byFormAddress(s, submit(s)) },
    // A respondent's edit through its private link (ARCHITECTURE.md Wave 4)
    { method: 'OPTIONS', path: '/v1/f/:id/edit/:token', handler: byFormAddress(s, preflight(s)) },
    { method: 'POST', path: '/v1/f/:id/edit/:token', handler: byFormAddress(s, submitEdit(s)) },
    { method: 'OPTIONS', path: '/v1/f/:id/uploads', handler: byFormAddress(s, uploadPreflight(s)) },
    { method: 'POST', path: '/v1/f/:id/uploads', handler: byFormAddress(s, upload(s)) },
    { method: 'OPTIONS', path: '/v1/f/:id/definition', handler: byFormAddress(s, preflight(s)) },
    { method: 'GET', path: '/v1/f/:id/definition', handler: byFormAddress(s, publicDefinition(s)) },
    { method: 'OPTIONS', path: '/v1/f/:id/events', handler: byFormAddress(s, preflight(s)) },
    { method: 'POST', path: '/v1/f/:id/events', handler: byFormAddress(s, postEvents(s)) },
    { method: 'OPTIONS', path: '/v1/f/:id/partial', handler: byFormAddress(s, preflight(s)) },
    { method: 'POST', path: '/v1/f/:id/partial', handler: byFormAddress(s, postPartial(s)) },
    // Pages
    { method: 'GET', path: '/f/:id', handler: byFormAddress(s, hostedPage(s)) },
    { method: 'GET', path: '/f/:id/thanks', handler: byFormAddress(s, thanksPage(s)) },
    { method: 'GET', path: '/f/:id/edit/:token', handler: byFormAddress(s, editPage(s)) },
    { method: 'GET', path: '/f/:id/report', handler: byFormAddress(s, reportPage(s)) },
    { method: 'POST', path: '/f/:id/report', handler: byFormAddress(s, reportSubmit(s)) },
    // Client bundles embedded in the server bundle (scripts/client-entries.mjs)
    { method: 'GET', path: '/assets/:name', handler: asset(s) },
    { method: 'GET', path: '/embed.js', handler: asset(s) },
    { method: 'GET', path: '/f-sw.js', handler: serviceWorker(s) },
    { method: 'GET', path: '/claim/:token', handler: claimPage(s) },
    { method: 'POST', path: '/claim/:token', handler: claimSubmit(s) },
    { method: 'GET', path: '/admin/setup', handler: setupPage(s) },
    { method: 'POST', path: '/admin/setup', handler: setupSubmit(s) },
    { method: 'GET', path: '/admin/reset', handler: resetPage(s) },
    { method: 'POST', path: '/admin/reset', handler: resetSubmit(s) },
    { method: 'GET', path: '/admin/login', handler: loginPage(s) },
    { method: 'POST', path: '/admin/login', handler: loginSubmit(s) },
    { method: 'GET', path: '/admin/signed-in', handler: signedInPage(s) },
    { method: 'POST', path: '/admin/logout', handler: logout(s) },
    // Single sign-on (docs/operations.md "Single sign-on"): out to the provider and back
    { method: 'POST', path: '/admin/oidc/start', handler: ssoStart(s) },
    { method: 'GET', path: '/admin/oidc/callback', handler: ssoCallback(s) },
    { method: 'GET', path: '/admin/invite/:token', handler: invitePage(s) },
    { method: 'POST', path: '/admin/invite/:token', handler: inviteSubmit(s) },
    { method: 'GET', path: '/admin/audit.jsonl', handler: adminAuditExport(s) },
    { method: 'GET', path: '/admin/forms/:id/submissions.csv', handler: adminCsv(s) },
    { method: 'GET', path: '/admin/forms/:id/submissions.xlsx', handler: adminXlsx(s) },
    { method: 'GET', path: '/admin/forms/:id/submissions/:sid/pdf', handler: adminPdf(s) },
    { method: 'POST', path: '/admin/forms/:id/images', handler: adminUploadImage(s) },
    { method: 'POST', path: '/admin/drafts/:id/images', handler: adminUploadDraftImage(s) },
    { method: 'POST', path: '/admin/forms/:id/submissions/import', handler: adminImport(s) },
    { method: 'POST', path: '/admin/connection', handler: adminConnection(s) },
    // The admin panel: one shell for each of its views (the panel talks tRPC on the /admin/trpc socket)
    { method: 'GET', path: '/admin', handler: adminShell(s) },
    { method: 'GET', path: '/admin/forms/:id', handler: adminShell(s) },
    { method: 'GET', path: '/admin/forms/:id/submissions/:sid', handler: adminShell(s) },
    { method: 'GET', path: '/admin/forms/:id/edit', handler: adminShell(s) },
    { method: 'GET', path: '/admin/drafts/:id', handler: adminShell(s) },
    { method: 'GET', path: '/admin/workspace', handler: adminShell(s) },
    { method: 'GET', path: '/admin/moderation', handler: adminShell(s) },
    { method: 'GET', path: '/admin/people', handler: adminShell(s) },
    { method: 'GET', path: '/admin/account', handler: adminShell(s) },
  ];
}
