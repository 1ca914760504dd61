// The server's `<field>: <problem>` lines for a settings save, in plain sentences a person can act on
// (no field names of the API, no spec words). Unknown lines keep their text under the field's label.

/** The settings fields' names as the form shows them. */
export const settingLabels: Record<string, string> = {
  status: 'Status',
  success_message: 'Success message',
  redirect_url: 'Redirect address',
  allow_another_response: '“Submit another response”',
  notify_mode: 'Email notifications',
  notify_email: 'Email notifications',
  webhook_url: 'Webhook address',
  slack_webhook_url: 'Slack address',
  discord_webhook_url: 'Discord address',
  notify_each_response: 'Email me when someone responds',
  confirmation_email_field: 'Confirmation email',
  confirmation_message: 'Confirmation message',
  retention_days: 'Keep answers',
  keep_partial: 'Partial answers',
  slug: 'Form address',
  close_at: 'Close the form on',
  response_limit: 'Stop after',
  closed_message: 'Message when closed',
  theme: 'Look',
  'theme.accent': 'Accent colour',
  'theme.radius': 'Corner radius',
  'theme.font': 'Font',
  'theme.mode': 'Light or dark',
  redirect_origins: 'Sites that may send people back',
  notify_rules: 'Email rules',
  allow_edit_days: 'Days people may edit their answer',
  webhook_events: 'Webhook events',
};

/** What a refusal that names the server's development setting adds (docs/webhooks.md). */
const allowPrivateNote =
  ' While developing, the server’s FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 setting allows http:// and local addresses.';

/** The rules every delivery address follows (the webhook, Slack and Discord), in its own words. */
function addressSentences(field: string): [string, RegExp, string][] {
  const name = field === 'webhook_url' ? 'The webhook address' : `The ${settingLabels[field]}`;
  return [
    [
      field,
      /^invalid url: must start with https:\/\/.*ALLOW_PRIVATE/,
      `${name} must start with https://.${allowPrivateNote}`,
    ],
    [field, /^invalid url: must start with https:\/\//, `${name} must start with https://.`],
    [
      field,
      /^invalid url/,
      `${name} must start with https:// and use the standard port (443), without a user name or password in it.`,
    ],
    [
      field,
      /^address not allowed.*ALLOW_PRIVATE/,
      `${name} must be on the public internet: private and local addresses cannot receive messages.${allowPrivateNote}`,
    ],
    [
      field,
      /^address not allowed/,
      `${name} must be on the public internet: private, local and cloud metadata addresses cannot receive messages.`,
    ],
    [field, /^dns failed/, `${name}’s host name could not be found. Check its spelling.`],
    [field, /at most|too long|too_big/i, `${name} is too long.`],
  ];
}

/** [field, pattern of the problem, sentence]: the first match wins. */
const sentences: [string, RegExp, string][] = [
  [
    'redirect_url',
    /http or https/,
    'The redirect address must start with http:// or https://, for example https://example.com/thanks.',
  ],
  ['redirect_url', /at most|too long|too_big/i, 'The redirect address is too long.'],
  ['success_message', /at most (\d+)/, 'The success message is too long: use at most $1 characters.'],
  ...(['webhook_url', 'slack_webhook_url', 'discord_webhook_url'] as const).flatMap(addressSentences),
  [
    'notify_email',
    /conflicts/,
    'Email notifications were set two ways that disagree: choose one setting and save again.',
  ],
  ['confirmation_message', /at most (\d+)/, 'The confirmation message is too long: use at most $1 characters.'],
  [
    'confirmation_email_field',
    /has no email field/,
    'The form has no email field, so there is no address to send a confirmation to.',
  ],
  [
    'confirmation_email_field',
    /email fields are (.+)$/,
    'Choose one of the form’s email fields for the confirmation: $1.',
  ],
  ['retention_days', /whole number/, 'Keep answers for a whole number of days.'],
  ['retention_days', /must be 1 to (\d+) days/, 'Keep answers for 1 to $1 days, or choose to keep them forever.'],
  ['slug', /3 to 64/, 'The form address may hold 3 to 64 lowercase letters, digits and dashes.'],
  ['slug', /reserved/, 'That address is taken by one of Formstead’s own pages; choose another.'],
  ['slug', /already the address/, 'Another form already has that address; choose another.'],
  ['close_at', /date and time/, 'Choose the date and time the form closes.'],
  ['response_limit', /at least 1/, 'Stop after 1 response or more, or take any number.'],
  ['response_limit', /whole number/, 'Stop after a whole number of responses.'],
  ['closed_message', /at most (\d+)/, 'The message is too long: use at most $1 characters.'],
  ['theme.accent', /colour like/, 'The accent colour must be a colour like #2f5bea.'],
  ['theme.radius', /must be 0 to (\d+)/, 'The corner radius must be 0 to $1 pixels.'],
  ['theme.radius', /whole number/, 'The corner radius must be a whole number of pixels.'],
  ['redirect_origins', /at most (\d+)/, 'List at most $1 sites that may send people back.'],
  ['redirect_origins', /list of/, 'Write each site that may send people back on a line of its own.'],
  ['status', /paused by moderation/, 'This form was paused by moderation; only an owner of this server can lift that.'],
];

/** One problem line as `{field, text}`; `field` is '' when the line names no setting. */
export function plainProblem(detail: string): { field: string; text: string } {
  const colon = detail.indexOf(': ');
  const field = colon > 0 ? detail.slice(0, colon) : '';
  const problem = colon > 0 ? detail.slice(colon + 2) : detail;
  // One site of the list (`redirect_origins[2]: …`): named by its place, as the person wrote them.
  const site = /^redirect_origins\[(\d+)\]$/.exec(field);
  if (site) return { field: 'redirect_origins', text: `Site ${Number(site[1]) + 1} ${problem}.` };
  for (const [key, pattern, sentence] of sentences) {
    const match = key === field ? pattern.exec(problem) : null;
    if (match) return { field, text: sentence.replace('$1', match[1] ?? '') };
  }
  const label = settingLabels[field];
  const text = problem.charAt(0).toUpperCase() + problem.slice(1);
  return {
    field: label ? field : '',
    text: label ? `${label}: ${problem}.`.replace(/\.\.$/, '.') : `${text}.`.replace(/\.\.$/, '.'),
  };
}
