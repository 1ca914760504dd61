// GET /v1/f/{id}/definition?lang= (ARCHITECTURE.md Wave 3 "Languages"): the definition translated, the
// language shown and the languages offered; a language the form lacks falls back to its own, no error.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
let id: string;

const contact = {
  id: 'contact',
  title: 'Contact',
  lang: 'en',
  submit: { label: 'Send' },
  fields: [{ key: 'name', type: 'text', label: 'Name' }],
  translations: { de: { title: 'Kontakt', 'fields.name.label': 'Ihr Name' }, fr: { 'fields.name.label': 'Votre nom' } },
};

const t = suite('public definition ?lang=');
t.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  id = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contact } })).json.form_id;
});
t.after(async () => {
  await server.stop();
});

t('?lang=de: German texts, lang "de", the languages offered', async () => {
  const r = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=de`);
  assert.is(r.status, 200);
  assert.is(r.json.lang, 'de');
  assert.equal(r.json.languages, ['en', 'de', 'fr']);
  assert.is(r.json.definition.title, 'Kontakt');
  assert.is(r.json.definition.fields[0].label, 'Ihr Name');
  assert.is(r.json.definition.submit.label, 'Send', 'an untranslated text keeps the default');
});

t('?lang=de-AT matches German', async () => {
  const r = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=de-AT`);
  assert.is(r.json.lang, 'de');
  assert.is(r.json.definition.fields[0].label, 'Ihr Name');
});

t('an unknown language falls back to the form’s own, no error', async () => {
  for (const lang of ['ja', 'not a tag']) {
    const r = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=${encodeURIComponent(lang)}`);
    assert.is(r.status, 200);
    assert.is(r.json.lang, 'en');
    assert.is(r.json.definition.fields[0].label, 'Name');
    assert.equal(r.json.languages, ['en', 'de', 'fr']);
  }
});

t('words: the renderer’s catalogue rides along in German, not in English', async () => {
  const de = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=de`);
  assert.is(de.json.words.lang, 'de');
  assert.is(de.json.words.messages.required, 'Dieses Feld ist erforderlich');
  assert.is(de.json.words.messages.next, 'Weiter');
  const en = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=en`);
  assert.is(en.json.words, undefined, 'the script carries English itself');
  const plain = await call(server.url, 'GET', `/v1/f/${id}/definition`);
  assert.is(plain.json.words, undefined);
});

t(
  '?lang= with several tags, best first (as the inline embed sends the browser’s): the first offered wins',
  async () => {
    const r = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=${encodeURIComponent('ja,fr-CH,de')}`);
    assert.is(r.json.lang, 'fr');
    assert.is(r.json.definition.fields[0].label, 'Votre nom');
    assert.is(r.json.words.lang, 'fr');
    const none = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=${encodeURIComponent('ja,ko')}`);
    assert.is(none.json.lang, 'en', 'none offered: the form’s own');
  },
);

t('?lang= reads at most 10 tags: an offered 10th counts, an offered 11th does not', async () => {
  const unknown = ['ja', 'ko', 'zh', 'pt', 'it', 'nl', 'sv', 'pl', 'cs'];
  const tenth = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=${[...unknown, 'fr'].join(',')}`);
  assert.is(tenth.json.lang, 'fr');
  const eleventh = await call(server.url, 'GET', `/v1/f/${id}/definition?lang=${[...unknown, 'da', 'fr'].join(',')}`);
  assert.is(eleventh.status, 200);
  assert.is(eleventh.json.lang, 'en', 'past the tenth tag: the form’s own language, no error');
});

t('without ?lang=: as before (translations included, no lang) plus languages', async () => {
  const r = await call(server.url, 'GET', `/v1/f/${id}/definition`);
  assert.is(r.json.lang, undefined);
  assert.equal(r.json.languages, ['en', 'de', 'fr']);
  assert.is(r.json.definition.fields[0].label, 'Name');
  assert.equal(r.json.definition.translations.de.title, 'Kontakt');
});

t.run();
