// undeclaredInputs (accept_undeclared): which inputs are kept, as what text, and each limit at and past its edge.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FormDefinition } from '../../../shared/engine/index.ts';
import {
  UNDECLARED_BYTES_MAX,
  UNDECLARED_INPUTS_MAX,
  UNDECLARED_KEY_MAX,
  undeclaredInputs,
} from '../../../server/core/undeclared-inputs.ts';

const definition = {
  id: 'd',
  title: 'D',
  fields: [{ key: 'name', type: 'text', label: 'Name' }],
  calculations: [{ key: 'total', label: 'Total', expression: '1' }],
} as unknown as FormDefinition;

const kept = suite('undeclaredInputs');

kept('fields, calculations and `_` names are never kept; lists are joined; "__proto__" is a `_` name', () => {
  const r = undeclaredInputs(definition, {
    name: 'Ada',
    total: '99',
    _next: 'x',
    _anything: 'y',
    tags: ['a', 'b'],
    ['__proto__']: 'p',
    empty: '',
  });
  assert.equal(r.dropped, 0);
  assert.equal(Object.keys(r.extra!), ['tags', 'empty']);
  assert.equal(r.extra!.tags, 'a, b');
  assert.is(Object.getPrototypeOf(r.extra), Object.prototype);
  assert.equal(undeclaredInputs(definition, { name: 'Ada', _x: '1' }), { extra: undefined, dropped: 0 });
});

kept('at most 50 inputs: the 51st is dropped and counted', () => {
  const posted = Object.fromEntries(Array.from({ length: UNDECLARED_INPUTS_MAX + 1 }, (_, i) => [`k${i}`, 'v']));
  const r = undeclaredInputs(definition, posted);
  assert.is(Object.keys(r.extra!).length, UNDECLARED_INPUTS_MAX);
  assert.not.ok(`k${UNDECLARED_INPUTS_MAX}` in r.extra!);
  assert.is(r.dropped, 1);
});

kept('names up to 64 characters: 64 kept, 65 dropped', () => {
  const at = 'a'.repeat(UNDECLARED_KEY_MAX);
  const r = undeclaredInputs(definition, { [at]: '1', [`${at}b`]: '2' });
  assert.equal(r.extra, { [at]: '1' });
  assert.is(r.dropped, 1);
});

kept(
  '64 KB of names and texts in all (UTF-8 bytes): an input that would pass it is dropped, a later small one kept',
  () => {
    // "a" + 65,534 bytes = 65,535; "b" + "é" (2 bytes) would make 65,538, past the edge; "c" + "" fits (65,536).
    const r = undeclaredInputs(definition, { a: 'x'.repeat(UNDECLARED_BYTES_MAX - 2), b: 'é', c: '' });
    assert.equal(Object.keys(r.extra!), ['a', 'c']);
    assert.is(r.dropped, 1);
    const exact = undeclaredInputs(definition, { a: 'x'.repeat(UNDECLARED_BYTES_MAX - 1) });
    assert.is(exact.dropped, 0, 'exactly 64 KB is kept');
    assert.is(
      undeclaredInputs(definition, { a: 'x'.repeat(UNDECLARED_BYTES_MAX) }).dropped,
      1,
      'one byte past is dropped',
    );
  },
);

kept.run();
