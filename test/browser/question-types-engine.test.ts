// The question-type case table (test/shared/question-type-cases.ts) in Chromium, against the built
// dist/engine.mjs (the engine browsers run): every row must give the problems, values and visibility the
// table says, the same as in Node (test/shared/question-types.test.ts). Run `node scripts/build.mjs` first.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type EngineResult, engineInChromium } from '../helpers/engine-page.ts';
import { caseDefinition, typeCases } from '../shared/question-type-cases.ts';

let chromium: Awaited<ReturnType<typeof engineInChromium>>;

const engine = suite('question types in Chromium (dist/engine.mjs)');
engine.before(async () => {
  chromium = await engineInChromium();
});
engine.after(() => chromium?.close());

engine('every row of the question-type table answers in the browser as the table says', async () => {
  const results: EngineResult[] = await chromium.run(
    typeCases.map((c) => ({ definition: caseDefinition(c), values: c.values, coerce: c.coerce })),
  );
  assert.is(results.length, typeCases.length);
  typeCases.forEach((c, i) => {
    const r = results[i];
    assert.equal(r.checkProblems, [], c.name);
    assert.equal(r.problems, c.problems, `${c.name} in Chromium`);
    if ('accepted' in c) assert.equal(r.values.q, c.accepted, `${c.name} in Chromium`);
    if (c.when) assert.is('shown' in r.values, c.when.shows, `${c.name} in Chromium`);
  });
});

engine.run();
