// The hosted page, its assets and the abuse reports over the real bundle (ARCHITECTURE.md "Forms,
// versions, claims": hosted page, unclaimed banner, Report link, moderation pause by 3 networks).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
/** Publishes with the owner key, or keyless (unclaimed) with `null`. */
const publish = async (body: Record<string, unknown> = {}, key: string | null = OWNER_KEY) =>
  (await api('POST', '/v1/forms', { key: key ?? undefined, body: { definition: contactDefinition(), ...body } })).json;
const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  rawBody: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
});
const attr = (html: string, name: string) => html.match(new RegExp(`${name}="([^"]*)"`))?.[1];
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const pages = suite('hosted page');
pages.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_TRUST_PROXY: '1' } });
});
pages.after(async () => {
  await server.stop();
});

pages(
  "GET /f/{id}: title in <title> and as the page's one h1 (outside the form), a no-JavaScript form with " +
    'honeypot and render token, strict CSP',
  async () => {
    const f = await publish();
    const r = await api('GET', `/f/${f.form_id}`);
    assert.is(r.status, 200);
    assert.match(r.headers.get('content-type')!, /text\/html/);
    assert.match(r.text, /<title>Contact us<\/title>/);
    // Spec 2.1 keeps the title out of the renderer; the hosted page, as the host, shows it as its h1.
    assert.match(
      r.text,
      /<header class="fs-page-header"><h1 class="fs-page-title">Contact us<\/h1><\/header><div id="formstead"/,
    );
    assert.is(r.text.match(/<h1/g)!.length, 1, 'one h1');
    const csp = r.headers.get('content-security-policy')!;
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.is(r.headers.get('x-frame-options'), 'DENY');
    assert.not.match(r.text, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    // One page of built-in questions: the light script (client/hosted/light/eligible.ts).
    assert.match(r.text, /<script type="module" src="\/assets\/light.js"><\/script>/);
    assert.match(r.text, new RegExp(`<form class="fs-form" method="post" action="/v1/f/${f.form_id}"`));
    assert.match(
      r.text,
      /<label>Leave this field empty <input name="_hp" type="text" tabindex="-1" autocomplete="off"\/?><\/label>/,
    );
    assert.match(r.text, /<div class="fs-hp" aria-hidden="true">/);
    assert.match(attr(r.text, 'name="_rt" value') ?? '', /^\d+\.[0-9a-f]{32}$/);
    assert.match(
      r.text,
      new RegExp(
        /<label class="fs-label" for="fsn-0">Name<span class="fs-req" aria-hidden="true"> \*<\/span><\/label>/.source +
          /<input class="fs-input" id="fsn-0" name="name"[^>]* required/.source,
      ),
    );
    assert.match(r.text, /<select class="fs-input fs-select" id="fsn-2" name="topic"/);
    assert.match(r.text, /href="\/f\/[^"]+\/report">Report abuse</);
    assert.not.match(r.text, /noindex/, 'claimed forms may be indexed');
    const view = JSON.parse(unescapeHtml(attr(r.text, 'data-view')!));
    // The definition in the page's language (the server chose it; the script carries no translating code).
    assert.equal(view.definition, { ...contactDefinition(), lang: 'en' });
    assert.is(view.words, undefined, 'English: the script has those words');
    assert.is(attr(r.text, 'data-form-id'), f.form_id);
    assert.match(attr(r.text, 'data-render-token')!, /^\d+\.[0-9a-f]{32}$/);
  },
);

pages(
  'the description shows under the title; the theme sets only validated properties and the mode class',
  async () => {
    const f = await publish({
      definition: contactDefinition({ title: 'Signup', description: 'Two minutes.\nNo account needed. <b>bold?</b>' }),
    });
    let r = await api('GET', `/f/${f.form_id}`);
    assert.match(
      r.text,
      new RegExp(
        /<h1 class="fs-page-title">Signup<\/h1>/.source +
          // The Markdown subset: the line break kept, the HTML shown as text.
          /<div class="fs-page-description"><p>Two minutes.<br\/>No account needed. &lt;b>bold\?&lt;\/b><\/p><\/div>/
            .source,
      ),
    );
    assert.match(r.text, /<html lang="en"><head>/, 'no theme: no class, no style');
    assert.not.match(r.text, /<style>/);
    const patched = await api('PATCH', `/v1/forms/${f.form_id}`, {
      key: OWNER_KEY,
      body: { theme: { accent: '#FFD400', radius: 0, font: 'serif', mode: 'dark' } },
    });
    assert.is(patched.status, 200, patched.text);
    r = await api('GET', `/f/${f.form_id}`);
    assert.match(r.text, /<html lang="en" class="fs-dark">/);
    assert.match(
      r.text,
      new RegExp(
        /<style>:root\{--fs-accent:#ffd400;--fs-accent-fg:#000;--fs-radius:0px;/.source +
          /--fs-font:Georgia, Cambria, 'Times New Roman', serif\}<\/style>/.source,
      ),
    );
    const thanks = await api('GET', `/f/${f.form_id}/thanks`);
    assert.match(thanks.text, /class="fs-dark"/);
    assert.match(thanks.text, /<h1 class="fs-page-title">Signup<\/h1>/);
    assert.match(thanks.text, /<svg class="fs-success-icon"[^>]*aria-hidden="true"/);
    assert.match(
      thanks.text,
      new RegExp(
        /<h2 class="fs-success-title">Thank you!<\/h2>/.source +
          /<p class="fs-success-message"[^>]*>Your response was sent.<\/p><\/div>/.source,
      ),
    );
    const view = (await api('GET', `/v1/f/${f.form_id}/definition`)).json;
    assert.equal(
      view.theme,
      { accent: '#FFD400', radius: 0, font: 'serif', mode: 'dark' },
      'the inline embed reads it here',
    );
    assert.is(view.definition.description, 'Two minutes.\nNo account needed. <b>bold?</b>');
  },
);

pages(
  'the light script for built-in questions (steps and conditions too), hosted.js for a form that needs the renderer',
  async () => {
    const base = contactDefinition();
    const text = (key: string, extra: Record<string, unknown> = {}) => ({ key, type: 'text', label: key, ...extra });
    const opts = [
      { value: 'x', label: 'X' },
      { value: 'y', label: 'Y' },
    ];
    const cases: [string, Record<string, unknown>, 'light' | 'hosted'][] = [
      ['the contact form', {}, 'light'],
      [
        'every built-in light type',
        { fields: [...base.fields, { key: 'ok', type: 'checkbox', label: 'OK' }] },
        'light',
      ],
      ['a Cancel button', { cancel: { label: 'Cancel' } }, 'hosted'],
      // Steps with a route, Skip and a condition, and show conditions: light/steps.ts on the light page.
      [
        'steps with a route, a Skip and a condition',
        {
          fields: undefined,
          steps: [
            { id: 'a', title: 'A', fields: [text('a')], routes: [{ to: 'c', show: [{ field: 'a', eq: 'x' }] }] },
            { id: 'b', title: 'B', fields: [text('b', { show: [{ field: 'a', eq: 'y' }] })], skip: { label: 'Skip' } },
            { id: 'c', title: 'C', fields: [text('c')] },
          ],
        },
        'light',
      ],
      ['a condition', { fields: [text('a'), text('b', { show: [{ field: 'a', eq: 'x' }] })] }, 'light'],
      [
        'a Send with conditions',
        { fields: [text('a')], submit: { label: 'Send', disabled: [{ field: 'a', eq: 'x' }] } },
        'hosted',
      ],
      ['one question per screen', { layout: 'one_per_screen' }, 'hosted'],
      ['a piped label', { fields: [text('a'), text('b', { label: 'Hi {{a}}' })] }, 'hosted'],
      // Survey types the server draws as they are live: the light page; a ranking and a signature too, as
      // islands (the renderer's component mounted in the server's field box, client/hosted/light/islands.ts).
      ['a rating', { fields: [text('a'), { key: 'r', type: 'rating', label: 'R', scale: { max: 5 } }] }, 'light'],
      ['a ranking', { fields: [text('a'), { key: 'r', type: 'ranking', label: 'R', options: opts }] }, 'light'],
      ['a signature', { fields: [text('a'), { key: 's', type: 'signature', label: 'S' }] }, 'light'],
      [
        'a ranking shown by a condition',
        {
          fields: [
            text('a'),
            { key: 'r', type: 'ranking', label: 'R', options: opts, show: [{ field: 'a', eq: 'x' }] },
          ],
        },
        'hosted',
      ],
      [
        'a ranking beside a field shown by a condition',
        {
          fields: [
            text('a'),
            text('b', { show: [{ field: 'a', eq: 'x' }] }),
            { key: 'r', type: 'ranking', label: 'R', options: opts },
          ],
        },
        'hosted',
      ],
      [
        'a signature on the second of two steps',
        {
          fields: undefined,
          steps: [
            { id: 'a', title: 'A', fields: [text('a')] },
            { id: 'b', title: 'B', fields: [{ key: 's', type: 'signature', label: 'S' }] },
          ],
        },
        'hosted',
      ],
      ['a file', { fields: [text('a'), { key: 'f', type: 'file', label: 'F' }] }, 'hosted'],
    ];
    for (const [name, overrides, script] of cases) {
      const r = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: { ...base, ...overrides } } });
      assert.is(r.status, 201, `${name}: ${r.text}`);
      const page = await api('GET', `/f/${r.json.form_id}`);
      assert.match(page.text, new RegExp(`<script type="module" src="/assets/${script}\\.js">`), name);
      // The light page's thanks is the renderer's markup in an inert template; the renderer draws its own.
      assert.is(
        page.text.includes('<template class="fs-thanks"><div class="fs-success" role="status">'),
        script === 'light',
        name,
      );
    }
    // A translated form, one that keeps partial answers, Markdown in the thanks: the renderer's page.
    const settings: [string, Record<string, unknown>][] = [
      ['keep_partial', { keep_partial: true }],
      ['a thanks with a link', { success_message: 'See [our site](https://example.com).' }],
    ];
    for (const [name, patch] of settings) {
      const { form_id } = await publish();
      const set = await api('PATCH', `/v1/forms/${form_id}`, { key: OWNER_KEY, body: patch });
      assert.is(set.status, 200, `${name}: ${set.text}`);
      assert.match((await api('GET', `/f/${form_id}`)).text, /src="\/assets\/hosted\.js"/, name);
    }
  },
);

pages('definition text is escaped everywhere it appears', async () => {
  const nasty = '"><script>alert(1)</script>';
  const f = await publish({
    definition: {
      id: 'x',
      title: `T ${nasty}`,
      submit: { label: nasty },
      fields: [
        {
          key: 'a',
          type: 'select',
          label: nasty,
          helperText: nasty,
          placeholder: nasty,
          options: [{ value: nasty, label: nasty }],
          defaultValue: nasty,
        },
      ],
    },
  });
  const r = await api('GET', `/f/${f.form_id}`);
  assert.is(r.status, 200);
  assert.not.match(r.text, /<script>alert/);
  assert.match(r.text, /&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  // The form is the renderer's markup rendered to a string: label, helper text, placeholder, option
  // label and value, and the submit label each come out as text (`<` escaped; `"` too in attributes).
  const formHtml = r.text.slice(r.text.indexOf('<form'), r.text.indexOf('</form>'));
  assert.is(formHtml.split('&lt;script>alert(1)&lt;/script>').length - 1, 6);
  assert.match(formHtml, /<option value="&quot;>&lt;script>alert\(1\)&lt;\/script>" selected>/);
});

pages('?embed=1 may be framed by any site and drops the page chrome', async () => {
  const f = await publish();
  const r = await api('GET', `/f/${f.form_id}?embed=1`);
  assert.match(r.headers.get('content-security-policy')!, /frame-ancestors \*/);
  assert.is(r.headers.get('x-frame-options'), null);
  assert.match(r.text, /<body class="fs-page fs-embed">/);
  assert.match(r.text, /target="_blank" rel="noopener">Report abuse/);
});

pages('unclaimed forms: "Unverified form" banner, noindex, report link', async () => {
  const f = await publish({}, null);
  const r = await api('GET', `/f/${f.form_id}`);
  assert.match(r.text, /<meta name="robots" content="noindex">/);
  assert.match(r.text, /Unverified form/);
  assert.match(r.text, new RegExp(`href="/f/${f.form_id}/report"`));
});

pages('a paused form shows a notice instead of the form; an unknown form is a 404 page', async () => {
  const f = await publish();
  await api('PATCH', `/v1/forms/${f.form_id}`, { key: OWNER_KEY, body: { status: 'paused' } });
  const r = await api('GET', `/f/${f.form_id}`);
  assert.is(r.status, 200);
  assert.match(r.text, /class="fs-notice" role="status">This form is paused/);
  assert.not.match(r.text, /<form/);
  const missing = await api('GET', '/f/nosuchform1');
  assert.is(missing.status, 404);
  assert.match(missing.headers.get('content-type')!, /text\/html/);
  assert.match(missing.text, /Form not found/);
});

pages('a multi-step form degrades to one page: every step in order, Skip as a checkbox', async () => {
  const f = await publish({
    definition: {
      id: 'm',
      title: 'Multi',
      submit: { label: 'Send' },
      steps: [
        {
          id: 'a',
          title: 'First step',
          fields: [{ key: 'x', type: 'text', label: 'X', validation: { required: true } }],
          skip: { label: 'Skip the first' },
        },
        {
          id: 'b',
          title: 'Second step',
          show: [{ field: 'x', eq: 'yes' }],
          fields: [{ key: 'y', type: 'checkbox', label: 'Y', validation: { required: true } }],
        },
      ],
    },
  });
  const r = await api('GET', `/f/${f.form_id}`);
  const first = r.text.indexOf('First step');
  assert.ok(first > 0 && r.text.indexOf('Second step') > first);
  assert.match(
    r.text,
    /<input type="checkbox" id="[\w-]+" name="_skippedSteps" value="a"\/?><span>Skip the first<\/span>/,
  );
  assert.match(r.text, /name="x"[^>]* required/, 'the first step is always asked');
  assert.not.match(r.text, /name="y"[^>]* required/, 'a conditional step is not required by the browser');
  assert.match(r.text, /Only if it applies to your answers above/);
});

pages('a post without JavaScript is stored and sent on to the thanks page, which shares the styles', async () => {
  const f = await publish({ success_message: 'Merci!', allow_another_response: true });
  const page = await api('GET', `/f/${f.form_id}`);
  const token = attr(page.text, 'name="_rt" value')!;
  await new Promise((r) => setTimeout(r, 2100)); // the render token must be older than 2 s
  const r = await api(
    'POST',
    `/v1/f/${f.form_id}`,
    form({ _hp: '', _rt: token, name: 'Ada', email: 'ada@example.com', topic: 'sales', message: 'Hi' }),
  );
  assert.is(r.status, 303, r.text);
  assert.is(r.headers.get('location'), `/f/${f.form_id}/thanks`);
  const list = await api('GET', `/v1/forms/${f.form_id}/submissions`, { key: OWNER_KEY });
  assert.equal(list.json.submissions[0].values, {
    name: 'Ada',
    email: 'ada@example.com',
    topic: 'sales',
    message: 'Hi',
  });
  const thanks = await api('GET', `/f/${f.form_id}/thanks`);
  assert.match(thanks.text, /<link rel="stylesheet" href="\/assets\/form.css">/);
  assert.match(thanks.text, /Merci!/);
  assert.match(thanks.text, new RegExp(`<a href="/f/${f.form_id}"[^>]*>Submit another response</a>`));
  const invalid = await api('POST', `/v1/f/${f.form_id}`, form({ _hp: '', _rt: token, name: '', email: 'x' }));
  assert.is(invalid.status, 422);
  assert.match(invalid.text, /Please check your answers/);
  assert.match(invalid.text, /Email: Enter a valid email address/, 'problems are named by the field label');
  assert.match(
    invalid.headers.get('content-security-policy')!,
    /frame-ancestors \*/,
    'the problem page shows inside the embed too',
  );
  // A German browser on a form with German texts: the page's heading in German (issue 33).
  const de = await publish({
    definition: contactDefinition({ translations: { de: { 'fields.name.label': 'Ihr Name' } } }),
  });
  const deToken = attr((await api('GET', `/f/${de.form_id}`)).text, 'name="_rt" value')!;
  const german = await api(
    'POST',
    `/v1/f/${de.form_id}`,
    form({ _hp: '', _rt: deToken, name: '', email: 'x' }, { 'accept-language': 'de-DE,de;q=0.9' }),
  );
  assert.is(german.status, 422);
  assert.match(german.text, /<html lang="de"/);
  assert.match(german.text, /<h1 class="fs-step-title">Bitte prüfen Sie Ihre Antworten.<\/h1>/);
});

pages.run();

const assets = suite('assets');
assets.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
assets.after(async () => {
  await server.stop();
});

assets('the client bundles are served with their type, open CORS and an ETag', async () => {
  const rows: [string, RegExp][] = [
    ['/assets/renderer.js', /text\/javascript/],
    ['/assets/hosted.js', /text\/javascript/],
    ['/assets/light.js', /text\/javascript/],
    ['/assets/form.css', /text\/css/],
    ['/embed.js', /text\/javascript/],
  ];
  for (const [path, type] of rows) {
    const r = await api('GET', path);
    assert.is(r.status, 200, path);
    assert.match(r.headers.get('content-type')!, type, path);
    assert.is(r.headers.get('access-control-allow-origin'), '*', path);
    assert.match(r.headers.get('cache-control')!, /max-age=300/);
    const etag = r.headers.get('etag')!;
    assert.match(etag, /^"[\w-]{22}"$/);
    const again = await api('GET', path, { headers: { 'if-none-match': etag } });
    assert.is(again.status, 304, path);
  }
  assert.match((await api('GET', '/assets/renderer.js')).text, /export\{/, 'the renderer is an ES module');
  assert.is((await api('GET', '/assets/nope.js')).status, 404);
});

assets('the admin panel is split: its chunks are served beside it, content-named and kept for a year', async () => {
  const admin = await api('GET', '/assets/admin.js');
  assert.is(admin.status, 200);
  assert.match(admin.headers.get('cache-control')!, /max-age=300$/, 'the entry is revalidated');
  // Chunks the entry imports at once and the builder it imports when opened, as relative URLs.
  const chunks = [...new Set([...admin.text.matchAll(/["']\.\/([\w-]+-[A-Z0-9]{8}\.js)["']/g)].map((m) => m[1]))];
  assert.ok(chunks.length >= 2, `the entry names its chunks: ${chunks.join(', ')}`);
  assert.ok(
    chunks.some((c) => c.startsWith('builder-page-')),
    `the builder is a chunk of its own: ${chunks.join(', ')}`,
  );
  for (const chunk of chunks) {
    const r = await api('GET', `/assets/${chunk}`);
    assert.is(r.status, 200, chunk);
    assert.match(r.headers.get('content-type')!, /text\/javascript/, chunk);
    assert.is(r.headers.get('cache-control'), 'public, max-age=31536000, immutable', chunk);
    const again = await api('GET', `/assets/${chunk}`, { headers: { 'if-none-match': r.headers.get('etag')! } });
    assert.is(again.status, 304, chunk);
    assert.is(again.headers.get('cache-control'), 'public, max-age=31536000, immutable', chunk);
  }
  assert.is((await api('GET', '/assets/builder-page-AAAAAAAA.js')).status, 404, 'an unknown chunk name');
  const css = await api('GET', '/assets/builder.css');
  assert.match(css.headers.get('content-type')!, /text\/css/);
});

assets.run();

const reports = suite('abuse reports');
reports.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_TRUST_PROXY: '1' } });
});
reports.after(async () => {
  await server.stop();
});

/** Opens the report page from `ip` and posts the report from `postIp` (the same by default). */
async function report(formId: string, ip: string, postIp = ip) {
  const page = await api('GET', `/f/${formId}/report`, { headers: { 'x-forwarded-for': ip } });
  assert.is(page.status, 200);
  assert.match(page.text, /noindex/);
  assert.match(
    page.headers.get('content-security-policy')!,
    /frame-ancestors 'none'/,
    'the report page cannot be framed',
  );
  const token = attr(page.text, 'name="token" value')!;
  return api('POST', `/f/${formId}/report`, form({ token }, { 'x-forwarded-for': postIp }));
}

reports('reports from 3 distinct networks within 24 h pause an unclaimed form; one network counts once', async () => {
  const f = await publish({}, null);
  assert.is((await report(f.form_id, '198.51.100.7')).status, 200);
  assert.is((await report(f.form_id, '198.51.100.200')).status, 200, 'same /24');
  assert.is((await report(f.form_id, '2001:db8:1::1')).status, 200);
  assert.is((await report(f.form_id, '2001:db8:1:ffff::2')).status, 200, 'same /48');
  const before = await api('POST', `/v1/f/${f.form_id}`, { body: { values: { name: 'A', email: 'a@example.com' } } });
  assert.is(before.status, 201, 'two networks so far: still open');
  const third = await report(f.form_id, '203.0.113.9');
  assert.is(third.status, 200);
  assert.match(third.text, /Your report was received/);
  const after = await api('POST', `/v1/f/${f.form_id}`, { body: { values: { name: 'A', email: 'a@example.com' } } });
  assert.is(after.status, 409);
  assert.is(after.json.error, 'paused');
  assert.match((await api('GET', `/f/${f.form_id}`)).text, /This form is paused/);
});

reports('claimed forms keep their reports for review but are not paused by them', async () => {
  const f = await publish();
  for (const ip of ['192.0.2.1', '198.51.100.1', '203.0.113.1', '100.64.0.1'])
    assert.is((await report(f.form_id, ip)).status, 200);
  const r = await api('POST', `/v1/f/${f.form_id}`, { body: { values: { name: 'A', email: 'a@example.com' } } });
  assert.is(r.status, 201);
});

reports('a report needs a fresh token from the same network', async () => {
  const f = await publish({}, null);
  assert.is((await report(f.form_id, '192.0.2.10', '198.51.100.10')).status, 400, 'token from another network');
  const bad = await api(
    'POST',
    `/f/${f.form_id}/report`,
    form({ token: '1.00000000000000000000000000000000' }, { 'x-forwarded-for': '192.0.2.10' }),
  );
  assert.is(bad.status, 400);
  assert.match(bad.text, /Report not sent/);
  assert.is((await api('GET', '/f/nosuchform1/report')).status, 404);
});

reports.run();
