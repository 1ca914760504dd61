// The field type registry (shared/fields/registry.ts): one core per built-in name, read by every layer.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtInFieldTypes, optionFieldTypes } from '../../shared/definition/field-types.ts';
import { defaultMessages, typeProblem } from '../../shared/engine/validation.ts';
import { fieldTypeCore, fieldTypeCores } from '../../shared/fields/registry.ts';

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

registry.run();
