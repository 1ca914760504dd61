// Wave 3 "Languages" in Chromium over the real bundle: ?lang=de shows German labels and German engine
// messages with <html lang="de">; the switch changes language keeping typed answers; Accept-Language
// gives the first paint and the live form in French (the server chooses for both); the inline embed
// speaks data-lang, else the browser's language, renderer words included.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
/** A site on another loopback origin that embeds the form inline; its page is the query's `page`. */
let host: http.Server;
let hostUrl: string;
const hostPages = new Map<string, string>();

const contact = {
  id: 'contact',
  title: 'Contact',
  lang: 'en',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name', validation: { required: true } },
    { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
  ],
  translations: {
    de: { title: 'Kontakt', 'fields.name.label': 'Ihr Name', 'fields.email.label': 'E-Mail', 'submit.label': 'Senden' },
    fr: { title: 'Contact (fr)', 'fields.name.label': 'Votre nom', 'submit.label': 'Envoyer' },
  },
};

const publish = async (definition: unknown) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id as string;

const langs = suite('languages (browser)');
langs.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  host = http.createServer((req, res) => {
    // No favicon either (204): a 404 would show as a console error in the page under test.
    const page = hostPages.get(req.url ?? '');
    res.writeHead(page ? 200 : 204, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
langs.after(async () => {
  host?.close();
  await browser?.close();
  await server.stop();
});

langs('?lang=de: German labels, German messages after a failed submit, <html lang="de">', async () => {
  const id = await publish(contact);
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}?lang=de`);
  await page.waitForSelector('.fs-renderer-host');
  assert.is(await page.locator('html').getAttribute('lang'), 'de');
  assert.is(await page.locator('.fs-page-title').textContent(), 'Kontakt');
  assert.is(await page.locator('.fs-footer a').textContent(), 'Missbrauch melden', 'the page around the form too');
  await page.getByLabel('E-Mail').fill('nope');
  await page.getByRole('button', { name: 'Senden' }).click();
  await page.waitForSelector('.fs-error');
  assert.equal(await page.locator('.fs-error').allTextContents(), [
    'Dieses Feld ist erforderlich',
    'Geben Sie eine gültige E-Mail-Adresse ein',
  ]);
  assert.equal(errors, []);
  await closePage(page);
});

langs('the switch changes language without losing typed answers', async () => {
  const id = await publish(contact);
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}?lang=de`);
  await page.waitForSelector('.fs-renderer-host');
  await page.getByLabel('Ihr Name').fill('Ada');
  await page.getByLabel('Sprache').selectOption('fr');
  await page.getByLabel('Votre nom').waitFor();
  assert.is(await page.getByLabel('Votre nom').inputValue(), 'Ada');
  assert.is(await page.locator('html').getAttribute('lang'), 'fr');
  assert.is(await page.locator('.fs-page-title').textContent(), 'Contact (fr)');
  assert.ok(page.url().includes('lang=fr'));
  // French has no label for email: the default text shows; the engine's message is French.
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await page.waitForSelector('.fs-error');
  assert.equal(await page.locator('.fs-error').allTextContents(), ['Ce champ est obligatoire']);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await page.waitForSelector('.fs-success-title');
  assert.is(await page.locator('.fs-success-title').textContent(), 'Merci !');
  assert.equal(errors, []);
  await closePage(page);
});

langs('Accept-Language: fr gives a French first paint and a French live form; no translations, no switch', async () => {
  const id = await publish(contact);
  const res = await fetch(`${server.url}/f/${id}`, { headers: { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' } });
  const first = await res.text();
  assert.ok(first.includes('<html lang="fr"'), 'the first paint is French');
  assert.ok(first.includes('Votre nom') && first.includes('Envoyer'));
  assert.is(res.headers.get('vary')?.toLowerCase().includes('accept-language'), true);
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${id}`);
  await page.waitForSelector('.fs-renderer-host');
  assert.is(await page.locator('html').getAttribute('lang'), 'fr');
  assert.ok(await page.getByLabel('Votre nom').isVisible());
  await context.close();

  const plain = await publish({ ...contact, translations: undefined, lang: 'es' });
  const es = await browser.newPage();
  await es.goto(`${server.url}/f/${plain}`);
  await es.waitForSelector('.fs-renderer-host');
  assert.is(await es.locator('html').getAttribute('lang'), 'es');
  assert.is(await es.locator('#fs-language').count(), 0, 'one language: no switch');
  await es.getByRole('button', { name: 'Send' }).click();
  await es.waitForSelector('.fs-error');
  assert.is(await es.locator('.fs-error').first().textContent(), 'Este campo es obligatorio');
  await closePage(es);
});

/** A host page embedding form `id` inline with the given extra attributes. */
function inlinePage(path: string, id: string, attributes: string) {
  hostPages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><main>` +
      `<script src="${server.url}/embed.js" data-form="${id}" data-mode="inline" ${attributes}></script>` +
      '</main></body></html>',
  );
  return `${hostUrl}${path}`;
}

langs('the inline embed: data-lang="de" in German, words and messages too; no data-lang: the browser’s', async () => {
  const id = await publish(contact);
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(inlinePage('/de.html', id, 'data-lang="de"'));
  await page.getByLabel('Ihr Name').waitFor();
  await page.getByRole('button', { name: 'Senden' }).click();
  await page.locator('.fs-error').first().waitFor();
  assert.equal(await page.locator('.fs-error').allTextContents(), [
    'Dieses Feld ist erforderlich',
    'Dieses Feld ist erforderlich',
  ]);
  assert.equal(errors, []);
  await closePage(page);

  const context = await browser.newContext({ locale: 'fr-FR' });
  const fr = await context.newPage();
  await fr.goto(inlinePage('/browser.html', id, ''));
  await fr.getByLabel('Votre nom').waitFor();
  await fr.getByRole('button', { name: 'Envoyer' }).click();
  await fr.locator('.fs-error').first().waitFor();
  assert.is(await fr.locator('.fs-error').first().textContent(), 'Ce champ est obligatoire');
  await context.close();
});

langs.run();
