// GET /f/{id}/thanks: the success page a browser form post is sent to (303) when no redirect_url is set.
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { escapeHtml, sendHtml } from '../respond.ts';
import { page } from './layout.ts';

/** Shows the form's success message, and "Submit another response" when the form allows it. */
export const thanksPage = (s: Services) => async ({ res, params }: RouteContext) => {
  const { form } = await s.publicForms.load(params.id);
  const message = form.successMessage || 'Thank you. Your response was sent.';
  const another = form.allowAnotherResponse && !(form.redirectUrl && form.workspaceId) ? `<p><a href="/f/${escapeHtml(form.id)}">Submit another response</a></p>` : '';
  sendHtml(res, 200, page(form.title, `<p role="status">${escapeHtml(message)}</p>${another}`, { noindex: form.workspaceId === null }), { embeddable: true });
};
