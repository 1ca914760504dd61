// The PostgreSQL connection pool and the two ways the store uses it: a single statement, or a
// transaction on one connection that commits only if its function returns.
import pg from 'pg';
import type { StorageHealth } from '../../../lib/durable/durable-db.ts';
import { StorageError } from '../../../lib/storage-error.ts';

/** A parameter of a query (a string[] is a text[] for `= ANY($n)`; a number[] a float8[] or bigint[] by its cast). */
export type Param = string | number | boolean | null | string[] | number[];

/** A row as pg answers it: each statement's caller knows its columns (rows.ts maps them to records). */
// biome-ignore lint/suspicious/noExplicitAny: the columns of a row are the statement's, unknown to the type system
export type Row = Record<string, any>;

/** What a statement answers: its rows and how many rows it changed. */
export interface Result {
  rows: Row[];
  changes: number;
}

/** One connection inside a transaction (or the pool for single statements). */
export interface Queryable {
  /** `name` prepares the statement once per connection (a hot statement: parsed and planned once). */
  q(sql: string, params?: Param[], name?: string): Promise<Result>;
  get(sql: string, params?: Param[], name?: string): Promise<Row | undefined>;
}

/**
 * Advisory lock classes (first key of `pg_advisory_xact_lock(class, key)`): one class per rule that
 * counts rows before inserting one, so two instances serialise on the same key and nothing else.
 */
export const LockClass = {
  migrations: 1,
  accountKeys: 2,
  owners: 3,
  reports: 4,
  drafts: 5,
  email: 6,
  unclaimed: 7,
  spam: 8,
  exclusive: 9,
  /** Taken with pg_try_advisory_xact_lock inside formstead_fold_counts (the number is written there). */
  usageFold: 10,
  /**
   * A form's inserts in flight: each takes it shared inside formstead_insert_submission (the number is
   * written there), a read of the form's submissions in seq order takes it alone (pg/submissions.ts `page`).
   */
  formInserts: 11,
  /** A workspace's audit log: one append at a time reads the last hash and chains to it (pg/audit.ts). */
  audit: 12,
  /** A form's image uploads: count and insert under it keep the per-form limit (pg/images.ts). */
  images: 13,
  /** A form's chain step (formstead_chain_append, where the number is written), held to the commit. */
  chainStep: 14,
  /** A form's partial answers: a new session at the per-form limit evicts the oldest under it (pg/partials.ts). */
  partials: 15,
} as const;

// COUNT(*) and BIGSERIAL come back as int8, which pg hands out as strings (they may pass 2^53). Every
// int8 the store reads is a count or a row sequence far below that, so numbers are what callers expect.
const types = {
  getTypeParser: ((oid: number, format?: 'text') =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

type Run = (sql: string, params?: Param[], name?: string) => Promise<pg.QueryResult>;

function wrap(run: Run): Queryable {
  const q = async (sql: string, params?: Param[], name?: string) => {
    const r = await run(sql, params, name);
    return { rows: r.rows, changes: r.rowCount ?? 0 };
  };
  return { q, get: async (sql, params, name) => (await q(sql, params, name)).rows[0] };
}

/** How a pool is made: its size, whether hot statements are prepared, where it logs. */
export interface PgDatabaseOptions {
  max?: number;
  /** Off behind a transaction-mode pooler, where the next statement may run on a connection that never prepared it. */
  prepare?: boolean;
  log?: (line: string) => void;
}

/** The pool with the store's helpers on it. */
export class PgDatabase implements Queryable {
  readonly pool: pg.Pool;
  readonly q: Queryable['q'];
  readonly get: Queryable['get'];
  /**
   * The pool without the store's bookkeeping, for calls that are part of an operation `track` already
   * counts (the insert batcher's: its callers wait in `track`, so close() waits for the batch too).
   */
  readonly direct: Queryable;
  private closed?: Promise<void>;
  /** Operations under way: close waits for them, so a write that was called is never dropped. */
  private inFlight = new Set<Promise<unknown>>();
  /** Whether the last call found the server unreachable (nothing is asked to know it: see health()). */
  private down = false;
  private everReached = false;
  /** Grows each time the server is reached again after being down: hints sent meanwhile were lost. */
  private epoch = 0;

  private readonly prepare: boolean;
  private readonly log: (line: string) => void;

  constructor(connectionString: string, { max = 10, prepare = true, log = () => {} }: PgDatabaseOptions = {}) {
    this.prepare = prepare;
    this.log = log;
    // A dead server must fail a request, not hang it: connecting gives up after 5 s (a refused
    // connection fails at once); the pool reconnects on the next call once the server is back.
    this.pool = new pg.Pool({ connectionString, max, types, connectionTimeoutMillis: 5000 });
    // An idle connection the server dropped emits here; without a listener Node would crash the process.
    this.pool.on('error', () => {});
    // A connection the server ends (restart, failover) also emits on its client: without a listener
    // there, Node would crash the process. The call using it rejects on its own and is mapped below.
    this.pool.on('connect', (client) => client.on('error', () => {}));
    this.direct = wrap((text, values, name) => this.run(this.pool, text, values, name));
    const w = wrap((text, values, name) => this.track(() => this.run(this.pool, text, values, name)));
    this.q = w.q;
    this.get = w.get;
  }

  /** One statement; a named one is parsed and planned once per connection, unless `prepare` is off. */
  private run(on: pg.Pool | pg.PoolClient, text: string, values?: Param[], name?: string) {
    return on.query({ text, values, name: this.prepare ? name : undefined });
  }

  /** Runs `fn` in one transaction (READ COMMITTED: the row locks and advisory locks it takes are what keep limits). */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.track(async () => {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap((text, values, name) => this.run(client, text, values, name)));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    });
  }

  /** Whether calls reach the server, as the last one found (no I/O); 'failed' once closed. */
  health(): StorageHealth {
    return { state: this.closed ? 'failed' : this.down ? 'unreachable' : 'ok', epoch: this.epoch };
  }

  /** health(), after asking the server (GET /readyz: an idle instance still learns the server is back or gone). */
  async checkHealth(): Promise<StorageHealth> {
    if (!this.closed) await this.q('SELECT 1').catch(() => {});
    return this.health();
  }

  /** Waits for every operation under way, then ends the pool; a second call resolves with the first. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      await this.pool.end();
    })();
    return this.closed;
  }

  private reached() {
    this.everReached = true;
    if (!this.down) return;
    this.down = false;
    this.epoch++;
    this.log('PostgreSQL is reachable again; requests are served');
  }

  private lost(err: StorageError) {
    if (this.down) return;
    this.down = true;
    // One line when it goes, one when it is back (not one per refused request). Before the first
    // success the start itself fails, with its own line.
    if (this.everReached) this.log(`${err.message} Requests that need it answer 503 until it is back`);
  }

  /**
   * Runs `op` as one operation of the store: refused once closed, waited for by close(), and its failure
   * mapped to 'database_unavailable' when the server could not be reached.
   */
  track<T>(op: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new StorageError('closed', 'The PostgreSQL store is closed.'));
    const p = op().then(
      (result) => {
        this.reached();
        return result;
      },
      (err) => {
        const lost = unavailable(err);
        // Any other error came from the server (a constraint, a bug), so it was reached.
        if (lost) this.lost(lost);
        else this.reached();
        throw lost ?? err;
      },
    );
    this.inFlight.add(p);
    const done = () => this.inFlight.delete(p);
    p.then(done, done);
    return p;
  }
}

/** Takes a transaction-scoped advisory lock on (class, text key), released at COMMIT or ROLLBACK. */
export async function lockKey(tx: Queryable, cls: number, key: string): Promise<void> {
  await tx.q('SELECT pg_advisory_xact_lock($1, hashtext($2))', [cls, key]);
}

/** Connection-level failures: the server is down, restarting, refusing connections, or the network broke. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/**
 * A StorageError('database_unavailable') for an error that says PostgreSQL cannot be reached (the
 * callers answer 503 and retry later), or undefined for any other error (a constraint, a bug), which
 * must stay as it is.
 */
export function unavailable(err: unknown): StorageError | undefined {
  if (err instanceof StorageError) return undefined;
  const e = err as { code?: string; message?: string };
  const lost =
    (e.code !== undefined && (UNREACHABLE.has(e.code) || e.code.startsWith('08'))) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      e.message ?? '',
    );
  return lost
    ? new StorageError('database_unavailable', `PostgreSQL cannot be reached (${e.code ?? e.message}).`, { cause: err })
    : undefined;
}
