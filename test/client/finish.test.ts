// The browser-side pieces of "Respondents who finish" without a browser (happy-dom): what is kept for
// save and resume and what comes back from an older version, the offline queue's single send, and the
// popup's close message.
import '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readEmbedMessage } from '../../client/embed/messages.ts';
import { keepResponse, whenSent } from '../../client/hosted/offline-queue.ts';
import { allFields, createFormState, type FormDefinition, validateField } from '../../client/renderer/engine.ts';
import { restore, writeSaved } from '../../client/renderer/save-progress/saved-answers.ts';

Object.defineProperty(globalThis, 'localStorage', { value: window.localStorage, configurable: true });
// The queue listens for 'online' on the page's global object.
Object.assign(globalThis, {
  addEventListener: window.addEventListener.bind(window),
  removeEventListener: window.removeEventListener.bind(window),
});

const form: FormDefinition = {
  id: 'f',
  title: 'F',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'one',
      title: 'One',
      fields: [
        { key: 'name', type: 'text', label: 'Name', validation: { required: true } },
        { key: 'pin', type: 'password', label: 'PIN' },
        { key: 'cv', type: 'file', label: 'CV' },
        { key: 'age', type: 'number', label: 'Age' },
      ],
    },
    { id: 'two', title: 'Two', fields: [{ key: 'email', type: 'email', label: 'Email' }] },
  ],
};
const tools = (d: FormDefinition) => ({ allFields, validateField, untouched: () => createFormState(d).values });

const saving = suite('saved answers');
saving.before.each(() => localStorage.clear());

saving('passwords and files are never written; an untouched form writes nothing', () => {
  const state = createFormState(form);
  writeSaved('k', state, tools(form));
  assert.is(localStorage.getItem('k'), null, 'nothing typed, nothing kept');
  state.setValue('name', 'Ada');
  state.setValue('pin', '1234');
  state.setValue('cv', 'upload_1');
  state.setValue('age', 36);
  assert.ok(state.next());
  writeSaved('k', state, tools(form));
  const kept = JSON.parse(localStorage.getItem('k')!);
  assert.equal(kept.values, { name: 'Ada', age: 36 });
  assert.equal(kept.types, { name: 'text', age: 'number' });
  assert.equal(kept.history, ['one', 'two']);
});

saving('a restore puts the answers and the step back; a newer version keeps only same-typed fields', () => {
  const state = createFormState(form);
  state.setValue('name', 'Ada');
  state.setValue('age', 36);
  state.next();
  writeSaved('k', state, tools(form));
  const again = createFormState(form);
  assert.ok(restore('k', again, tools(form)));
  assert.is(again.stepId, 'two');
  assert.is(again.values.name, 'Ada');
  const v2: FormDefinition = {
    ...form,
    steps: [
      {
        ...form.steps![0],
        fields: [
          { key: 'name', type: 'text', label: 'Name' },
          { key: 'age', type: 'text', label: 'Age' },
        ],
      },
    ],
  };
  const newer = createFormState(v2);
  assert.ok(restore('k', newer, tools(v2)));
  assert.equal({ ...newer.values }, { name: 'Ada' }, 'age changed type: not restored; the step "two" is gone');
  assert.is(newer.stepId, 'one');
});

saving('an entry older than 7 days, or unreadable, is dropped without an error', () => {
  localStorage.setItem('k', JSON.stringify({ savedAt: Date.now() - 8 * 24 * 3600 * 1000, values: { name: 'Old' } }));
  assert.is(restore('k', createFormState(form), tools(form)), undefined);
  assert.is(localStorage.getItem('k'), null);
  localStorage.setItem('k', '{not json');
  assert.is(restore('k', createFormState(form), tools(form)), undefined);
});

const queue = suite('offline queue');
queue.before.each(() => localStorage.clear());

queue('a kept response is sent once it goes through, then forgotten; a refusal rejects and forgets', async () => {
  keepResponse('o', '/v1/f/x', { key: 'k-1', body: '{}' });
  const seen: string[] = [];
  let tries = 0;
  const sent = whenSent('o', async (kept) => {
    seen.push(kept.key);
    return ++tries > 1;
  });
  // The first try must wait (no network); the 'online' event tries again, and that one goes through.
  await new Promise((r) => setTimeout(r, 10));
  window.dispatchEvent(new Event('online'));
  await sent;
  assert.equal(seen, ['k-1', 'k-1']);
  assert.is(localStorage.getItem('o'), null, 'forgotten once sent');
  keepResponse('o', '/v1/f/x', { key: 'k-2', body: '{}' });
  const refused = await whenSent('o', async () => {
    throw new Error('This form is closed.');
  }).then(
    () => 'sent',
    (e: Error) => e.message,
  );
  assert.is(refused, 'This form is closed.');
  assert.is(localStorage.getItem('o'), null);
});

queue('the popup close message is read in its exact shape only', () => {
  assert.equal(readEmbedMessage({ type: 'formstead:close' }), { type: 'formstead:close' });
  assert.is(readEmbedMessage({ type: 'formstead:close', extra: 1 }), undefined);
});

saving.run();
queue.run();
