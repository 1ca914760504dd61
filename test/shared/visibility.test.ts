import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkDefinition,
  isFieldVisible,
  isStepVisible,
  resolvePath,
  type FormDefinition,
  type FormField,
} from '../../shared/engine/index.ts';

function checked(input: unknown): FormDefinition {
  const result = checkDefinition(input);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.definition;
}
const single = (fields: FormField[]) => checked({ id: 'f', title: 'F', submit: { label: 'Send' }, fields });
const text = (key: string, more: Partial<FormField> = {}): FormField => ({ key, type: 'text', label: key, ...more });

const items = suite('visibility: one item');

items('a field or step is visible when its conditions hold', () => {
  const field = text('b', { show: [{ field: 'a', eq: 'yes' }] });
  assert.ok(isFieldVisible(field, { a: 'yes' }));
  assert.not.ok(isFieldVisible(field, { a: 'no' }));
  const step = { id: 's', title: 'S', fields: [], showAny: [{ field: 'a', notEmpty: true }] };
  assert.ok(isStepVisible(step, { a: 'x' }));
  assert.not.ok(isStepVisible(step, {}));
});

items.run();

const cascade = suite('visibility: hidden fields are cleared, and clearing cascades');

cascade('a hidden field loses its value and is not returned', () => {
  const def = single([
    text('more', { show: [{ field: 'wants', eq: true }] }),
    { key: 'wants', type: 'checkbox', label: 'Wants' },
  ]);
  assert.equal(resolvePath(def, { wants: false, more: 'details' }).values, { wants: false });
  assert.equal(resolvePath(def, { wants: true, more: 'details' }).values, { wants: true, more: 'details' });
});

cascade('a chain of four fields: clearing the first clears every field after it', () => {
  const def = single([
    text('a'),
    text('b', { show: [{ field: 'a', notEmpty: true }] }),
    text('c', { show: [{ field: 'b', notEmpty: true }] }),
    text('d', { showAny: [{ field: 'c', eq: 'go' }] }),
  ]);
  const all = { a: 'x', b: 'y', c: 'go', d: 'z' };
  assert.equal(resolvePath(def, all).values, all);
  assert.equal(resolvePath(def, { ...all, a: '' }).values, { a: '' });
  assert.equal(resolvePath(def, { ...all, b: undefined }).values, { a: 'x' });
  assert.equal(resolvePath(def, { ...all, c: 'stop' }).visibleKeys, ['a', 'b', 'c']);
});

cascade('fields are settled in dependency order, not document order', () => {
  // d reads c, c reads b, b reads a, written backwards: one pass must still settle the whole chain.
  const def = single([
    text('d', { show: [{ field: 'c', notEmpty: true }] }),
    text('c', { show: [{ field: 'b', notEmpty: true }] }),
    text('b', { show: [{ field: 'a', eq: 'on' }] }),
    text('a'),
  ]);
  assert.equal(resolvePath(def, { a: 'off', b: '1', c: '2', d: '3' }).values, { a: 'off' });
  assert.equal(resolvePath(def, { a: 'on', b: '1', c: '2', d: '3' }).values, { a: 'on', b: '1', c: '2', d: '3' });
});

cascade('clearing can also reveal: a field shown when another is empty appears once that one is cleared', () => {
  const def = single([
    { key: 'member', type: 'checkbox', label: 'Member' },
    text('number', { show: [{ field: 'member', eq: true }] }),
    text('why', { show: [{ field: 'number', notEmpty: false }] }),
  ]);
  assert.equal(resolvePath(def, { member: false, number: '42', why: 'curious' }).values, {
    member: false,
    why: 'curious',
  });
  assert.equal(resolvePath(def, { member: true, number: '42', why: 'curious' }).values, { member: true, number: '42' });
});

cascade('a hidden step clears all of its fields, and fields of later steps that read them', () => {
  const def = checked({
    id: 'f',
    title: 'F',
    submit: { label: 'Send' },
    steps: [
      { id: 'one', title: 'One', fields: [{ key: 'business', type: 'checkbox', label: 'Business' }] },
      { id: 'company', title: 'Company', show: [{ field: 'business', eq: true }], fields: [text('vat')] },
      {
        id: 'end',
        title: 'End',
        fields: [text('invoice', { show: [{ field: 'vat', notEmpty: true }] }), text('note')],
      },
    ],
  });
  const resolved = resolvePath(def, { business: false, vat: 'NL123', invoice: 'yes', note: 'hi' });
  assert.equal(resolved.steps, ['one', 'end']);
  assert.equal(resolved.values, { business: false, note: 'hi' });
});

cascade.run();

const defaults = suite('visibility: default values');

defaults('a visible field with no value takes its default; an explicit answer wins', () => {
  const def = single([
    text('city', { defaultValue: 'Utrecht' }),
    { key: 'n', type: 'number', label: 'N', defaultValue: 2 },
  ]);
  assert.equal(resolvePath(def, {}).values, { city: 'Utrecht', n: 2 });
  assert.equal(resolvePath(def, { city: 'Gouda', n: 0 }).values, { city: 'Gouda', n: 0 });
  assert.equal(resolvePath(def, { city: '' }).values, { city: '', n: 2 });
});

defaults('a hidden field does not take its default, and a default counts for the fields that read it', () => {
  const def = single([
    {
      key: 'country',
      type: 'select',
      label: 'Country',
      options: [
        { value: 'nl', label: 'NL' },
        { value: 'be', label: 'BE' },
      ],
      defaultValue: 'nl',
    },
    text('province', { show: [{ field: 'country', eq: 'nl' }], defaultValue: 'Utrecht' }),
    text('region', { show: [{ field: 'country', eq: 'be' }], defaultValue: 'Flanders' }),
  ]);
  assert.equal(resolvePath(def, {}).values, { country: 'nl', province: 'Utrecht' });
  assert.equal(resolvePath(def, { country: 'be' }).values, { country: 'be', region: 'Flanders' });
});

defaults('list defaults are copied, so changing a result never changes the definition', () => {
  const def = single([
    {
      key: 'tags',
      type: 'multiselect',
      label: 'Tags',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
      defaultValue: ['a'],
    },
  ]);
  (resolvePath(def, {}).values.tags as string[]).push('b');
  assert.equal(resolvePath(def, {}).values, { tags: ['a'] });
  assert.equal(def.fields![0].defaultValue, ['a']);
});

defaults.run();
