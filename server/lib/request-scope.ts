// The request being handled, for the log lines written while handling it, carried along the request's promises.
// Node 20 and 22's AsyncLocalStorage runs async_hooks' init, before and after hooks on every promise of the
// process once it is used: ~10 µs of CPU a submission (~19 promises; docs/performance.md, "The HTTP side of a
// submission, session 8"). V8's own promise hooks doing no more than storing and restoring the scope cost about a
// third of that. Node 24 carries AsyncLocalStorage in V8's continuation data (AsyncContextFrame) with no hook at
// all, so there it is used as it is.
import { AsyncLocalStorage } from 'node:async_hooks';
import { promiseHooks } from 'node:v8';

/** What a log line knows of the request it was written for. */
export interface RequestScope {
  /** The X-Request-Id of the answer. */
  id: string;
}

/** Where a promise keeps the scope it was made in. */
const SCOPE = Symbol('requestScope');

type Scoped = Promise<unknown> & { [SCOPE]?: RequestScope };

/** Node 24 and later: AsyncLocalStorage needs no hook (AsyncContextFrame is the default there). */
const nodeMajor = Number(process.versions.node.split('.')[0]);
const storage = nodeMajor >= 24 ? new AsyncLocalStorage<RequestScope>() : undefined;

let current: RequestScope | undefined;
let hooked = false;

/**
 * Runs `fn` as part of the request `scope`: every promise made in it, and every promise made in their reactions
 * (awaits, `then`s), keeps the scope, so a line logged after any number of awaits names the request. A callback
 * of a timer, stream or event started by the request but not reached through a promise of it runs outside
 * (AsyncLocalStorage would carry it there too; the request's lines are written from promise chains).
 */
export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  if (storage) return storage.run(scope, fn);
  if (!hooked) hookPromises();
  const outer = current;
  current = scope;
  try {
    return fn();
  } finally {
    current = outer;
  }
}

/** The request being handled here, if any. */
export function currentScope(): RequestScope | undefined {
  return storage ? storage.getStore() : current;
}

/** Once: a promise keeps the scope it is made in; its reactions run in that scope. */
function hookPromises(): void {
  hooked = true;
  promiseHooks.onInit((promise: Scoped) => {
    if (current !== undefined) promise[SCOPE] = current;
  });
  promiseHooks.onBefore((promise: Scoped) => {
    current = promise[SCOPE];
  });
  promiseHooks.onAfter(() => {
    current = undefined;
  });
}
