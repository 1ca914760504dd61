// The webhook address rules as the settings service sees them: a check that returns a problem or nothing.
// The same rules hold for the Slack and Discord addresses.
import { checkWebhookUrl, defaultResolve, type WebhookUrlError } from '../../lib/webhook-url.ts';

/** Checks a webhook URL on save; returns the problem text, or undefined when it may be saved. */
export type WebhookUrlValidator = (url: string) => Promise<string | undefined>;

/** The setting that allows local receivers, named in every refusal it would lift. */
export const ALLOW_PRIVATE_HINT =
  ' (set FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 to allow http:// and local addresses while developing)';

const messages: Record<WebhookUrlError, string> = {
  'invalid url': 'invalid url: must be an https:// URL on port 443 without credentials',
  'address not allowed':
    'address not allowed: the host must be a public address (not private, loopback, link-local or metadata)',
  'dns failed': 'dns failed: the host name does not resolve',
};

/** The problem text of a refusal, in the words of the rule that refused it. */
function problemText(error: WebhookUrlError, url: string, allowPrivate: boolean): string {
  if (error !== 'invalid url') return messages[error];
  if (allowPrivate) return 'invalid url: must be an http:// or https:// URL without credentials';
  return /^http:\/\//i.test(url) ? 'invalid url: must start with https://' : messages[error];
}

/**
 * The save-time check of spec 6.3, using the same rules as every delivery attempt. A refusal that
 * FORMSTEAD_WEBHOOK_ALLOW_PRIVATE would lift (http://, a local address, another port) says so, so a person
 * trying a receiver on their own machine learns what to set.
 */
export function webhookUrlCheck(allowPrivate: boolean, resolve = defaultResolve): WebhookUrlValidator {
  return async (url) => {
    const result = await checkWebhookUrl(url, { allowPrivate, resolve });
    if (result.ok) return undefined;
    const text = problemText(result.error, url, allowPrivate);
    if (allowPrivate || result.error === 'dns failed') return text;
    const relaxed = await checkWebhookUrl(url, { allowPrivate: true, resolve });
    return relaxed.ok ? text + ALLOW_PRIVATE_HINT : text;
  };
}
