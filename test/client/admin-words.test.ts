// The panel's words for people: relative dates, answers with option labels, settings problems as
// sentences, and the reconnect backoff.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { relative } from '../../client/admin/common/format.ts';
import { type Delivery, redeliverable, testResultText } from '../../client/admin/form-detail/delivery-words.ts';
import { plainProblem } from '../../client/admin/form-detail/settings-problems.ts';
import { answerText } from '../../client/admin/submissions/answer.ts';
import { retryDelayMs } from '../../client/admin/connection.ts';
import { scheduleWords } from '../../client/admin/workspace/schedule-words.ts';

const words = suite('admin panel words');
const now = Date.parse('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

words('relative dates: just now, minutes, hours, yesterday, days, then the date', () => {
  const rows: [number, string][] = [
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 min ago'],
    [3 * 60_000, '3 min ago'],
    [59 * 60_000 + 59_999, '59 min ago'],
    [3600_000, '1 h ago'],
    [23 * 3600_000, '23 h ago'],
    [24 * 3600_000, 'yesterday'],
    [2 * 86_400_000, '2 days ago'],
    [6 * 86_400_000 + 1, '6 days ago'],
  ];
  for (const [age, text] of rows) assert.is(relative(ago(age), now), text, String(age));
  assert.not.match(relative(ago(7 * 86_400_000), now), /ago/, 'a week or older: the date');
});

words('answers: option labels, Yes/No, lists joined, files by name and size, unknown values as stored', () => {
  const plan = { key: 'plan', label: 'Plan', type: 'radio', options: { pro: 'Pro plan' } };
  assert.is(answerText(plan, 'pro'), 'Pro plan');
  assert.is(answerText(plan, 'gone'), 'gone', 'a value no version offers stays as stored');
  assert.is(answerText(plan, ['pro', 'gone']), 'Pro plan; gone');
  assert.is(answerText(undefined, true), 'Yes');
  assert.is(answerText(undefined, false), 'No');
  assert.is(answerText(undefined, null), '');
  assert.is(answerText(undefined, 42), '42');
  const file = {
    file_id: '0b8f5a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    name: 'cv.pdf',
    size: 2048,
    type: 'application/pdf',
    url: 'https://x/v1/files/0b8f',
  };
  assert.is(answerText(undefined, file), 'cv.pdf (2 KB)');
  assert.is(answerText(undefined, { ...file, name: 'big.zip', size: 3.5 * 1024 * 1024 }), 'big.zip (3.5 MB)');
  assert.is(
    answerText(undefined, { name: 'not a file' }),
    '{"name":"not a file"}',
    'only a stored file object reads as a file',
  );
  assert.is(answerText(undefined, { a: 1 }), '{"a":1}');
});

words('settings problems become sentences with their field; unknown ones keep their text', () => {
  assert.equal(plainProblem('redirect_url: must be an http or https URL'), {
    field: 'redirect_url',
    text: 'The redirect address must start with http:// or https://, for example https://example.com/thanks.',
  });
  assert.equal(plainProblem('success_message: must be at most 500 characters'), {
    field: 'success_message',
    text: 'The success message is too long: use at most 500 characters.',
  });
  assert.is(
    plainProblem('webhook_url: invalid url: must be an https:// URL on port 443 without credentials').field,
    'webhook_url',
  );
  assert.match(plainProblem('webhook_url: dns failed: the host name does not resolve').text, /could not be found/);
  assert.equal(plainProblem('status: something new'), { field: 'status', text: 'Status: something new.' });
  assert.equal(plainProblem('patch: unknown key'), { field: '', text: 'Unknown key.' });
  for (const line of [
    'redirect_url: must be an http or https URL',
    'webhook_url: address not allowed: x',
    'notify_email: conflicts with notify_mode',
  ]) {
    assert.not.match(plainProblem(line).text, /redirect_url|webhook_url|notify_email|notify_mode|deprecated/, line);
  }
});

words('reconnect backoff: at once, then 0.5 s doubling to 8 s', () => {
  assert.equal([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs), [0, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
});

words('job schedules in words: the shapes our jobs use; anything else as written', () => {
  const rows: [string, string][] = [
    ['* * * * *', 'Every minute'],
    ['*/10 * * * *', 'Every 10 minutes'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['17 * * * *', 'Every hour at :17'],
    ['5 * * * *', 'Every hour at :05'],
    ['47 3 * * *', 'Every day at 03:47 (server time)'],
    ['0 0 * * *', 'Every day at 00:00 (server time)'],
    // Not put into words: shown as written (still true, only less friendly).
    ['0 0 1 1 *', '0 0 1 1 *'],
    ['*/0 * * * *', '*/0 * * * *'],
    ['60 * * * *', '60 * * * *'],
    ['0 24 * * *', '0 24 * * *'],
    ['0 9 * * 1-5', '0 9 * * 1-5'],
    ['*/5 9 * * *', '*/5 9 * * *'],
    ['0 * * * * *', '0 * * * * *'],
  ];
  for (const [cron, text] of rows) assert.is(scheduleWords(cron), text, cron);
});

words('a test send says in words what went wrong: no "connection failed · status 0"', () => {
  assert.is(
    testResultText({ ok: true, status_code: 204, duration_ms: 31 }),
    'Delivered: the receiver answered 204 in 31 ms.',
  );
  const rows: [string, number, RegExp][] = [
    ['connection failed', 0, /^Not delivered\. Nothing answered at that address: the connection failed\./],
    ['timeout', 0, /did not answer within 10 seconds/],
    ['tls error', 0, /certificate/],
    ['dns failed', 0, /host name could not be found/],
    ['address not allowed', 0, /private or local network/],
    ['invalid url', 0, /must start with https:\/\//],
    ['http 404', 404, /answered 404: nothing is at that address/],
    ['http 401', 401, /answered 401: it refused the request/],
    ['http 429', 429, /try again later/],
    ['http 503', 503, /answered 503: it had a problem of its own/],
    ['http 302', 302, /redirects are not followed/],
  ];
  for (const [error, status_code, words] of rows) {
    const text = testResultText({ ok: false, status_code, duration_ms: 5, error });
    assert.match(text, words, error);
    assert.not.match(text, /status 0|connection failed ·/, error);
  }
});

words('delivery addresses: a refusal naming the development setting says so; Slack and Discord in their names', () => {
  const hint = ' (set FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 to allow http:// and local addresses while developing)';
  assert.equal(plainProblem(`webhook_url: invalid url: must start with https://${hint}`), {
    field: 'webhook_url',
    text:
      'The webhook address must start with https://. While developing, the server’s ' +
      'FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 setting allows http:// and local addresses.',
  });
  assert.match(
    plainProblem(`slack_webhook_url: address not allowed: the host must be a public address${hint}`).text,
    /^The Slack address must be on the public internet: .*FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1/,
  );
  assert.equal(plainProblem('discord_webhook_url: dns failed: the host name does not resolve'), {
    field: 'discord_webhook_url',
    text: 'The Discord address’s host name could not be found. Check its spelling.',
  });
  assert.not.match(plainProblem('webhook_url: address not allowed: x').text, /ALLOW_PRIVATE/);
});

words('Redeliver is offered on the newest line of an ended webhook delivery only', () => {
  const line = (over: Partial<Delivery>): Delivery => ({
    submission_id: 's1',
    channel: 'webhook',
    attempt: 1,
    status_code: 400,
    error: 'http 400',
    duration_ms: 1,
    created_at: '2026-11-26T00:00:00Z',
    ...over,
  });
  const log = [
    line({ submission_id: 's1', delivery_state: 'delivered', status_code: 200, error: undefined }),
    line({ submission_id: 's1', delivery_state: 'cancelled' }),
    line({ submission_id: 's2', delivery_state: 'failed', status_code: 503, error: 'http 503' }),
    line({ submission_id: 's3', delivery_state: 'pending', status_code: 503, error: 'http 503' }),
    line({ submission_id: 's4', channel: 'slack', delivery_state: 'cancelled' }),
    line({ submission_id: 's5' }),
  ];
  assert.equal([...redeliverable(log)], [log[2]]);
});

words.run();
