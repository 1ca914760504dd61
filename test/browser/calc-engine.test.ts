// The formula case table (test/shared/calc-cases.ts) in Chromium, against the built dist/engine.mjs (the
// engine browsers run): every row must give the result the table expects, the same as in Node
// (test/shared/calc.test.ts). Run `node scripts/build.mjs` first.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateSubmission } from '../../shared/engine/index.ts';
import { engineInChromium } from '../helpers/engine-page.ts';
import { calcCases, caseDefinition, caseValues } from '../shared/calc-cases.ts';

let chromium: Awaited<ReturnType<typeof engineInChromium>>;

const engine = suite('calculations in Chromium (dist/engine.mjs)');
engine.before(async () => {
  chromium = await engineInChromium();
});
engine.after(() => chromium?.close());

engine('every row of the case table gives the same result in the browser as in Node', async () => {
  const results = await chromium.run(
    calcCases.map((c) => ({ definition: caseDefinition(c.formula), values: caseValues(c) })),
  );
  assert.is(results.length, calcCases.length);
  calcCases.forEach((c, i) => {
    assert.equal(results[i].checkProblems, [], c.formula);
    assert.equal(results[i].problems, [], c.formula);
    assert.is(results[i].values.r, c.expect, `${c.formula} in Chromium`);
    assert.is(results[i].values.r, evaluateSubmission(caseDefinition(c.formula), caseValues(c)).values.r, c.formula);
  });
});

engine.run();
