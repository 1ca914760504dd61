// When a text holds an email address (Find a person): the whole text in any case with spaces around
// it, or a whole address inside longer text; never a longer address that contains it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { matchedFields, mention, normalizeAddress } from '../../../server/core/people/address-match.ts';

const match = suite('address match');
const ada = normalizeAddress('  Ada@Example.com ');

match('the searched address is trimmed and its ASCII letters folded', () => {
  assert.is(ada, 'ada@example.com');
  assert.is(normalizeAddress('ÄDA@x.org'), 'Äda@x.org', 'only ASCII letters fold, as the store filter does');
});

const rows: [text: string, expected: ReturnType<typeof mention>][] = [
  ['ada@example.com', 'exact'],
  ['ADA@EXAMPLE.COM', 'exact'],
  ['  Ada@example.com\n', 'exact'],
  ['write to ada@example.com, please', 'inside'],
  ['Mail ada@example.com.', 'inside'],
  ['<ada@example.com>', 'inside'],
  ['(ada@example.com)', 'inside'],
  ['first x@y.org then ada@example.com', 'inside'],
  ['xada@example.com', undefined],
  ['ada.b@example.com', undefined],
  ['b.ada@example.com', undefined],
  ['ada@example.com.au', undefined],
  ['ada@example.community', undefined],
  ['ada@example.com-x.org', undefined],
  ['ada@example.co', undefined],
  ['ada@example', undefined],
  ['', undefined],
];
for (const [text, expected] of rows) {
  match(`${JSON.stringify(text)}: ${expected ?? 'no match'}`, () => {
    assert.is(mention(text, ada), expected);
  });
}

match('a later whole mention counts after an earlier longer one', () => {
  assert.is(mention('xada@example.com and ada@example.com', ada), 'inside');
});

match('answers at any depth: list items and parts of objects; the exact one wins', () => {
  assert.equal(
    matchedFields(
      {
        email: 'bob@example.com',
        copies: ['team@example.com', 'ADA@example.com'],
        nested: { a: [{ note: 'cc ada@example.com' }] },
        both: ['ask ada@example.com', 'ada@example.com'],
        count: 3,
        none: null,
      },
      ada,
    ),
    [
      { key: 'copies', exact: true },
      { key: 'nested', exact: false },
      { key: 'both', exact: true },
    ],
  );
  assert.equal(matchedFields({ email: 'bob@example.com' }, ada), []);
});

match.run();
