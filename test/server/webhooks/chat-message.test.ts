// The Slack and Discord message formats at and past each limit: Discord's 25 fields, 256 characters a
// name, 1024 a value and 6000 in all; Slack's 50 blocks and 3000 characters a section.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DISCORD_LIMITS,
  discordMessage,
  SLACK_LIMITS,
  slackMessage,
  truncate,
} from '../../../server/core/webhooks/chat-message.ts';

const chat = suite('webhooks: chat message limits');
const base = { formTitle: 'Survey', link: 'https://forms.example/admin/x', createdAt: '2026-11-26T10:00:00.000Z' };
const answers = (n: number, value = 'v', label = (i: number) => `Q${i}`): [string, string][] =>
  Array.from({ length: n }, (_, i) => [label(i + 1), value]);
const chars = (s: string) => Array.from(s).length;

/** Everything Discord counts towards an embed's 6000 characters. */
const embedTotal = (m: ReturnType<typeof discordMessage>) =>
  chars(m.embeds[0].title) + m.embeds[0].fields.reduce((n, f) => n + chars(f.name) + chars(f.value), 0);

chat('truncate keeps text at the limit and cuts one past it with "…", by characters not UTF-16 units', () => {
  assert.is(truncate('abc', 3), 'abc');
  assert.is(truncate('abcd', 3), 'ab…');
  assert.is(truncate('🦊🦊🦊🦊', 3), '🦊🦊…');
});

chat('Discord: 25 answers fit as 25 fields; 26 give 24 and a field counting the 2 left', () => {
  assert.equal(
    discordMessage({ ...base, answers: answers(25) }).embeds[0].fields.map((f) => f.name),
    answers(25).map(([l]) => l),
  );
  const over = discordMessage({ ...base, answers: answers(26) }).embeds[0].fields;
  assert.is(over.length, DISCORD_LIMITS.fields);
  assert.equal(over[24], { name: '…', value: '2 more answers in Formstead' });
  assert.equal(over[23], { name: 'Q24', value: 'v' });
});

chat('Discord: a value of 1024 characters stays, 1025 is cut to 1024 ending in "…"; names at 256', () => {
  const [kept] = discordMessage({ ...base, answers: [['A', 'x'.repeat(1024)]] }).embeds[0].fields;
  assert.is(kept.value, 'x'.repeat(1024));
  const [cut] = discordMessage({ ...base, answers: [['x'.repeat(257), 'y'.repeat(1025)]] }).embeds[0].fields;
  assert.is(chars(cut.value), 1024);
  assert.ok(cut.value.endsWith('…'));
  assert.is(chars(cut.name), 256);
  assert.ok(cut.name.endsWith('…'));
  const title = discordMessage({ ...base, formTitle: 't'.repeat(300), answers: [] }).embeds[0].title;
  assert.is(chars(title), DISCORD_LIMITS.title);
});

chat('Discord: the embed stays within 6000 characters; what does not fit is cut or counted', () => {
  // 10 answers of 1024 + names would be ~10,300: the sixth is cut and the rest counted.
  const m = discordMessage({ ...base, answers: answers(10, 'z'.repeat(1024)) });
  assert.ok(embedTotal(m) <= DISCORD_LIMITS.total, String(embedTotal(m)));
  const fields = m.embeds[0].fields;
  assert.is(fields.at(-1)!.name, '…');
  assert.match(fields.at(-1)!.value, /^\d+ more answers in Formstead$/);
  const shown = fields.length - 1;
  assert.is(Number(fields.at(-1)!.value.split(' ')[0]), 10 - shown);
  assert.ok(
    fields.slice(0, shown).some((f) => f.value.endsWith('…')),
    'the last one that fits is cut',
  );
  // At the edge: title 6 + five fields of 2 + 1024 + a last one of 2 + 862 make exactly 6000: kept whole.
  const edge = (last: number): [string, string][] => [...answers(5, 'w'.repeat(1024)), ['Q6', 'e'.repeat(last)]];
  const exact = discordMessage({ ...base, answers: edge(862) });
  assert.is(embedTotal(exact), DISCORD_LIMITS.total);
  assert.is(exact.embeds[0].fields[5].value, 'e'.repeat(862));
  // One past it: the last value is cut to fit, ending in "…".
  const past = discordMessage({ ...base, answers: edge(863) });
  assert.is(embedTotal(past), DISCORD_LIMITS.total);
  assert.is(past.embeds[0].fields[5].value, `${'e'.repeat(861)}…`);
  // No mention can ping: nothing is parsed.
  assert.equal(m.allowed_mentions, { parse: [] });
});

chat('Slack: one section per answer up to 48; 49 or more keep 47 and count the rest', () => {
  const fits = slackMessage({ ...base, answers: answers(48) });
  assert.is(fits.blocks.length, SLACK_LIMITS.blocks);
  const over = slackMessage({ ...base, answers: answers(60) });
  assert.is(over.blocks.length, SLACK_LIMITS.blocks);
  assert.equal(over.blocks.at(-2), {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: '13 more answers in Formstead' }],
  });
  const long = slackMessage({ ...base, answers: [['A', 'x'.repeat(5000)]] });
  const text = (long.blocks[1] as { text: { text: string } }).text.text;
  assert.is(chars(text), SLACK_LIMITS.sectionText);
  assert.ok(text.endsWith('…'));
  const none = slackMessage({ ...base, answers: [] });
  assert.equal(none.blocks[1], { type: 'section', text: { type: 'mrkdwn', text: '_No answers_' } });
});

chat.run();
