// The field type registry (shared/fields/registry.ts): one core per built-in name, read by every layer.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtInFieldTypes, optionFieldTypes } from '../../shared/definition/field-types.ts';
import { defaultMessages, typeProblem } from '../../shared/engine/validation.ts';
import { fieldTypeCore, fieldTypeCores } from '../../shared/fields/registry.ts';
import * as browser from '../../shared/fields/registry-browser.ts';
import { typeControls } from '../../client/renderer/types/list.ts';
import * as matrixModule from '../../client/renderer/types/matrix.ts';
import * as npsModule from '../../client/renderer/types/nps.ts';
import * as rankingModule from '../../client/renderer/types/ranking.ts';
import * as ratingModule from '../../client/renderer/types/rating.ts';
import * as scaleModule from '../../client/renderer/types/scale.ts';
import * as signatureModule from '../../client/renderer/types/signature.ts';

const registry = suite('field type registry');

registry('every module in shared/fields/types is listed once, under a name of its own', () => {
  const modules = readdirSync(path.resolve(import.meta.dirname, '../../shared/fields/types'));
  assert.is(fieldTypeCores.length, modules.length);
  assert.is(new Set(builtInFieldTypes).size, builtInFieldTypes.length);
  for (const name of builtInFieldTypes) assert.is(fieldTypeCore(name)?.type, name);
});

registry('the names keep the reference order of spec 2.5, then hidden and url, then the survey types', () => {
  assert.equal(builtInFieldTypes, [
    'text',
    'email',
    'phone',
    'number',
    'password',
    'select',
    'autocomplete',
    'multiselect',
    'checkbox',
    'radio',
    'switch',
    'file',
    'date',
    'datetime',
    'textarea',
    'hidden',
    'url',
    'rating',
    'scale',
    'nps',
    'matrix',
    'ranking',
    'signature',
    'time',
    'picture',
    'statement',
  ]);
  assert.equal(optionFieldTypes, ['select', 'autocomplete', 'multiselect', 'radio', 'ranking', 'picture']);
});

registry('a custom type has no core, and the engine takes any value for it', () => {
  assert.is(fieldTypeCore('stars'), undefined);
  assert.is(fieldTypeCore('__proto__'), undefined);
  assert.is(typeProblem('stars', { any: 'shape' }), undefined);
  assert.is(typeProblem('number', '4'), defaultMessages.number());
});

registry('switch has the rules of checkbox under its own name', () => {
  const [checkbox, toggle] = [fieldTypeCore('checkbox'), fieldTypeCore('switch')];
  assert.is(toggle?.fromText, 'boolean');
  assert.is(toggle?.check, checkbox?.check);
});

registry(
  "the respondents' registry (registry-browser.ts) names every type and its options; a type with a " +
    'renderer module gets its core from it',
  () => {
    const tags = (cores: readonly { type: string; options?: boolean }[]) =>
      cores.map((c) => `${c.type}${c.options ? ' (options)' : ''}`).sort();
    assert.equal(tags(browser.fieldTypeCores), tags(fieldTypeCores));
    const modules: Record<string, { core: unknown }> = {
      rating: ratingModule,
      scale: scaleModule,
      nps: npsModule,
      matrix: matrixModule,
      ranking: rankingModule,
      signature: signatureModule,
    };
    assert.equal(Object.keys(modules).sort(), Object.keys(typeControls).sort());
    for (const { type } of fieldTypeCores) {
      const own = browser.fieldTypeCore(type);
      // Either listed in the browser's registry or brought by the type's module, never both.
      assert.is(own === undefined, Object.hasOwn(typeControls, type), type);
      assert.is(own ?? modules[type].core, fieldTypeCore(type), type);
    }
  },
);

registry.run();
