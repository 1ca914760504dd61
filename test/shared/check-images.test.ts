// The definition's own image rules (check-images.ts): `/i/<id>` addresses only, imageAlt on a field with a
// picture; which form an image belongs to is the server's check (test/server/images/publish-images.test.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { imageRefs } from '../../shared/definition/check-images.ts';
import { checkDefinition } from '../../shared/engine/index.ts';
import { translate } from '../../shared/definition/translations.ts';

const ID = '0d9c6f7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f';
const problems = (def: unknown) => {
  const r = checkDefinition(def);
  return 'problems' in r ? r.problems : [];
};
const stepped = (fields: unknown[]) => ({
  id: 'f',
  title: 'F',
  submit: { label: 'Send' },
  steps: [{ id: 's', title: 'S', fields }],
});
const picked = (image: unknown) => ({
  key: 'pet',
  type: 'radio',
  label: 'Pet',
  options: [
    { value: 'cat', label: 'Cat' },
    { value: 'dog', label: 'Dog', image },
  ],
});

test('an /i/<id> address with its alt text passes; an option needs no alt (its label says it)', () => {
  const def = stepped([
    { key: 'a', type: 'text', label: 'A', image: `/i/${ID}`, imageAlt: 'A map' },
    picked(`/i/${ID}`),
  ]);
  assert.equal(problems(def), []);
  assert.equal(imageRefs(def, 'definition'), [
    { path: 'definition.steps[0].fields[0].image', id: ID },
    { path: 'definition.steps[0].fields[1].options[1].image', id: ID },
  ]);
});

test('any other address is refused, naming its path', () => {
  for (const bad of [
    'https://example.com/cat.png',
    `https://forms.example.com/i/${ID}`,
    '/i/nope',
    `/i/${ID}/../x`,
    'javascript:alert(1)',
    `/i/${ID.toUpperCase()}`,
    '',
  ]) {
    assert.equal(
      problems(stepped([picked(bad)])),
      ['steps[0].fields[0].options[1].image: must be the url (/i/<id>) of an image uploaded for this form'],
      bad,
    );
  }
  assert.equal(
    problems({
      id: 'f',
      title: 'F',
      submit: { label: 'S' },
      fields: [{ key: 'a', type: 'text', label: 'A', image: 'x.png', imageAlt: 'x' }],
    }),
    ['fields[0].image: must be the url (/i/<id>) of an image uploaded for this form'],
  );
});

test('a field with an image and no imageAlt (or a blank one) is refused', () => {
  for (const alt of [undefined, '', '   ']) {
    assert.equal(
      problems(stepped([{ key: 'a', type: 'text', label: 'A', image: `/i/${ID}`, imageAlt: alt }])),
      ['steps[0].fields[0].imageAlt: a field with an image needs imageAlt: what the picture shows'],
      String(alt),
    );
  }
});

test('translations say what the picture shows in each language; the picture is the same', () => {
  const def = {
    ...stepped([{ key: 'a', type: 'text', label: 'A', image: `/i/${ID}`, imageAlt: 'A map' }]),
    translations: { de: { 'fields.a.imageAlt': 'Eine Karte' } },
  };
  assert.equal(problems(def), []);
  const r = checkDefinition(def);
  if (!('definition' in r)) throw new Error('not valid');
  const field = translate(r.definition, 'de').steps![0].fields[0];
  assert.equal([field.image, field.imageAlt], [`/i/${ID}`, 'Eine Karte']);
  const withImage = { ...def, translations: { de: { 'fields.a.image': `/i/${ID}` } } };
  assert.ok(
    problems(withImage).some((p) => p.startsWith('translations.de')),
    'an image is no translatable text',
  );
});

test.run();
