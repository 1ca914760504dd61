// How a stored form is shown through the API (spec 2.10, 2.11): one place for field names and URLs.
import { FAILURE_MAIL_AFTER } from './mail/failure-mail.ts';
import type { FormRecord } from './store/types.ts';
import { expiryOf } from './unclaimed.ts';

/** The public addresses of a form, derived from the instance's public URL: by its slug when it has one. */
export function formUrls(publicUrl: string, form: Pick<FormRecord, 'id' | 'slug'>) {
  const name = form.slug || form.id;
  return { endpoint: `${publicUrl}/v1/f/${name}`, hosted_url: `${publicUrl}/f/${name}` };
}

/**
 * A cloud form list item (spec 2.10); `expires_at` only for unclaimed forms. `webhook_failing: true` is
 * our addition (docs/webhooks.md): present while the webhook has failed 5 or more times in
 * a row (the threshold of the failure mail, spec 6.6); a delivered attempt clears it.
 */
export function cloudForm(publicUrl: string, f: FormRecord) {
  return {
    form_id: f.id,
    title: f.title,
    status: f.status,
    version: f.version,
    submissions: f.submissionCount,
    ...formUrls(publicUrl, f),
    created_at: f.createdAt,
    ...(expiryOf(f) ? { expires_at: expiryOf(f) } : {}),
    ...(f.webhookUrl !== '' && f.webhookFailures >= FAILURE_MAIL_AFTER ? { webhook_failing: true } : {}),
  };
}
