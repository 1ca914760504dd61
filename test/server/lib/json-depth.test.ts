// nestsDeeperThan: the native count of opening brackets answers "no" for texts with too few of them, and
// every other text is measured character by character; both ways agree at and past the limit.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../server/lib/json-depth.ts';

const depth = suite('json depth');
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const mixed = (arrays: number, objs: number) => `${'['.repeat(arrays)}${objects(objs)}${']'.repeat(arrays)}`;

depth('at the limit passes, one past it is refused, with arrays, objects or both', () => {
  assert.not.ok(nestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`));
  assert.ok(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH + 1)));
  assert.not.ok(nestsDeeperThan(objects(MAX_JSON_DEPTH)));
  assert.ok(nestsDeeperThan(objects(MAX_JSON_DEPTH + 1)));
  assert.not.ok(nestsDeeperThan(mixed(30, MAX_JSON_DEPTH - 30)));
  assert.ok(nestsDeeperThan(mixed(30, MAX_JSON_DEPTH - 29)));
});

depth('many brackets side by side or inside strings are not depth', () => {
  assert.not.ok(nestsDeeperThan(`[${Array.from({ length: 200 }, () => '[]').join(',')}]`));
  assert.not.ok(nestsDeeperThan(JSON.stringify({ text: '[{'.repeat(200) })));
  // Brackets in a string, and the real nesting past the limit after it.
  assert.ok(nestsDeeperThan(`{"x":"${'['.repeat(100)}","y":${'['.repeat(MAX_JSON_DEPTH)}}`));
});

depth.run();
