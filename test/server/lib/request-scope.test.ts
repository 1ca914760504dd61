// The request scope of log lines (server/lib/request-scope.ts): carried through awaits, thens and promises
// settled by I/O, never mixed between interleaved requests, even where two requests await one shared promise;
// nothing outside a request.
import { setImmediate as tick } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { currentScope, runInScope } from '../../../server/lib/request-scope.ts';

const scope = suite('request scope');

/** A request's work: awaits of its own, of I/O, and of `shared` (made by another request), recording its scope. */
async function work(id: string, shared: Promise<void>, seen: string[]) {
  const look = () => seen.push(`${id}:${currentScope()?.id ?? 'none'}`);
  look();
  await null;
  look();
  await tick();
  look();
  await shared;
  look();
  await Promise.all([tick(), Promise.resolve(1).then(look)]);
  await new Promise<void>((resolve) => setTimeout(resolve, 1));
  look();
}

scope('fifty interleaved requests each see their own scope after every await; none outside', async () => {
  const seen: string[] = [];
  let open = () => {};
  const shared = runInScope({ id: 'first' }, () => new Promise<void>((resolve) => (open = resolve)));
  const ids = Array.from({ length: 50 }, (_, i) => `r${i}`);
  const all = ids.map((id) => runInScope({ id }, () => work(id, shared, seen)));
  assert.is(currentScope(), undefined);
  await tick();
  open();
  await Promise.all(all);
  assert.is(seen.length, 50 * 6);
  for (const line of seen) {
    const [id, found] = line.split(':');
    assert.is(found, id, line);
  }
  assert.is(currentScope(), undefined);
  await tick();
  assert.is(currentScope(), undefined);
});

scope('a scope run inside another is restored after it; a throw restores it too', () => {
  runInScope({ id: 'outer' }, () => {
    runInScope({ id: 'inner' }, () => assert.is(currentScope()?.id, 'inner'));
    assert.is(currentScope()?.id, 'outer');
    assert.throws(() =>
      runInScope({ id: 'thrown' }, () => {
        throw new Error('x');
      }),
    );
    assert.is(currentScope()?.id, 'outer');
  });
  assert.is(currentScope(), undefined);
});

scope.run();
