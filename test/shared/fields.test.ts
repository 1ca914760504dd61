// allFields: the one place that says which fields a definition has (non-empty steps win over fields).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { allFields, type FormDefinition } from '../../shared/engine/index.ts';

const fields = suite('allFields');
const field = (key: string) => ({ key, type: 'text', label: key });
const base = { id: 'f', title: 'F', submit: { label: 'Go' } };

fields('a single-step form lists its fields in order', () => {
  assert.equal(
    allFields({ ...base, fields: [field('a'), field('b')] } as FormDefinition).map((f) => f.key),
    ['a', 'b'],
  );
});

fields("a multi-step form lists every step's fields in step order", () => {
  const def = {
    ...base,
    steps: [
      { id: 's1', title: 'S1', fields: [field('a')] },
      { id: 's2', title: 'S2', fields: [field('b'), field('c')] },
    ],
  };
  assert.equal(
    allFields(def as FormDefinition).map((f) => f.key),
    ['a', 'b', 'c'],
  );
});

fields('empty steps fall back to fields, as the engine treats them', () => {
  assert.equal(
    allFields({ ...base, steps: [], fields: [field('x')] } as FormDefinition).map((f) => f.key),
    ['x'],
  );
  assert.equal(allFields(base as FormDefinition), []);
});

fields.run();
