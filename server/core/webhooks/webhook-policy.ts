// The webhook address rules as the settings service sees them: a check that returns a problem or nothing.
import { checkWebhookUrl, defaultResolve } from '../../lib/webhook-url.ts';

/** Checks a webhook URL on save; returns the problem text, or undefined when it may be saved. */
export type WebhookUrlValidator = (url: string) => Promise<string | undefined>;

const messages: Record<string, string> = {
  'invalid url': 'invalid url: must be an https:// URL on port 443 without credentials',
  'address not allowed':
    'address not allowed: the host must be a public address (not private, loopback, link-local or metadata)',
  'dns failed': 'dns failed: the host name does not resolve',
};

/** The save-time check of spec 6.3, using the same rules as every delivery attempt. */
export function webhookUrlCheck(allowPrivate: boolean, resolve = defaultResolve): WebhookUrlValidator {
  return async (url) => {
    const result = await checkWebhookUrl(url, { allowPrivate, resolve });
    return result.ok ? undefined : (messages[result.error] ?? result.error);
  };
}
