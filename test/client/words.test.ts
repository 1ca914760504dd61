// The renderer's own words in the page's language (WordsContext): the select's "Choose…", the alert's
// "Try again" and the buttons come from the catalogue the page provides, German here.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { html } from '../../client/renderer/html.ts';
import { FormRenderer, type FormDefinition } from '../../client/renderer/index.ts';
import { SubmitError } from '../../client/renderer/submit-error.ts';
import { WordsContext } from '../../client/renderer/words.ts';
import { catalogueFor } from '../../shared/engine/i18n/index.ts';
import { byLabel, click, mount, settle, unmountAll } from '../helpers/dom.ts';

const form: FormDefinition = {
  id: 'w',
  title: 'W',
  submit: { label: 'Senden' },
  fields: [
    { key: 'colour', type: 'select', label: 'Farbe', options: [{ value: 'red', label: 'Rot' }] },
    {
      key: 'tags',
      type: 'multiselect',
      label: 'Schlagwörter',
      options: [{ value: 'a', label: 'A' }],
      validation: { required: true },
    },
  ],
};

const words = suite('renderer words');
words.after.each(unmountAll);

words('German: the select’s empty choice, a group’s “required” and the alert’s retry button', async () => {
  const failing = async () => {
    throw new SubmitError('Nicht gesendet', { retry: true });
  };
  const root = await mount(
    html`<${WordsContext.Provider} value=${catalogueFor('de')}>
      <${FormRenderer} definition=${form} onSubmit=${failing} />
    </${WordsContext.Provider}>`,
  );
  const select = byLabel(root, 'Farbe') as HTMLSelectElement;
  assert.is(select.options[0].textContent, 'Auswählen…');
  // A required checkbox group says so to screen readers in its legend.
  assert.is(root.querySelector('legend .fs-sr')?.textContent, ' (erforderlich)');
  await click(root.querySelector('input[type="checkbox"]') as HTMLElement);
  await click(root.querySelector('button[type="submit"]') as HTMLElement);
  await settle(10);
  assert.is(root.querySelector('.fs-retry')?.textContent, 'Erneut versuchen');
});

words.run();
