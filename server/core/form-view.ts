// How a stored form is shown through the API (spec 2.10, 2.11): one place for field names and URLs.
import { FAILURE_MAIL_AFTER } from './mail/failure-mail.ts';
import type { FormRecord } from './store/types.ts';
import { expiryOf } from './unclaimed.ts';

/** The public addresses of a form, derived from the instance's public URL. */
export function formUrls(publicUrl: string, formId: string) {
  return { endpoint: `${publicUrl}/v1/f/${formId}`, hosted_url: `${publicUrl}/f/${formId}` };
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
    ...formUrls(publicUrl, f.id),
    created_at: f.createdAt,
    ...(expiryOf(f) ? { expires_at: expiryOf(f) } : {}),
    ...(f.webhookUrl !== '' && f.webhookFailures >= FAILURE_MAIL_AFTER ? { webhook_failing: true } : {}),
  };
}
