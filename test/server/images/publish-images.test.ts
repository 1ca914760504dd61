// A definition's pictures and the theme's logo must be images of the same form: checked when a version
// is published (REST) and when the theme is set (PATCH), each refusal naming its path.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { fixture, publishPlainForm, uploadImage } from '../../helpers/images.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
const NOT_OURS = 'must be the url (/i/<id>) of an image uploaded for this form';

/** A definition with a field picture and an option picture. */
const pictured = (fieldImage: string, optionImage: string) => ({
  id: 'pics',
  title: 'Pictures',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'one',
      title: 'One',
      fields: [
        { key: 'name', type: 'text', label: 'Name', image: fieldImage, imageAlt: 'A name tag' },
        {
          key: 'pet',
          type: 'radio',
          label: 'Pet',
          options: [
            { value: 'cat', label: 'Cat', image: optionImage },
            { value: 'dog', label: 'Dog' },
          ],
        },
      ],
    },
  ],
});

const publish = (formId: string | undefined, definition: unknown) =>
  call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { ...(formId && { form_id: formId }), definition } });

const checks = suite('images must be of the same form');
checks.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
checks.after(() => server.stop().then(() => undefined));

checks('a version naming its own images publishes; the public definition carries them', async () => {
  const formId = await publishPlainForm(server.url);
  const a = (await uploadImage(server.url, formId, fixture('png'))).json.url;
  const b = (await uploadImage(server.url, formId, fixture('jpg'))).json.url;
  const r = await publish(formId, pictured(a, b));
  assert.is(r.status, 201, r.text);
  const definition = (await call(server.url, 'GET', `/v1/f/${formId}/definition`)).json;
  const fields = (definition.definition ?? definition).steps[0].fields;
  assert.equal([fields[0].image, fields[1].options[0].image], [a, b]);
});

checks("another form's image, an unknown id, or any image in a new form: 422 naming each path", async () => {
  const formId = await publishPlainForm(server.url);
  const other = await publishPlainForm(server.url);
  const mine = (await uploadImage(server.url, formId, fixture('png'))).json.url;
  const theirs = (await uploadImage(server.url, other, fixture('png'))).json.url;
  const unknown = '/i/00000000-0000-4000-8000-000000000000';
  const r = await publish(formId, pictured(theirs, unknown));
  assert.is(r.status, 422, r.text);
  assert.equal(r.json.details, [
    `definition.steps[0].fields[0].image: ${NOT_OURS}`,
    `definition.steps[0].fields[1].options[0].image: ${NOT_OURS}`,
  ]);
  const fresh = await publish(undefined, pictured(mine, mine));
  assert.is(fresh.status, 422, 'a new form has no images yet');
  assert.is(fresh.json.details.length, 2);
  assert.is((await call(server.url, 'GET', `/v1/forms/${formId}`, { key: OWNER_KEY })).json.version, 1);
});

checks('the theme logo: an image of this form is kept; another form’s or any other address is 422', async () => {
  const formId = await publishPlainForm(server.url);
  const other = await publishPlainForm(server.url);
  const logo = (await uploadImage(server.url, formId, fixture('webp'))).json.url;
  const theirs = (await uploadImage(server.url, other, fixture('webp'))).json.url;
  const patch = (theme: unknown) =>
    call(server.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: { theme } });
  const ok = await patch({ accent: '#2f5bea', logo });
  assert.is(ok.status, 200, ok.text);
  assert.equal(ok.json.theme, { accent: '#2f5bea', logo });
  for (const bad of [theirs, 'https://example.com/logo.png', '/i/x']) {
    const r = await patch({ logo: bad });
    assert.is(r.status, 422, bad);
    assert.equal(r.json.details, [`theme.logo: ${NOT_OURS}`], bad);
  }
  const kept = await call(server.url, 'GET', `/v1/forms/${formId}`, { key: OWNER_KEY });
  assert.is(kept.json.settings.theme.logo, logo, 'a refused patch changed nothing');
});

checks.run();
