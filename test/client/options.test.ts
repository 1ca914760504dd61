// Options from providers (spec 2.4 `optionsFrom`, `optionsDependsOn`): async with a loading state,
// fetched again when the named values change, a stale choice dropped.
import { until, button, byLabel, choose, click, mount, settle, unmountAll } from '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { html } from '../../client/renderer/html.ts';
import { FormRenderer, type FormDefinition } from '../../client/renderer/index.ts';

const def: FormDefinition = {
  id: 'o',
  title: 'Options',
  submit: { label: 'Send' },
  fields: [
    {
      key: 'country',
      type: 'select',
      label: 'Country',
      options: [
        { value: 'fr', label: 'France' },
        { value: 'de', label: 'Germany' },
      ],
    },
    { key: 'city', type: 'select', label: 'City', optionsFrom: 'cities', optionsDependsOn: ['country'] },
    { key: 'tags', type: 'multiselect', label: 'Tags', optionsFrom: 'tags' },
  ],
};
const cityLists: Record<string, string[]> = { fr: ['Paris', 'Lyon'], de: ['Berlin'] };

/** A provider whose answers the test releases one by one. */
function deferredProvider() {
  const calls: { values: Record<string, unknown>; resolve: (cities: string[]) => void }[] = [];
  const provider = (values: Record<string, unknown>) =>
    new Promise<{ value: string; label: string }[]>((resolve) =>
      calls.push({ values, resolve: (cities) => resolve(cities.map((c) => ({ value: c.toLowerCase(), label: c }))) }),
    );
  return { calls, provider };
}

const optionTexts = (el: HTMLElement) => [...(el as HTMLSelectElement).options].map((o) => o.textContent);

const options = suite('options');
options.after.each(unmountAll);

options('an async provider shows a loading state, then its options', async () => {
  const { calls, provider } = deferredProvider();
  const root = await mount(
    html`<${FormRenderer}
      definition=${def}
      optionsProviders=${{ cities: provider, tags: () => [] }}
      onSubmit=${() => {}}
    />`,
  );
  // The options code is fetched on demand (lazy/provided-field.ts); the form renders once it is here.
  await until(() => root.querySelector('select'));
  await settle();
  const city = byLabel(root, 'City') as HTMLSelectElement;
  assert.ok(city.disabled);
  assert.is(city.getAttribute('aria-busy'), 'true');
  assert.equal(optionTexts(city), ['Loading…']);
  assert.is(calls.length, 1);
  calls[0].resolve(['Nowhere']);
  await settle();
  assert.not.ok(city.disabled);
  assert.equal(optionTexts(city), ['Choose…', 'Nowhere']);
});

options('optionsDependsOn fetches again when a named value changes, with the current values', async () => {
  const { calls, provider } = deferredProvider();
  const root = await mount(
    html`<${FormRenderer}
      definition=${def}
      optionsProviders=${{ cities: provider, tags: () => [] }}
      onSubmit=${() => {}}
    />`,
  );
  // The options code is fetched on demand (lazy/provided-field.ts); the form renders once it is here.
  await until(() => root.querySelector('select'));
  await settle();
  calls[0].resolve([]);
  await choose(byLabel(root, 'Country'), 'fr');
  await settle();
  assert.is(calls.length, 2);
  assert.is(calls[1].values.country, 'fr');
  calls[1].resolve(cityLists.fr);
  await settle();
  assert.equal(optionTexts(byLabel(root, 'City')), ['Choose…', 'Paris', 'Lyon']);
  await click(byLabel(root, 'Tags').querySelector('input') ?? byLabel(root, 'Tags'));
  await settle();
  assert.is(calls.length, 2, 'a change to another field does not fetch again');
});

options('a choice the new options no longer hold is cleared', async () => {
  const cities = (values: Record<string, unknown>) =>
    (cityLists[values.country as string] ?? []).map((c) => ({ value: c.toLowerCase(), label: c }));
  const tags = () =>
    Promise.resolve([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ]);
  let submitted: Record<string, unknown> | undefined;
  const root = await mount(
    html`<${FormRenderer}
      definition=${def}
      optionsProviders=${{ cities, tags }}
      initialValues=${{ tags: ['a', 'zzz'] }}
      onSubmit=${(v: Record<string, unknown>) => {
        submitted = v;
      }}
    />`,
  );
  // The options code is fetched on demand (lazy/provided-field.ts); the form renders once it is here.
  await until(() => root.querySelector('select'));
  await choose(byLabel(root, 'Country'), 'fr');
  await settle();
  await choose(byLabel(root, 'City'), 'lyon');
  await choose(byLabel(root, 'Country'), 'de');
  await settle();
  assert.is((byLabel(root, 'City') as HTMLSelectElement).value, '');
  await click(button(root, 'Send'));
  assert.equal(submitted, { country: 'de', city: '', tags: ['a'] });
});

options('a missing provider gives no options; a provider given inline is not called on every render', async () => {
  let calls = 0;
  const root = await mount(
    html`<${FormRenderer} definition=${def} optionsProviders=${{
      tags: () => {
        calls++;
        return [{ value: 't', label: 'T' }];
      },
    }} onSubmit=${() => {}} />`,
  );
  // The options code is fetched on demand (lazy/provided-field.ts); the form renders once it is here.
  await until(() => root.querySelector('select'));
  await settle();
  const city = byLabel(root, 'City') as HTMLSelectElement;
  assert.not.ok(city.disabled);
  assert.equal(optionTexts(city), ['Choose…']);
  await choose(byLabel(root, 'Country'), 'fr');
  await choose(byLabel(root, 'Country'), 'de');
  await settle();
  assert.is(calls, 1);
  assert.is(byLabel(root, 'Tags').querySelectorAll('input').length, 1);
});

options.run();
