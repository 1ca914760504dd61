// The frame every contract suite is written in: a fresh store per row from the backend's factory, a
// row named after the Store method it is about, and a check that the row really calls that method.
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Store } from '../../../server/core/store/types.ts';

/** A store freshly opened on empty data; `reopen` closes it and opens the same data again. */
export interface OpenedStore {
  store: Store;
  /**
   * Closes `store` (if still open) and opens the same data again, as a restart does; without it the durability rows
   * fail.
   */
  reopen?: () => Promise<Store>;
  /** Closes whatever store is open now and removes the data. */
  cleanup: () => Promise<void>;
}

/** What a backend gives the contract: a new, empty store on each call. */
export type StoreFactory = () => Promise<OpenedStore>;

/** What a row works with: the store of this row, replaced by the reopened one after `reopen`. */
export interface World {
  store: Store;
  /** Closes and reopens the store; `world.store` is the reopened one afterwards. */
  reopen(): Promise<void>;
  canReopen: boolean;
}

/** Every `group.method` some row declared as its subject, filled while suites are defined (the guard reads it). */
export const subjects = new Set<string>();

type Row = (world: World) => Promise<void>;

/**
 * One suite of an area: `rule(method, title, body)` adds a row about `method` ("forms.claim"). The row
 * fails if its body never calls `method`, so a table cannot claim a method it does not exercise.
 */
export function contractSuite(backend: string, area: string, factory: StoreFactory) {
  const s: Test = suite(`${backend} store contract: ${area}`);
  const rule = (method: string, title: string, body: Row) => {
    subjects.add(method);
    s(`${method}: ${title}`, async () => {
      const opened = await factory();
      const called = new Set<string>();
      const world: World = {
        store: recording(opened.store, called),
        canReopen: opened.reopen !== undefined,
        async reopen() {
          if (!opened.reopen) throw new Error('this backend cannot reopen');
          world.store = recording(await opened.reopen(), called);
        },
      };
      // Cleaned up here rather than in after.each, which uvu skips when the row fails.
      try {
        await body(world);
      } finally {
        await opened.cleanup();
      }
      assert.ok(called.has(method), `the row about ${method} never calls it`);
    });
  };
  /**
   * Rows kept in view but skipped: `violation` (the implementation breaks a documented rule) and
   * `proposed` (a rule the doc comments do not state yet). STORE_CONTRACT_PENDING=1 runs their bodies,
   * to see whether a fix landed; then turn them into plain rows.
   */
  const pending = (kind: string) => (method: string, title: string, why: string, body: Row) => {
    if (process.env.STORE_CONTRACT_PENDING === '1') return rule(method, `${title} [${kind}]`, body);
    subjects.add(method);
    s.skip(`${method}: ${title} [${kind}: ${why}]`, async () => {});
  };
  rule.violation = pending('contract violation');
  rule.proposed = pending('proposed rule');
  return { rule, run: () => s.run() };
}

/** Wraps a store so every `group.method` (and `snapshot`, `close`) that is looked up is recorded. */
function recording(store: Store, called: Set<string>): Store {
  const wrapped: Record<string, unknown> = {};
  for (const [name, part] of Object.entries(store)) {
    if (typeof part === 'function') {
      wrapped[name] = (...args: unknown[]) => {
        called.add(name);
        return (part as (...a: unknown[]) => unknown).apply(store, args);
      };
    } else {
      wrapped[name] = new Proxy(part as object, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof value === 'function' && typeof prop === 'string') called.add(`${name}.${prop}`);
          return value;
        },
      });
    }
  }
  return wrapped as unknown as Store;
}
