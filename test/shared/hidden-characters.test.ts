// Hidden characters (spec 2.12): found at any depth, and split out of text where they are so the panel
// can show them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { containsHiddenCharacters, hiddenPieces } from '../../shared/text/hidden-characters.ts';

const hidden = suite('hidden characters');

hidden('found in strings, arrays and keys at any depth; plain text and emoji without selectors pass', () => {
  assert.ok(containsHiddenCharacters('a\u200Bb'));
  assert.ok(containsHiddenCharacters(['ok', { deep: ['x\u202Ey'] }]));
  assert.ok(containsHiddenCharacters({ 'k\u2066': 'v' }));
  assert.ok(containsHiddenCharacters('tag \u{E0041}'));
  assert.not.ok(containsHiddenCharacters({ name: 'Zoë 😀', n: 3, list: ['a', null] }));
});

hidden('pieces: plain runs and each hidden character by its code point, in order', () => {
  assert.equal(hiddenPieces('plain'), [{ text: 'plain' }]);
  assert.equal(hiddenPieces(''), []);
  assert.equal(hiddenPieces('hi\u200Bthere'), [{ text: 'hi' }, { hidden: 'U+200B' }, { text: 'there' }]);
  assert.equal(hiddenPieces('\u202Eab\u200D\u200D'), [{ hidden: 'U+202E' }, { text: 'ab' }, { hidden: 'U+200D' }, { hidden: 'U+200D' }]);
  assert.equal(hiddenPieces('x\u{E0041}'), [{ text: 'x' }, { hidden: 'U+E0041' }], 'astral code points count once');
});

hidden.run();
