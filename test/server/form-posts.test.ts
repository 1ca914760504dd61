// Plain HTML form posts from other sites (Formspree-style, docs/api.md "HTML form posts") over the real
// bundle: inputs named like no field are left out; `_next` only back to the post's own site or a listed
// redirect origin; `_gotcha` keeps the post as spam; `_subject`/`_replyto` reach a real SMTP server;
// the thank-you page links back; JSON posts still refuse unknown keys. Also the `redirect_origins` setting.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NEXT_MAX, SUBJECT_MAX } from '../../server/core/form-post.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import type { RunningServer } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

let server: RunningServer;
let cookie: string;
let smtp: SmtpSink;
const SITE = 'https://www.example-site.com';

const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
/** Publishes with the owner's key, or keyless (an unclaimed form) with `key: null`. */
const publish = async (body: Record<string, unknown> = {}, key: string | null = OWNER_KEY) =>
  (await api('POST', '/v1/forms', { key: key ?? undefined, body: { definition: contactDefinition(), ...body } })).json
    .form_id as string;
const stored = async (id: string) =>
  (await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

/** A browser's plain form post: urlencoded, asking for HTML, from `origin` (no Origin header: undefined). */
async function browserPost(
  id: string,
  fields: Record<string, string> | [string, string][],
  o: { origin?: string; referer?: string; html?: boolean } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (o.html !== false) headers.accept = 'text/html,application/xhtml+xml';
  if (o.origin) headers.origin = o.origin;
  if (o.referer) headers.referer = o.referer;
  return fetch(`${server.url}/v1/f/${id}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
const answers = { name: 'Ada', email: 'ada@example.com' };
const thanks = (id: string) => `/f/${id}/thanks`;

const posts = suite('HTML form posts from other sites');
posts.before(async () => {
  smtp = await startSmtpSink();
  ({ server, cookie } = await startWithOwner({
    FORMSTEAD_OWNER_KEY: OWNER_KEY,
    FORMSTEAD_SMTP_URL: smtp.url,
    FORMSTEAD_MAIL_FROM: 'forms@example.com',
  }));
});
posts.after(async () => {
  await server.stop();
  await smtp.close();
});

posts('a named submit button and inputs named like no field are left out, not refused', async () => {
  const id = await publish();
  const fields: [string, string][] = [
    ['name', 'Ada'],
    ['email', 'ada@example.com'],
    ['send', '1'],
    ['utm_source', 'newsletter'],
    ['utm_source', 'twice'],
  ];
  const browser = await browserPost(id, fields, { origin: SITE });
  assert.is(browser.status, 303);
  const script = await browserPost(id, fields, { html: false });
  assert.is(script.status, 201);
  assert.equal((await script.json()).values, answers);
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  form.append('attachment', new Blob(['not for this form']), 'note.txt');
  const multipart = await fetch(`${server.url}/v1/f/${id}`, { method: 'POST', body: form });
  assert.is(multipart.status, 201, await multipart.clone().text());
  assert.equal((await multipart.json()).values, answers, 'a file input named like no field is left out too');
  assert.equal(
    (await stored(id)).map((s) => s.values),
    [answers, answers, answers],
  );
});

posts('a JSON post still refuses unknown keys, reserved names included', async () => {
  const id = await publish();
  for (const key of ['utm_source', '_next', '_gotcha']) {
    const r = await api('POST', `/v1/f/${id}`, { body: { values: answers, [key]: 'x' } });
    assert.is(r.status, 422, key);
    assert.equal(r.json.details, [`${key}: unknown field`]);
  }
  const inValues = await api('POST', `/v1/f/${id}`, { body: { values: { ...answers, send: '1' } } });
  assert.is(inValues.status, 422);
  assert.equal(inValues.json.details, ['values.send: unknown field']);
  assert.is((await stored(id)).length, 0);
});

posts('_next back to the site the post came from is followed (Origin, else Referer); https only', async () => {
  const id = await publish();
  const next = `${SITE}/thanks?from=form#top`;
  const fromOrigin = await browserPost(id, { ...answers, _next: next }, { origin: SITE });
  assert.is(fromOrigin.headers.get('location'), next);
  const fromReferer = await browserPost(id, { ...answers, _next: next }, { referer: `${SITE}/contact` });
  assert.is(fromReferer.headers.get('location'), next);
  // At the length limit it is followed; past it, ignored.
  const long = `${SITE}/${'a'.repeat(NEXT_MAX - SITE.length - 1)}`;
  assert.is(long.length, NEXT_MAX);
  assert.is((await browserPost(id, { ...answers, _next: long }, { origin: SITE })).headers.get('location'), long);
  const tooLong = await browserPost(id, { ...answers, _next: `${long}b` }, { origin: SITE });
  assert.match(tooLong.headers.get('location')!, new RegExp(`^${thanks(id)}\\?back=`));
  // A script without JavaScript's browser gets JSON: `_next` is for browsers only.
  assert.is((await browserPost(id, { ...answers, _next: next }, { origin: SITE, html: false })).status, 201);
});

posts("_next anywhere else is ignored: 303 to the form's own success page, never an open redirect", async () => {
  const id = await publish();
  const ignored: [string, string | undefined][] = [
    ['https://evil.example/phish', SITE],
    [`${SITE}/x`, undefined],
    [`${SITE}/x`, 'https://www.example-site.com.evil.example'],
    ['http://www.example-site.com/x', 'http://www.example-site.com'],
    ['/relative/path', SITE],
    ['//evil.example/x', SITE],
    ['javascript:alert(1)', SITE],
    ['https://user:pass@www.example-site.com/x', SITE],
    ['http://localhost:5000/x', SITE],
  ];
  for (const [next, origin] of ignored) {
    const r = await browserPost(id, { ...answers, _next: next }, { origin });
    assert.is(r.status, 303, next);
    const location = r.headers.get('location')!;
    assert.ok(location.startsWith(thanks(id)), `${next} from ${origin}: ${location}`);
  }
  const two = await browserPost(id, [...Object.entries(answers), ['_next', `${SITE}/a`], ['_next', `${SITE}/b`]], {
    origin: SITE,
  });
  assert.ok(two.headers.get('location')!.startsWith(thanks(id)), 'two _next values: neither');
  // With redirect_url set, an ignored _next goes there instead.
  const redirected = await publish({ redirect_url: 'https://owner.example/done' });
  const r = await browserPost(redirected, { ...answers, _next: 'https://evil.example/' }, { origin: SITE });
  assert.is(r.headers.get('location'), 'https://owner.example/done');
  assert.is((await stored(id)).length, ignored.length + 1, 'every post was stored');
});

posts('http _next only on loopback, and only back to the same loopback site', async () => {
  const id = await publish();
  const local = 'http://127.0.0.1:5173';
  const same = await browserPost(id, { ...answers, _next: `${local}/done` }, { origin: local });
  assert.is(same.headers.get('location'), `${local}/done`);
  const v6 = await browserPost(id, { ...answers, _next: 'http://[::1]:8080/' }, { origin: 'http://[::1]:8080' });
  assert.is(v6.headers.get('location'), 'http://[::1]:8080/');
  const otherPort = await browserPost(id, { ...answers, _next: 'http://127.0.0.1:9999/' }, { origin: local });
  assert.ok(otherPort.headers.get('location')!.startsWith(thanks(id)));
});

posts("_next on one of the form's redirect_origins is followed, and wins over redirect_url", async () => {
  const id = await publish({ redirect_url: 'https://owner.example/done' });
  const saved = await api('PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: { redirect_origins: ['https://Shop.Example.com:443/', 'https://blog.example.com:8443'] },
  });
  assert.is(saved.status, 200);
  assert.equal(saved.json.redirect_origins, ['https://shop.example.com', 'https://blog.example.com:8443']);
  const listed = await browserPost(id, { ...answers, _next: 'https://shop.example.com/thanks' }, { origin: SITE });
  assert.is(listed.headers.get('location'), 'https://shop.example.com/thanks');
  const port = await browserPost(id, { ...answers, _next: 'https://blog.example.com:8443/' }, { origin: SITE });
  assert.is(port.headers.get('location'), 'https://blog.example.com:8443/');
  const otherPort = await browserPost(id, { ...answers, _next: 'https://blog.example.com/' }, { origin: SITE });
  assert.is(otherPort.headers.get('location'), 'https://owner.example/done');
});

posts('an unclaimed form ignores _next, as it ignores redirect_url', async () => {
  const id = await publish({}, null);
  const r = await browserPost(id, { ...answers, _next: `${SITE}/thanks` }, { origin: SITE });
  assert.is(r.status, 303);
  assert.ok(r.headers.get('location')!.startsWith(thanks(id)));
});

posts('the thank-you page links back to the site the post came from; a forged link is not shown', async () => {
  const id = await publish();
  const r = await browserPost(id, answers, { origin: SITE, referer: `${SITE}/contact?x=1` });
  const location = r.headers.get('location')!;
  const page = await (await fetch(server.url + location)).text();
  assert.match(page, /<a href="https:\/\/www\.example-site\.com\/contact\?x=1">Back to www\.example-site\.com<\/a>/);
  const forged = location.replace('example-site', 'evil-site');
  assert.not.match(await (await fetch(server.url + forged)).text(), /Back to/);
  // From our own hosted page (same origin): no link back to ourselves.
  const own = await browserPost(id, answers, { origin: new URL(server.url).origin });
  assert.is(own.headers.get('location'), thanks(id));
});

posts('a filled _gotcha keeps the post as suspected spam: answered like a success, not counted', async () => {
  const id = await publish();
  const browser = await browserPost(id, { ...answers, _gotcha: 'http://spam.example' }, { origin: SITE });
  assert.is(browser.status, 303);
  assert.ok(browser.headers.get('location')!.startsWith(thanks(id)));
  const script = await browserPost(id, { ...answers, _gotcha: 'buy now' }, { html: false });
  assert.is(script.status, 201);
  assert.is((await stored(id)).length, 0, 'not among the answers');
  const empty = await browserPost(id, { ...answers, _gotcha: '' }, { origin: SITE });
  assert.is(empty.status, 303);
  assert.is((await stored(id)).length, 1, 'an empty _gotcha is what people send: a normal answer');
  const { client, close } = adminClient(server, cookie);
  try {
    const spam = await client.spam.list.query({ formId: id });
    assert.is(spam.total, 2, 'both kept in the Spam view');
  } finally {
    close();
  }
});

posts('_subject and _replyto reach the response mail of a claimed form; a bad _replyto is ignored', async () => {
  const id = await publish({ definition: contactDefinition({ title: 'Mail form' }) });
  await browserPost(id, { ...answers, _subject: 'Hello from the site', _replyto: 'ada@example.com' }, { origin: SITE });
  await smtp.waitFor((m) => m.some((x) => x.subject === 'Hello from the site'), 'the mail with its own subject');
  const mail = smtp.mails.find((x) => x.subject === 'Hello from the site')!;
  assert.match(mail.raw, /^Reply-To: ada@example\.com\r?$/m);
  assert.match(mail.text, /Name: Ada/);
  assert.not.match(mail.text, /_subject|_replyto/, 'the reserved fields are no answers');
  assert.equal((await stored(id))[0].values, answers);
});

posts('a _subject is one line cut at 200 characters; _replyto must be one valid address', async () => {
  // A form each, so each answer is the first of its minute and gets a mail of its own.
  const at = await publish({ definition: contactDefinition({ title: 'Subject at the edge' }) });
  const exact = 'x'.repeat(SUBJECT_MAX);
  await browserPost(at, { ...answers, _subject: exact, _replyto: 'a@example.com, b@example.com' });
  const past = await publish({ definition: contactDefinition({ title: 'Subject past the edge' }) });
  const cut = 'y'.repeat(SUBJECT_MAX);
  await browserPost(past, { ...answers, _subject: `  ${cut}z\r\nBcc: x@evil.example`, _replyto: 'not an address' });
  // A long subject is folded over lines by the mail client; the words are what count.
  const subject = (text: string) => smtp.mails.find((x) => x.subject.replace(/\s/g, '') === text);
  await smtp.waitFor(() => !!subject(exact) && !!subject(cut), 'both mails');
  assert.not.match(subject(exact)!.raw, /^Reply-To:/im, 'two addresses are not one Reply-To');
  assert.not.match(subject(cut)!.raw, /^Reply-To:/im, 'not an address: no Reply-To');
  assert.not.match(subject(cut)!.raw, /^Bcc:/im, 'a line break in _subject adds no header');
});

posts('redirect_origins: at most 10, each a site address; every problem named; nothing changes', async () => {
  const id = await publish();
  const ten = Array.from({ length: 10 }, (_, i) => `https://s${i}.example.com`);
  const ok = await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { redirect_origins: ten } });
  assert.is(ok.status, 200);
  assert.equal(ok.json.redirect_origins, ten);
  const eleven = await api('PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: { redirect_origins: [...ten, 'https://s10.example.com'] },
  });
  assert.is(eleven.status, 422);
  assert.equal(eleven.json.details, ['redirect_origins: must list at most 10 sites']);
  const bad = await api('PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: {
      redirect_origins: [
        'https://fine.example',
        'http://plain.example',
        'https://site.example/path',
        'not a url',
        42,
        'http://localhost:3000',
      ],
      success_message: 'changed',
    },
  });
  assert.is(bad.status, 422);
  assert.equal(bad.json.details, [
    'redirect_origins[1]: must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])',
    'redirect_origins[2]: must be the site alone, without a path: https://site.example',
    'redirect_origins[3]: must be a site address like https://example.com',
    'redirect_origins[4]: must be a site address like https://example.com',
  ]);
  const now = await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: {} });
  assert.equal(now.json.redirect_origins, ten, 'unchanged');
  assert.is(now.json.success_message, '', 'nothing of the refused patch was applied');
  const cleared = await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { redirect_origins: [] } });
  assert.equal(cleared.json.redirect_origins, []);
});

posts(
  "a matrix's row groups and a ranking's position selects reach the engine; other dotted names are left out",
  async () => {
    const id = await publish({
      definition: {
        id: 'survey',
        title: 'Survey',
        submit: { label: 'Send' },
        fields: [
          { key: 'name', type: 'text', label: 'Name' },
          {
            key: 'grid',
            type: 'matrix',
            label: 'Grid',
            matrix: {
              rows: [
                { value: 'food', label: 'Food' },
                { value: 'service', label: 'Service' },
              ],
              columns: [
                { value: 'bad', label: 'Bad' },
                { value: 'good', label: 'Good' },
              ],
            },
          },
          {
            key: 'drinks',
            type: 'ranking',
            label: 'Drinks',
            options: [
              { value: 'tea', label: 'Tea' },
              { value: 'coffee', label: 'Coffee' },
            ],
          },
        ],
      },
    });
    const r = await browserPost(
      id,
      [
        ['name', 'Ada'],
        ['name.extra', 'a site input'],
        ['grid.food', 'good'],
        ['grid.service', 'bad'],
        ['grid.other', 'good'],
        ['drinks.coffee', '1'],
        ['drinks.tea', '2'],
      ],
      { origin: SITE },
    );
    assert.is(r.status, 303);
    assert.equal((await stored(id))[0].values, {
      name: 'Ada',
      grid: { food: 'good', service: 'bad' },
      drinks: ['coffee', 'tea'],
    });
  },
);

posts.run();
