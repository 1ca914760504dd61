// A response as a chat message: Slack's incoming-webhook format and Discord's webhook format, with the
// answers by field label (docs/webhooks.md "Slack and Discord"). Answers are respondents' untrusted text:
// nothing they type can mention people, link or break out of its place in the message.
import type { DeliveryChannel } from '../store/types.ts';

/** What a chat message tells. */
export interface ChatMessageInput {
  formTitle: string;
  /** `[label, answer]` in the form's order (answerPairs), unanswered fields left out. */
  answers: [label: string, text: string][];
  /** The response in the admin panel. */
  link: string;
  /** When it was stored (RFC 3339). */
  createdAt: string;
}

/** Slack: at most 50 blocks a message; a section's text at most 3000 characters, a header's 150. */
export const SLACK_LIMITS = { blocks: 50, sectionText: 3000, header: 150 } as const;

/** Discord: an embed's fields, a field's name and value, its title, and all of an embed's text together. */
export const DISCORD_LIMITS = { fields: 25, name: 256, value: 1024, title: 256, total: 6000, content: 2000 } as const;

/** The JSON body of one chat message for `channel`. */
export function chatMessage(channel: Exclude<DeliveryChannel, 'webhook'>, input: ChatMessageInput): string {
  return JSON.stringify(channel === 'slack' ? slackMessage(input) : discordMessage(input));
}

/** Shortens `text` to at most `max` characters (code points), ending with "…" when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

const length = (text: string) => Array.from(text).length;
const heading = (title: string) => `New response to ${title || 'your form'}`;
const more = (n: number) => `${n} more ${n === 1 ? 'answer' : 'answers'} in Formstead`;

/**
 * Slack's format (also read by Mattermost and Rocket.Chat): `text` for notifications, then a header, one
 * section per answer (label in bold above the answer), and a link to the response. In Slack's mrkdwn only
 * `&`, `<` and `>` need escaping: with them escaped a respondent cannot write a link or a mention.
 */
export function slackMessage(input: ChatMessageInput) {
  const room = SLACK_LIMITS.blocks - 2; // the header and the closing context block
  const shown = input.answers.length > room ? input.answers.slice(0, room - 1) : input.answers;
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: truncate(heading(input.formTitle), SLACK_LIMITS.header) } },
    ...shown.map(([label, text]) => ({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: truncate(`*${slackEscape(oneLine(label))}*\n${slackEscape(text)}`, SLACK_LIMITS.sectionText),
      },
    })),
  ];
  if (input.answers.length === 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: '_No answers_' } });
  if (shown.length < input.answers.length)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: more(input.answers.length - shown.length) }] });
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `<${input.link}|Open the response>` }] });
  return { text: slackEscape(heading(input.formTitle)), blocks };
}

/**
 * Discord's format: `content` for notifications and one embed whose fields are the answers, within
 * Discord's limits (25 fields, 256 characters a name, 1024 a value, 6000 in all): what does not fit is cut
 * with "…", and answers past the room are counted in a last field. Answers are escaped for Discord's
 * Markdown (discordEscape); `allowed_mentions` with nothing to parse keeps anything left from pinging.
 */
export function discordMessage(input: ChatMessageInput) {
  const title = truncate(input.formTitle || 'Your form', DISCORD_LIMITS.title);
  // Room for the closing "N more answers" field, kept free whenever one may be needed.
  const marker = { name: '…', value: more(input.answers.length) };
  const reserve = length(marker.name) + length(marker.value);
  let budget = DISCORD_LIMITS.total - length(title);
  const fields: { name: string; value: string }[] = [];
  for (const [i, [label, text]] of input.answers.entries()) {
    const last = i === input.answers.length - 1;
    // The 25th field is the marker when answers are left after it.
    if (fields.length === DISCORD_LIMITS.fields - (last ? 0 : 1)) break;
    const room = budget - (last ? 0 : reserve);
    const name = truncate(oneLine(label) || '…', Math.min(DISCORD_LIMITS.name, room - 1));
    const valueRoom = Math.min(DISCORD_LIMITS.value, room - length(name));
    if (room < 2 || valueRoom < 1) break;
    const value = truncate(discordEscape(text) || '…', valueRoom);
    fields.push({ name, value });
    budget -= length(name) + length(value);
  }
  const left = input.answers.length - fields.length;
  if (left > 0) fields.push({ name: marker.name, value: more(left) });
  return {
    content: truncate(heading(input.formTitle), DISCORD_LIMITS.content),
    embeds: [{ title, url: input.link, timestamp: input.createdAt, fields }],
    allowed_mentions: { parse: [] },
  };
}

/**
 * A respondent's text as literal Discord Markdown: a backslash before every character its Markdown gives a
 * meaning to (so `[bank](https://evil)` cannot become a disguised link, `<@id>` a mention, `# ` a heading),
 * and a zero-width space after the @ of @everyone and @here, which a backslash does not disarm.
 */
export function discordEscape(text: string): string {
  return text.replace(/[\\*_~`|[\]()<>#-]/g, '\\$&').replace(/@(everyone|here)/g, '@\u200b$1');
}

/** A respondent's text as literal Slack mrkdwn: `&`, `<` and `>` escaped, so no `<url|text>` link or mention. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');
