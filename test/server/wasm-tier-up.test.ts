// sql.js's functions reach V8's optimizing compiler only under load, not at a start (server/lib/durable/
// wasm-tiering.ts): a start that set off TurboFan kept ~50 MB of its compiler memory for good.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setWasmTierUpBudget, V8_TIERING_BUDGET, WASM_TIERING_BUDGET } from '../../server/lib/durable/wasm-tiering.ts';
import { setV8Flag } from '../../server/lib/v8-flags.ts';
import { startServer, tempDataDir } from '../helpers/server.ts';

const tierUp = suite('WebAssembly tier-up at a start');

/** What V8's compile trace says of one start of the bundle on `dataDir`, stopped by SIGTERM. */
async function startTrace(dataDir: string) {
  const server = await startServer({ dataDir, nodeArgs: ['--trace-wasm-compilation-times'] });
  const code = await server.stop('SIGTERM');
  const out = server.output();
  return {
    code,
    liftoff: out.split('\n').filter((l) => l.includes('using Liftoff')).length,
    turbofan: out.split('\n').filter((l) => l.includes('using TurboFan')),
  };
}

tierUp('a start on an empty folder and a restart compile sql.js with Liftoff only', async () => {
  const dataDir = await tempDataDir();
  for (const start of ['first', 'second']) {
    const trace = await startTrace(dataDir);
    assert.is(trace.code, 0);
    // The trace is there (SQLite ran: its functions were compiled at their first call) ...
    assert.ok(trace.liftoff > 100, `${start} start: ${trace.liftoff} Liftoff compiles traced`);
    // ... and none of them was hot enough for TurboFan.
    assert.equal(trace.turbofan, [], `${start} start`);
  }
});

tierUp('the budget is set unless the command line or NODE_OPTIONS names one', () => {
  assert.ok(WASM_TIERING_BUDGET < 2 ** 31, "within the flag's int range");
  assert.is(setV8Flag('wasm-tiering-budget', WASM_TIERING_BUDGET, ['--wasm-tiering-budget=5000'], ''), false);
  assert.is(
    setV8Flag('wasm-tiering-budget', WASM_TIERING_BUDGET, [], '--wasm_tiering_budget=5000 --max-old-space-size=200'),
    false,
  );
  assert.is(setV8Flag('wasm-tiering-budget', WASM_TIERING_BUDGET, ['--max-old-space-size=200'], ''), true);
  // Another flag that begins with the same words is not the operator's choice of this one.
  assert.is(setV8Flag('wasm-tiering-budget', WASM_TIERING_BUDGET, ['--wasm-tiering-budget-x=1'], ''), true);
  // Under load (a snapshot worker replaying a full journal): V8's own budget, unless the operator set one.
  assert.is(V8_TIERING_BUDGET, 1_800_000);
  assert.is(setWasmTierUpBudget(true, [], ''), true);
  assert.is(setWasmTierUpBudget(true, ['--wasm-tiering-budget=5000'], ''), false);
  assert.is(setWasmTierUpBudget(false, [], ''), true);
});

tierUp.run();
