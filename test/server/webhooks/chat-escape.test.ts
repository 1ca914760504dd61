// Respondents' text in Slack and Discord messages arrives as literal text: no disguised link, no mention,
// no formatting of their choosing (docs/webhooks.md "Slack and Discord").
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  discordEscape,
  discordMessage,
  slackEscape,
  slackMessage,
} from '../../../server/core/webhooks/chat-message.ts';

const escaping = suite('webhooks: chat escaping');
const base = { formTitle: 'Survey', link: 'https://forms.example/admin/x', createdAt: '2026-11-26T10:00:00.000Z' };
const ZWSP = '\u200b';

/** What Discord shows for escaped Markdown: a backslash before a non-alphanumeric character is dropped. */
const discordShows = (text: string) => text.replace(/\\([^0-9A-Za-z\s])/g, '$1');

const discordCases: [input: string, sent: string][] = [
  ['[bank](https://evil.example)', '\\[bank\\]\\(https://evil.example\\)'],
  ['<https://evil.example|bank>', '\\<https://evil.example\\|bank\\>'],
  ['@everyone look', `@${ZWSP}everyone look`],
  ['hi @here', `hi @${ZWSP}here`],
  ['<@123456789> <@&42> <#7>', '\\<@123456789\\> \\<@&42\\> \\<\\#7\\>'],
  [
    '**bold** _it_ ~~gone~~ `code` ||spoiler||',
    '\\*\\*bold\\*\\* \\_it\\_ \\~\\~gone\\~\\~ \\`code\\` \\|\\|spoiler\\|\\|',
  ],
  ['# Heading\n> quote\n- item', '\\# Heading\n\\> quote\n\\- item'],
  ['back\\slash', 'back\\\\slash'],
  ['plain words, 3.5 stars!', 'plain words, 3.5 stars!'],
];

escaping(
  'Discord: each Markdown character escaped, mentions of everyone disarmed; what shows is what was typed',
  () => {
    for (const [input, sent] of discordCases) {
      assert.is(discordEscape(input), sent, input);
      assert.is(discordShows(sent).replaceAll(ZWSP, ''), input, `${input} shows as typed`);
    }
    // In the message: the answer's field value carries the escaped text; labels are the owner's words.
    const m = discordMessage({ ...base, answers: [['Pay to', '[bank](https://evil.example)']] });
    assert.equal(m.embeds[0].fields, [{ name: 'Pay to', value: '\\[bank\\]\\(https://evil.example\\)' }]);
    assert.equal(m.allowed_mentions, { parse: [] });
  },
);

const slackCases: [input: string, sent: string][] = [
  ['<https://evil.example|bank>', '&lt;https://evil.example|bank&gt;'],
  ['<@U123> <!channel> <!here> <#C1>', '&lt;@U123&gt; &lt;!channel&gt; &lt;!here&gt; &lt;#C1&gt;'],
  // Slack has no [text](url) links: this already shows as typed.
  ['[bank](https://evil.example)', '[bank](https://evil.example)'],
  ['Tom & Jerry', 'Tom &amp; Jerry'],
  ['&lt;already&gt;', '&amp;lt;already&amp;gt;'],
];

escaping('Slack: &, < and > escaped, so no <url|text> link, user, channel or @channel mention can form', () => {
  for (const [input, sent] of slackCases) assert.is(slackEscape(input), sent, input);
  const m = slackMessage({ ...base, answers: [['Pay to', '<https://evil.example|bank> <!channel>']] });
  assert.equal(m.blocks[1], {
    type: 'section',
    text: { type: 'mrkdwn', text: '*Pay to*\n&lt;https://evil.example|bank&gt; &lt;!channel&gt;' },
  });
  // The only link in the message is Formstead's own.
  assert.equal(JSON.stringify(m).match(/<http[^>]*>/g), ['<https://forms.example/admin/x|Open the response>']);
});

escaping.run();
