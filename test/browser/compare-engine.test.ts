// The comparison case table (test/shared/compare-cases.ts) in Chromium, against the built dist/engine.mjs
// (the engine browsers run): every row must match as the table says, the same as in Node
// (test/shared/compare.test.ts). Run `node scripts/build.mjs` first.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateSubmission } from '../../shared/engine/index.ts';
import { engineInChromium } from '../helpers/engine-page.ts';
import { compareCases, compareDefinition, compareValues, matched } from '../shared/compare-cases.ts';

let chromium: Awaited<ReturnType<typeof engineInChromium>>;

const engine = suite('gt, gte, lt, lte in Chromium (dist/engine.mjs)');
engine.before(async () => {
  chromium = await engineInChromium();
});
engine.after(() => chromium?.close());

engine('every row of the comparison table matches in the browser as in Node and as the table says', async () => {
  const results = await chromium.run(
    compareCases.map((c) => ({ definition: compareDefinition(c), values: compareValues(c) })),
  );
  assert.is(results.length, compareCases.length);
  compareCases.forEach((c, i) => {
    const row = JSON.stringify(c);
    assert.equal(results[i].checkProblems, [], row);
    assert.is(matched(results[i].values), c.expect, `${row} in Chromium`);
    assert.is(matched(evaluateSubmission(compareDefinition(c), compareValues(c)).values), c.expect, row);
  });
});

engine.run();
