// Change hints between instances: a write that changes a form row tells the others with NOTIFY (sent
// at COMMIT, so never for a write that rolled back), and each instance LISTENs to drop what it cached.
// Hints only: a listener that lost its connection reconnects and calls onReset, because what was sent
// meanwhile is gone. While it is down, and with hints off (FORMSTEAD_DATABASE_HINTS=off, for a
// transaction-mode pooler that cannot hold a LISTEN), caches are not used at all.
import pg from 'pg';
import type { Queryable } from './db.ts';

/** The channel form-row changes are announced on; the payload is the form id. */
export const FORMS_CHANNEL = 'formstead_forms';

/** Announces, inside the caller's transaction, that form `formId` changed. */
export async function notifyFormChanged(tx: Queryable, formId: string): Promise<void> {
  await tx.q('SELECT pg_notify($1, $2)', [FORMS_CHANNEL, formId]);
}

/** What a listener is told: a form that changed, or that hints may have been missed (drop every cached form). */
export interface ChangeHandlers {
  onForm(formId: string): void;
  /** Called after every (re)connect: notifications sent while not listening are lost. */
  onReset(): void;
  /** Called when the listening connection is lost: until onReset, hints cannot arrive. */
  onLost(): void;
  log?: (line: string) => void;
}

/** Longest wait between reconnection attempts. */
const MAX_RETRY_MS = 5000;

/** Listens for change hints on a connection of its own, reconnecting until `close()`. */
export function listenForChanges(
  connectionString: string,
  handlers: ChangeHandlers,
): { ready: Promise<void>; close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 250;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      handlers.onLost();
      if (err) handlers.log?.(`change hints: connection lost (${err.message}); reconnecting`);
      c.end().catch(() => {});
      if (!closed) timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === FORMS_CHANNEL && n.payload) handlers.onForm(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${FORMS_CHANNEL}`);
      retryMs = 250;
      handlers.onReset();
      markReady();
    } catch (err) {
      onLost(err as Error);
    }
  };
  void connect();
  return {
    ready,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
