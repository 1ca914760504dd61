import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nativeRegex, type RegexEngine } from '../../shared/engine/index.ts';
import { linearRegex } from '../../server/lib/safe-regex.ts';

const engines: [string, RegexEngine][] = [
  ['nativeRegex', nativeRegex],
  ['linearRegex', linearRegex],
];

const contract = suite('regex engines: the same contract');

contract('a pattern is found anywhere in the value; ^ and $ anchor it', () => {
  for (const [name, engine] of engines) {
    assert.ok(engine.compile('b')('abc'), name);
    assert.not.ok(engine.compile('^b')('abc'), name);
    assert.ok(engine.compile('^a.c$')('abc'), name);
    assert.not.ok(engine.compile('^\\d{4}$')('12345'), name);
  }
});

contract('both count Unicode code points, not UTF-16 units', () => {
  for (const [name, engine] of engines) {
    assert.ok(engine.compile('^.$')('😀'), name);
    assert.ok(engine.compile('^\\p{L}+$')('Zoë'), name);
    assert.ok(engine.compile('^caf\\u00e9$')('café'), name);
  }
});

contract('a compiled tester keeps no state between calls', () => {
  for (const [name, engine] of engines) {
    const test = engine.compile('a');
    assert.equal([test('a'), test('a'), test('b'), test('a')], [true, true, false, true], name);
  }
});

contract('invalid syntax throws at compile time', () => {
  for (const [name, engine] of engines) assert.throws(() => engine.compile('(unclosed'), undefined, name);
});

contract.run();

const linear = suite('regex engines: linearRegex');

linear('refuses backreferences and lookaround, naming why', () => {
  for (const pattern of ['(a)\\1', '(?=a)', '(?!a)b', '(?<=a)b', '(?<!a)b']) {
    assert.throws(() => linearRegex.compile(pattern), /no backreferences or lookaround/, pattern);
    nativeRegex.compile(pattern);
  }
});

linear('accepts JavaScript spellings such as named groups', () => {
  assert.ok(linearRegex.compile('^(?<year>\\d{4})-\\d{2}$')('2026-11'));
});

linear('runs a pattern that makes backtracking engines explode, on a long input', () => {
  const evil = linearRegex.compile('^(a+)+$');
  assert.not.ok(evil(`${'a'.repeat(20000)}!`));
  assert.ok(evil('a'.repeat(20000)));
});

linear.run();
