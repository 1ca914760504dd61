// The Versions tab's diff: what changed between two definitions, named by label in plain words, and the
// one-line summary each version gets. Pure functions, no browser.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FormDefinition } from '../../shared/definition/schema.ts';
import { diffDefinitions, type Change } from '../../client/admin/form-detail/versions/diff.ts';
import { changeText, subjectText, summarize } from '../../client/admin/form-detail/versions/summary.ts';

const onePage = (): FormDefinition => ({
  id: 'contact',
  title: 'Contact us',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name', validation: { required: true } },
    { key: 'email', type: 'email', label: 'Email' },
    {
      key: 'role',
      type: 'radio',
      label: 'Role',
      options: [
        { value: 'dev', label: 'Developer' },
        { value: 'design', label: 'Designer' },
      ],
    },
  ],
});

const steps = (): FormDefinition => ({
  id: 'apply',
  title: 'Apply',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { key: 'name', type: 'text', label: 'Name' },
        {
          key: 'role',
          type: 'radio',
          label: 'Role',
          options: [
            { value: 'dev', label: 'Developer' },
            { value: 'design', label: 'Designer' },
          ],
        },
      ],
    },
    { id: 'work', title: 'Your work', fields: [{ key: 'portfolio', type: 'url', label: 'Portfolio' }] },
    { id: 'last', title: 'Last words', fields: [{ key: 'note', type: 'textarea', label: 'Anything else?' }] },
  ],
});

/** Each change as "<subject> | <text>", the way the tab lists it. */
const lines = (changes: Change[]) => changes.map((c) => `${subjectText(c)} | ${changeText(c)}`);
const edit = (def: FormDefinition, change: (d: FormDefinition) => void) => {
  const copy = structuredClone(def);
  change(copy);
  return copy;
};

const fields = suite('versions diff: fields');
fields('the same definition has no changes', () => {
  assert.equal(diffDefinitions(onePage(), onePage()), []);
  assert.is(summarize([]), 'No changes');
});
fields('a changed label is named by the new label, with the old and new text', () => {
  const changes = diffDefinitions(
    onePage(),
    edit(onePage(), (d) => {
      d.fields![0].label = 'Full name';
    }),
  );
  assert.equal(lines(changes), ['Full name | Label: Name → Full name']);
  assert.equal(changes[0].subject, { what: 'field', name: 'Full name', key: 'name' });
  assert.is(summarize(changes), '1 label changed');
});
fields('fields added and removed, type, required and options changes, in words', () => {
  const after = edit(onePage(), (d) => {
    d.fields!.splice(1, 1);
    d.fields!.push({ key: 'phone', type: 'phone', label: 'Phone' }, { key: 'site', type: 'url', label: 'Website' });
    d.fields![0].validation = {};
    d.fields![0].type = 'textarea';
    d.fields![1].options = [
      { value: 'dev', label: 'Engineer' },
      { value: 'pm', label: 'Product' },
    ];
  });
  assert.equal(lines(diffDefinitions(onePage(), after)), [
    'Phone | Added',
    'Website | Added',
    'Email | Removed',
    'Name | Type: Short answer → Long answer',
    'Name | Required: Yes → No',
    'Role | Options: added Product; removed Designer; Developer renamed Engineer',
  ]);
  assert.is(
    summarize(diffDefinitions(onePage(), after)),
    '2 fields added, 1 field removed, 1 type changed, 1 required setting changed, 1 option list changed',
  );
});
fields('a key renamed with its label (as the builder does) is one field changed, not removed and added', () => {
  const after = edit(onePage(), (d) => {
    d.fields![0] = { ...d.fields![0], key: 'full_name', label: 'Full name' };
  });
  assert.equal(lines(diffDefinitions(onePage(), after)), [
    'Full name | Key: name → full_name',
    'Full name | Label: Name → Full name',
  ]);
});
fields('a condition reads as a sentence with the option label; other settings are named', () => {
  const after = edit(onePage(), (d) => {
    d.fields![1].show = [{ field: 'role', eq: 'design' }];
    d.fields![1].placeholder = 'you@example.com';
    d.fields![0].validation = { required: true, maxLength: 80 };
  });
  assert.equal(lines(diffDefinitions(onePage(), after)), [
    'Name | Other settings: longest answer',
    'Email | Shown: always → when Role is Designer',
    'Email | Other settings: placeholder',
  ]);
});
fields('reordering fields on a page is one change', () => {
  const after = edit(onePage(), (d) => {
    d.fields!.reverse();
  });
  assert.equal(lines(diffDefinitions(onePage(), after)), ['The form | Fields in a new order']);
  assert.is(summarize(diffDefinitions(onePage(), after)), 'field order changed');
});
fields.run();

const stepsSuite = suite('versions diff: steps, routes and the form');
stepsSuite('a field moved between steps, a step added and removed', () => {
  const after = edit(steps(), (d) => {
    const [portfolio] = d.steps![1].fields.splice(0, 1);
    d.steps![0].fields.push(portfolio);
    d.steps!.splice(2, 1);
    d.steps!.push({ id: 'design', title: 'Design questions', fields: [] });
  });
  assert.equal(lines(diffDefinitions(steps(), after)), [
    'Step: Design questions | Added',
    'Step: Last words | Removed',
    'Anything else? | Removed from step Last words',
    'Portfolio | Moved from step Your work to step About you',
  ]);
});
stepsSuite('routes and step conditions in words, with the newer version’s titles; step titles', () => {
  const after = edit(steps(), (d) => {
    d.steps![0].routes = [{ to: 'last', show: [{ field: 'role', eq: 'dev' }] }, { to: null }];
    d.steps![1].show = [{ field: 'role', in: ['design'] }];
    d.steps![2].title = 'Last things';
  });
  assert.equal(lines(diffDefinitions(steps(), after)), [
    'Step: About you | After this step: the next step → if Role is Developer, go to Last things; go to the end',
    'Step: Your work | Shown: always → when Role is one of Designer',
    'Step: Last things | Title: Last words → Last things',
  ]);
  assert.is(summarize(diffDefinitions(steps(), after)), '1 route changed, 1 condition changed, 1 title changed');
});
stepsSuite('the form title, submit label, layout and other top-level settings', () => {
  const after = edit(onePage(), (d) => {
    d.title = 'Say hello';
    d.submit = { label: 'Send it', variant: 'secondary' };
    (d as Record<string, unknown>).lang = 'de';
  });
  assert.equal(lines(diffDefinitions(onePage(), after)), [
    'The form | Title: Contact us → Say hello',
    'The form | Submit button: Send → Send it',
    'The form | Other settings: Submit button settings, language',
  ]);
  const split = diffDefinitions(onePage(), {
    ...onePage(),
    fields: undefined,
    steps: [{ id: 's1', title: 'One', fields: onePage().fields! }],
  });
  assert.equal(lines(split), ['The form | Layout: one page → 1 step', 'Step: One | Added']);
});
stepsSuite('long text is cut, an empty value reads "(none)"', () => {
  const after = edit(onePage(), (d) => {
    d.description = 'x'.repeat(200);
  });
  const [change] = diffDefinitions(onePage(), after);
  assert.is(change.before, '(none)');
  assert.is(change.after!.length, 80);
  assert.ok(change.after!.endsWith('…'));
});
stepsSuite.run();
