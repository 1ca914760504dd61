// Hidden characters (spec 2.12): found at any depth, and split out of text where they are so the panel
// can show them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  containsHiddenCharacters,
  hiddenPieces,
  jsonHasHiddenCharacters,
} from '../../shared/text/hidden-characters.ts';

const hidden = suite('hidden characters');

hidden('found in strings, arrays and keys at any depth; plain text and emoji without selectors pass', () => {
  assert.ok(containsHiddenCharacters('a\u200Bb'));
  assert.ok(containsHiddenCharacters(['ok', { deep: ['x\u202Ey'] }]));
  assert.ok(containsHiddenCharacters({ 'k\u2066': 'v' }));
  assert.ok(containsHiddenCharacters('tag \u{E0041}'));
  assert.not.ok(containsHiddenCharacters({ name: 'Zoë 😀', n: 3, list: ['a', null] }));
});

hidden(
  'the yes/no test agrees with the code-point class for every BMP unit, the astral ranges and lone surrogates',
  () => {
    // hiddenPieces matches with the 'u' class, the one spelled in the spec; containsHiddenCharacters has its own faster
    // regex.
    const byClass = (text: string) => hiddenPieces(text).some((p) => 'hidden' in p);
    const texts: string[] = [];
    for (let u = 0; u <= 0xffff; u++) texts.push(`a${String.fromCharCode(u)}b`);
    for (let cp = 0xdffff; cp <= 0xe0200; cp++) texts.push(`a${String.fromCodePoint(cp)}b`);
    for (const cp of [0x10000, 0x1f600, 0xf0000, 0x10ffff]) texts.push(String.fromCodePoint(cp));
    // Lone and misordered surrogates around a tag character.
    texts.push(
      '\uDB40',
      '\uDC00',
      '\uDC00\uDB40',
      '\uD800\uDB40\uDC00',
      '\uDB40\uDB40\uDC41',
      '\uDB40x\uDC41',
      '\uDB40\uDFFF',
    );
    for (const text of texts) assert.is(containsHiddenCharacters(text), byClass(text), JSON.stringify(text));
  },
);

hidden("the test on a value's JSON text agrees with the test on the value, for every unit in keys and strings", () => {
  const values: unknown[] = [
    { name: 'Zoë 😀', n: 3, list: ['a', null], yes: true, deep: { x: [1.5, 'q"\\\n'] } },
    { 'k\u2066': 'v' },
    ['ok', { deep: ['x\u202Ey'] }],
    'tag \u{E0041}',
  ];
  for (let u = 0; u <= 0xffff; u += 1) {
    const c = String.fromCharCode(u);
    values.push({ a: `x${c}y` }, { [`k${c}`]: 1 }, [c]);
  }
  for (const text of ['\uDB40', '\uDC00\uDB40', '\uDB40\uDC41', '\uDB40x\uDC41', '\u{E01EF}', '\u{E01F0}'])
    values.push({ t: text });
  for (const value of values)
    assert.is(jsonHasHiddenCharacters(JSON.stringify(value)), containsHiddenCharacters(value), JSON.stringify(value));
});

hidden('pieces: plain runs and each hidden character by its code point, in order', () => {
  assert.equal(hiddenPieces('plain'), [{ text: 'plain' }]);
  assert.equal(hiddenPieces(''), []);
  assert.equal(hiddenPieces('hi\u200Bthere'), [{ text: 'hi' }, { hidden: 'U+200B' }, { text: 'there' }]);
  assert.equal(hiddenPieces('\u202Eab\u200D\u200D'), [
    { hidden: 'U+202E' },
    { text: 'ab' },
    { hidden: 'U+200D' },
    { hidden: 'U+200D' },
  ]);
  assert.equal(hiddenPieces('x\u{E0041}'), [{ text: 'x' }, { hidden: 'U+E0041' }], 'astral code points count once');
});

hidden.run();
