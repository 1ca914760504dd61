import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import {
  builtInFieldTypes,
  FieldOption,
  FieldValidation,
  FormAction,
  FormDefinition,
  FormField,
  FormStep,
  formDefinitionJsonSchema,
  ShowCondition,
  StepRoute,
} from '../../shared/engine/index.ts';
import { definitionRegistry } from '../../shared/definition/schema.ts';

const minimal = {
  id: 'contact',
  title: 'Contact',
  submit: { label: 'Send' },
  fields: [{ key: 'name', type: 'text', label: 'Name' }],
};
const accepts = (schema: z.ZodType, value: unknown) =>
  assert.ok(schema.safeParse(value).success, JSON.stringify(value));
const rejects = (schema: z.ZodType, value: unknown) =>
  assert.not.ok(schema.safeParse(value).success, JSON.stringify(value));

const shapes = suite('schema: shapes of spec 2.1-2.9');

shapes('a minimal definition parses and keeps its values', () => {
  const parsed = FormDefinition.parse(minimal);
  assert.equal(parsed, minimal);
});

shapes('every object rejects unknown properties', () => {
  rejects(FormDefinition, { ...minimal, theme: 'dark' });
  rejects(FormAction, { label: 'Go', colour: 'red' });
  rejects(ShowCondition, { field: 'a', eq: 1, between: 2 });
  rejects(FormField, { key: 'a', type: 'text', label: 'A', hidden: true });
  rejects(FieldValidation, { required: true, email: true });
  rejects(FieldOption, { value: 'a', label: 'A', disabled: true });
  rejects(FormStep, { id: 's', title: 'S', fields: [], onEnter: 'x' });
  rejects(StepRoute, { to: null, when: [] });
});

shapes('required properties are required', () => {
  rejects(FormDefinition, { title: 'T', submit: { label: 'S' } });
  rejects(FormDefinition, { id: 'x', title: 'T' });
  rejects(FormAction, {});
  rejects(ShowCondition, { eq: 1 });
  rejects(FormField, { key: 'a', type: 'text' });
  rejects(FieldOption, { value: 'a' });
  rejects(FormStep, { id: 's', title: 'S' });
  rejects(StepRoute, { show: [] });
});

shapes('type is any string: built-in or custom', () => {
  accepts(FormField, { key: 'a', type: 'text', label: 'A' });
  accepts(FormField, { key: 'a', type: 'star-rating', label: 'A' });
  rejects(FormField, { key: 'a', type: 3, label: 'A' });
});

shapes(
  'builtInFieldTypes lists the 15 types of spec 2.5, hidden and url (Wave 3) and the survey types (Wave 4)',
  () => {
    assert.equal([...builtInFieldTypes].sort(), [
      'autocomplete',
      'checkbox',
      'date',
      'datetime',
      'email',
      'file',
      'hidden',
      'matrix',
      'multiselect',
      'nps',
      'number',
      'password',
      'phone',
      'picture',
      'radio',
      'ranking',
      'rating',
      'scale',
      'select',
      'signature',
      'statement',
      'switch',
      'text',
      'textarea',
      'time',
      'url',
    ]);
  },
);

shapes('condition operands: eq/neq take string, number or boolean; in/notIn lists of string or number', () => {
  for (const eq of ['a', 1, true]) accepts(ShowCondition, { field: 'a', eq, neq: eq });
  rejects(ShowCondition, { field: 'a', eq: null });
  rejects(ShowCondition, { field: 'a', eq: ['a'] });
  accepts(ShowCondition, { field: 'a', in: ['a', 1], notIn: [2] });
  rejects(ShowCondition, { field: 'a', in: [true] });
  rejects(ShowCondition, { field: 'a', notEmpty: 'yes' });
});

shapes('step next/back take a FormAction or false; skip only a FormAction', () => {
  const step = { id: 's', title: 'S', fields: [] };
  accepts(FormStep, { ...step, next: false, back: { label: 'Previous' }, skip: { label: 'Skip' } });
  rejects(FormStep, { ...step, next: true });
  rejects(FormStep, { ...step, skip: false });
});

shapes('a route goes to a step id or null, and null must be written', () => {
  accepts(StepRoute, { to: null });
  accepts(StepRoute, { to: 'end', show: [{ field: 'a', eq: 1 }] });
  rejects(StepRoute, {});
});

shapes('enums: variant and inputMode', () => {
  accepts(FormAction, { label: 'x', variant: 'secondary' });
  rejects(FormAction, { label: 'x', variant: 'danger' });
  accepts(FormField, { key: 'a', type: 'text', label: 'A', inputMode: 'numeric' });
  rejects(FormField, { key: 'a', type: 'text', label: 'A', inputMode: 'decimal' });
});

shapes('required is a boolean or the message', () => {
  accepts(FieldValidation, { required: true });
  accepts(FieldValidation, { required: 'Tell us your name' });
  rejects(FieldValidation, { required: 1 });
});

shapes('lengths and rows are whole non-negative numbers; min/max any number', () => {
  accepts(FieldValidation, { minLength: 0, maxLength: 10, min: -2.5, max: 1e6 });
  rejects(FieldValidation, { minLength: 1.5 });
  rejects(FieldValidation, { maxLength: -1 });
  rejects(FormField, { key: 'a', type: 'textarea', label: 'A', rows: 2.5 });
});

shapes('field keys and step ids are not empty; defaultValue is anything', () => {
  rejects(FormField, { key: '', type: 'text', label: 'A' });
  rejects(FormStep, { id: '', title: 'S', fields: [] });
  accepts(FormField, { key: 'a', type: 'custom', label: 'A', defaultValue: { any: ['thing'] } });
});

shapes.run();

const jsonSchema = suite('schema: generated JSON Schema');
const defs = formDefinitionJsonSchema.$defs as Record<string, Record<string, unknown>>;

jsonSchema('has draft 2020-12, the served path as $id, and the definition at its root', () => {
  assert.is(formDefinitionJsonSchema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.is(formDefinitionJsonSchema.$id, '/v1/schema/form-definition.json');
  assert.is(formDefinitionJsonSchema.type, 'object');
  assert.equal(formDefinitionJsonSchema.required, ['id', 'title', 'submit']);
  // The additive description is optional text, with its meaning documented for editors and agents.
  const description = (formDefinitionJsonSchema.properties as Record<string, Record<string, unknown>>).description;
  assert.is(description.type, 'string');
  assert.match(String(description.description), /hosted page shows under the title/);
});

jsonSchema('is exactly what zod generates from the schemas (not hand-written)', () => {
  const generated = z.toJSONSchema(FormDefinition, { metadata: definitionRegistry }) as Record<string, unknown>;
  const { $id, ...rest } = formDefinitionJsonSchema;
  assert.is($id, '/v1/schema/form-definition.json');
  assert.equal(rest, generated);
});

jsonSchema('names each part in $defs and forbids unknown properties everywhere', () => {
  assert.equal(Object.keys(defs).sort(), [
    'Calculation',
    'Ending',
    'FieldMatrix',
    'FieldOption',
    'FieldScale',
    'FieldValidation',
    'FormAction',
    'FormField',
    'FormStep',
    'MatrixItem',
    'ShowCondition',
    'StepRoute',
  ]);
  assert.is(formDefinitionJsonSchema.additionalProperties, false);
  for (const [name, def] of Object.entries(defs)) assert.is(def.additionalProperties, false, name);
});

jsonSchema('field type is an open string, the built-ins named in its description', () => {
  const type = (defs.FormField.properties as Record<string, Record<string, unknown>>).type;
  assert.is(type.type, 'string');
  assert.is(type.enum, undefined);
  assert.match(String(type.description), 'multiselect');
});

jsonSchema.run();
