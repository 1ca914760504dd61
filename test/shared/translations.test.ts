// Wave 3 "Languages": the publish checks of `lang` and `translations`, translate() and its fallbacks,
// the choice of language, and the engine's messages in every language it speaks.
import { npsWords } from '../../client/renderer/types/nps.ts';
import { rankingWords } from '../../client/renderer/types/ranking.ts';
import { ratingWords } from '../../client/renderer/types/rating.ts';
import { scaleWords } from '../../client/renderer/types/scale.ts';
import { signatureWords } from '../../client/renderer/types/signature.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  acceptLanguages,
  chooseLanguage,
  missingTexts,
  textEntries,
  translate,
} from '../../shared/definition/translations.ts';
import { catalogueFor, en, engineMessages, message } from '../../shared/engine/i18n/index.ts';
import { fileWords } from '../../client/renderer/lazy/file-input.ts';
import { resetWords } from '../../client/renderer/lazy/reset-confirm.ts';
import { progressWords } from '../../client/renderer/lazy/progress.ts';
import { resumedWords } from '../../client/renderer/save-progress/resumed-words.ts';
import { editLinkWords } from '../../client/renderer/lazy/edit-link.ts';
import {
  checkDefinition,
  defaultMessages,
  evaluateSubmission,
  type FormDefinition,
} from '../../shared/engine/index.ts';

const form: FormDefinition = {
  id: 'f',
  title: 'Contact',
  description: 'Say hello',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { key: 'name', type: 'text', label: 'Name', placeholder: 'Ada', validation: { required: true } },
        {
          key: 'size',
          type: 'radio',
          label: 'Size',
          options: [
            { value: 's', label: 'Small' },
            { value: 'l', label: 'Large' },
          ],
        },
      ],
    },
    {
      id: 'more',
      title: 'More',
      description: 'Optional',
      fields: [{ key: 'mail', type: 'email', label: 'Email', helperText: 'We reply here' }],
    },
  ],
};

function problems(input: unknown): string[] {
  const result = checkDefinition(input);
  return 'problems' in result ? result.problems : [];
}

const check = suite('checkDefinition: lang and translations');

check('a definition with lang and every kind of path publishes', () => {
  const all = Object.fromEntries(textEntries(form).map((e) => [e.path, `${e.text} (de)`]));
  assert.equal(Object.keys(all).length, 13);
  const result = checkDefinition({ ...form, lang: 'en-GB', translations: { de: all, 'pt-BR': {} } });
  assert.ok('definition' in result, 'problems' in result ? result.problems.join('\n') : '');
});

const rows: [string, unknown, string][] = [
  ['unknown field', { de: { 'fields.nope.label': 'x' } }, 'translations.de.fields.nope.label: names no field'],
  [
    'unknown option value',
    { de: { 'fields.size.options.m': 'x' } },
    'translations.de.fields.size.options.m: names no option of field "size"',
  ],
  ['unknown step id', { de: { 'steps.nope.title': 'x' } }, 'translations.de.steps.nope.title: names no step'],
  [
    'a text the field lacks',
    { de: { 'fields.name.helperText': 'x' } },
    'translations.de.fields.name.helperText: field "name" has no helperText',
  ],
  [
    'a step text that does not exist',
    { de: { 'steps.about.description': 'x' } },
    'translations.de.steps.about.description: step "about" has no description',
  ],
  ['an unknown top-level path', { de: { 'cancel.label': 'x' } }, 'translations.de.cancel.label: names no text'],
  [
    'a malformed language tag',
    { de_DE: { title: 'x' } },
    'translations.de_DE: "de_DE" is not a language tag like de or pt-BR',
  ],
  ['a text that is not a string', { de: { title: 5 } }, 'translations.de.title: expected string'],
  ['a language that is not a map', { de: 'Hallo' }, 'translations.de: expected record'],
];
for (const [name, translations, expected] of rows)
  check(`refuses ${name}`, () => {
    const found = problems({ ...form, translations });
    assert.ok(
      found.some((p) => p.startsWith(expected)),
      `${expected}\nnot in\n${found.join('\n')}`,
    );
  });

check('refuses a malformed lang and lists every problem at once', () => {
  const found = problems({ ...form, lang: 'english!', translations: { de: { 'fields.x.label': 'x' }, e: {} } });
  assert.ok(found.includes('lang: expected a language tag like en, de or pt-BR'), found.join('\n'));
  assert.ok(found.includes('translations.de.fields.x.label: names no field'), found.join('\n'));
  assert.ok(
    found.some((p) => p.startsWith('translations.e: ')),
    found.join('\n'),
  );
});

const tr = suite('translate');

tr('an ending message is a text of its own: listed, translated, and falling back when missing', () => {
  const quiz = {
    ...form,
    endings: [
      { id: 'passed', message: 'You passed' },
      { id: 'retry', message: 'Try again' },
    ],
    translations: { de: { 'endings.passed.message': 'Bestanden' } },
  } as typeof form;
  const paths = textEntries(quiz).map((e) => e.path);
  assert.ok(paths.includes('endings.passed.message') && paths.includes('endings.retry.message'), paths.join(','));
  assert.equal(
    translate(quiz, 'de').endings?.map((e) => e.message),
    ['Bestanden', 'Try again'],
  );
  assert.ok('definition' in checkDefinition(quiz), 'the path names a text the form has');
});

const de = {
  title: 'Kontakt',
  'fields.name.label': 'Name (de)',
  'fields.size.options.l': 'Groß',
  'steps.more.description': 'Freiwillig',
  'submit.label': 'Senden',
  'fields.mail.helperText': '',
};
const translated = { ...form, translations: { de } };

tr('replaces the translated texts and keeps the default for missing ones', () => {
  const out = translate(translated, 'de');
  assert.is(out.lang, 'de');
  assert.is(out.title, 'Kontakt');
  assert.is(out.description, 'Say hello');
  assert.is(out.submit.label, 'Senden');
  const [about, more] = out.steps ?? [];
  assert.is(about.title, 'About you');
  assert.is(about.fields[0].label, 'Name (de)');
  assert.is(about.fields[0].placeholder, 'Ada');
  assert.equal(about.fields[1].options, [
    { value: 's', label: 'Small' },
    { value: 'l', label: 'Groß' },
  ]);
  assert.is(more.description, 'Freiwillig');
  assert.is(more.fields[0].helperText, 'We reply here', 'an empty translation counts as missing');
  assert.is(out.translations, undefined);
  assert.is(out.steps?.[0].fields[0].validation?.required, true);
});

tr('a region or case variant finds the language; an unknown one gives the default texts', () => {
  assert.is(translate(translated, 'DE-at').title, 'Kontakt');
  const fr = translate(translated, 'fr');
  assert.is(fr.title, 'Contact');
  assert.is(fr.lang, 'en');
});

tr('leaves the input untouched', () => {
  const before = JSON.stringify(translated);
  translate(translated, 'de');
  assert.is(JSON.stringify(translated), before);
});

tr('missingTexts counts per language', () => {
  assert.equal(missingTexts(translated), { de: 13 - 5 });
});

const choose = suite('chooseLanguage');
const offers = { lang: 'en', translations: { de: {}, fr: {}, 'pt-BR': {} } };
choose('?lang= first, then the browser, then the form', () => {
  assert.is(chooseLanguage(offers, 'de', ['fr']), 'de');
  assert.is(chooseLanguage(offers, 'it', ['it', 'fr-CA', 'de']), 'fr');
  assert.is(chooseLanguage(offers, null, ['pt']), 'pt-BR');
  assert.is(chooseLanguage(offers, null, ['ja']), 'en');
  assert.is(chooseLanguage({ lang: 'de' }, null, []), 'de');
  assert.is(chooseLanguage({}, null, []), 'en');
});
choose('Accept-Language by q, leaving out q=0 and *', () => {
  assert.equal(acceptLanguages('de;q=0.5, fr-CH, fr;q=0.9, en;q=0, *;q=0.1'), ['fr-CH', 'fr', 'de']);
  assert.equal(acceptLanguages(undefined), []);
  assert.equal(acceptLanguages('<script>, de'), ['de']);
});

const msgs = suite('engine messages in en, de, fr, es');
const table: [string, string, string, string, string][] = [
  [
    'required',
    'This field is required',
    'Dieses Feld ist erforderlich',
    'Ce champ est obligatoire',
    'Este campo es obligatorio',
  ],
  [
    'email',
    'Enter a valid email address',
    'Geben Sie eine gültige E-Mail-Adresse ein',
    'Saisissez une adresse e-mail valide',
    'Escribe una dirección de correo válida',
  ],
  [
    'minLength 1',
    'Must be at least 1 character',
    'Mindestens 1 Zeichen',
    'Au moins 1 caractère',
    'Debe tener al menos 1 carácter',
  ],
  [
    'minLength 3',
    'Must be at least 3 characters',
    'Mindestens 3 Zeichen',
    'Au moins 3 caractères',
    'Debe tener al menos 3 caracteres',
  ],
  ['max 9', 'Must be at most 9', 'Darf höchstens 9 sein', 'Doit être au plus 9', 'Debe ser como máximo 9'],
  [
    'matchField',
    'Must match Email',
    'Muss mit Email übereinstimmen',
    'Doit correspondre à Email',
    'Debe coincidir con Email',
  ],
];
const call = (lang: string, row: string) => {
  const m = engineMessages(catalogueFor(lang));
  if (row === 'minLength 1') return m.minLength(1);
  if (row === 'minLength 3') return m.minLength(3);
  if (row === 'max 9') return m.max(9);
  if (row === 'matchField') return m.matchField('Email');
  return m[row as 'required' | 'email']();
};
for (const [row, ...texts] of table)
  msgs(row, () => {
    ['en', 'de', 'fr', 'es'].forEach((lang, i) => {
      assert.is(call(lang, row), texts[i], lang);
    });
  });

msgs('English from the catalogue is exactly the engine default for every message', () => {
  const m = engineMessages(en);
  for (const [id, fn] of Object.entries(defaultMessages)) {
    for (const arg of [0, 1, 2, 'Email'])
      assert.is(
        (m as never as Record<string, (x: unknown) => string>)[id](arg),
        (fn as (x: unknown) => string)(arg),
        id,
      );
  }
});

msgs('every language has every message id, the on-demand modules’ too; unknown languages speak English', () => {
  const onDemand = {
    ...fileWords.messages,
    ...resetWords.messages,
    ...resumedWords.messages,
    ...progressWords.messages,
    ...editLinkWords.messages,
    ...ratingWords,
    ...scaleWords,
    ...npsWords,
    ...rankingWords,
    ...signatureWords,
  };
  const english = { ...en.messages, ...onDemand };
  for (const lang of ['de', 'fr', 'es'])
    assert.equal(
      Object.keys(catalogueFor(lang).messages).sort(),
      Object.keys(english)
        .filter((id) => lang !== 'de' || !/^m..Length_one$/.test(id))
        .sort(),
      lang,
    );
  assert.not.ok(
    Object.keys(onDemand).some((id) => id in en.messages),
    'an on-demand module’s English is not in en.ts as well',
  );
  assert.is(message('it', 'submit'), 'Submit');
  assert.is(message('de-CH', 'stepOf', { current: 2, total: 3 }), 'Schritt 2 von 3');
});

msgs('the engine answers in the language it is given; English by default (the API)', () => {
  const values = { name: '', mail: 'nope' };
  const german = evaluateSubmission(form, values, { messages: engineMessages(catalogueFor('de')) });
  assert.equal(german.errors, {
    name: 'Dieses Feld ist erforderlich',
    mail: 'Geben Sie eine gültige E-Mail-Adresse ein',
  });
  const english = evaluateSubmission(form, values);
  assert.equal(english.problems, ['values.name: This field is required', 'values.mail: Enter a valid email address']);
});

check.run();
tr.run();
choose.run();
msgs.run();
