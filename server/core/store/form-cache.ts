// A read-through cache of form records in front of any Store. Every submission reads its form, and
// building that row into an object is a measurable share of the ingest path (docs/performance.md);
// form rows change rarely, and every change passes through the methods wrapped here.
import type { FormRecord, Store } from './types.ts';

/**
 * Tells the cache about writes other processes made (PostgreSQL with many instances): `forget(id)`
 * for one form, `forget()` for all (hints were missed), and `live(false)` while hints cannot arrive (the
 * listening connection is down), `live(true)` once they can again. Called once, at wrapping.
 */
export type FormCacheHints = (forget: (formId?: string) => void, live: (on: boolean) => void) => void;

/** Each cache's synchronous read, by the `forms` it wraps (see cachedForm). */
const held = new WeakMap<Store['forms'], (id: string) => FormRecord | undefined>();

/**
 * The row `store.forms.byId(id)` would answer, when a form cache holds it and knows it current: the cache's own
 * object, to read and never change (copy it to keep it); undefined otherwise (then ask byId). The submission path
 * reads its form with it, without a promise and with one copy instead of two (docs/performance.md, "session 6").
 */
export function cachedForm(store: Store, id: string): Readonly<FormRecord> | undefined {
  return held.get(store.forms)?.(id);
}

/**
 * Wraps a store so `forms.byId` is served from memory; writes through the wrapper keep it exact, and
 * `hints`, when given, report the writes of other instances. With hints, the cache serves nothing until
 * they are live, and nothing while they are down: a read then goes to the store (slower, never stale).
 */
export function withFormCache(store: Store, max = 1000, hints?: FormCacheHints): Store {
  const cache = new Map<string, FormRecord>();
  const forget = (id: string) => cache.delete(id);
  // Bumped by every hint: a read that started before a hint may hold the row from before that write,
  // so it is answered but not cached (it would stay stale until the next hint).
  let heard = 0;
  let live = hints === undefined;
  hints?.(
    (id) => {
      heard++;
      if (id === undefined) cache.clear();
      else forget(id);
    },
    (on) => {
      heard++;
      cache.clear();
      live = on;
    },
  );
  const forms = store.forms;
  // A store that rebuilt its memory (after a full disk) may have lost rows a reader cached meanwhile.
  let epoch = store.storage().epoch;
  /** The cached row when it can be served (the store's memory unchanged, hints live); not a copy. */
  const current = (id: string): FormRecord | undefined => {
    const now = store.storage().epoch;
    if (now !== epoch) {
      cache.clear();
      epoch = now;
    }
    if (!live) return undefined;
    return cache.get(id);
  };
  const cachedForms: Store['forms'] = {
    ...forms,
    byId: async (id) => {
      const hit = current(id);
      if (hit) return { ...hit };
      if (!live) return forms.byId(id);
      const before = heard;
      const form = await forms.byId(id);
      if (form && heard === before && live) {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(id, form);
      }
      return form && { ...form };
    },
    create: async (...args) => {
      forget(args[0].id);
      return forms.create(...args);
    },
    addVersion: async (formId, ...rest) => {
      // Forget before and after: a reader between the two would otherwise cache the old row.
      forget(formId);
      await forms.addVersion(formId, ...rest);
      forget(formId);
    },
    claim: async (formId, workspaceId) => {
      forget(formId);
      const claimed = await forms.claim(formId, workspaceId);
      forget(formId);
      return claimed;
    },
    update: async (formId, patch) => {
      forget(formId);
      await forms.update(formId, patch);
      forget(formId);
    },
    delete: async (formId) => {
      forget(formId);
      const submissions = await forms.delete(formId);
      forget(formId);
      return submissions;
    },
    claimResponseMail: async (formId, ...rest) => {
      forget(formId);
      const claim = await forms.claimResponseMail(formId, ...rest);
      forget(formId);
      return claim;
    },
  };
  held.set(cachedForms, current);
  return {
    ...store,
    forms: cachedForms,
    // Delivery outcomes change a form's failure streak, so they drop the cached row too.
    webhooks: {
      ...store.webhooks,
      recordAttempt: async (result) => {
        const outcome = await store.webhooks.recordAttempt(result);
        // Mirror the streak the write stored rather than dropping the row (one write per delivery).
        const cached = cache.get(result.attempt.formId);
        if (cached) {
          cached.webhookFailures = outcome.failures;
          if (outcome.mailFailure) cached.webhookFailureMailedAt = result.attempt.createdAt;
        }
        return outcome;
      },
      cancelPending: async (formId, at, channel) => {
        // The channel passes through: removing a Slack address cancels Slack's deliveries, not the webhook's.
        const n = await store.webhooks.cancelPending(formId, at, channel);
        forget(formId);
        return n;
      },
    },
    submissions: {
      ...store.submissions,
      // `then`, not async and await: one promise a submission fewer (docs/performance.md, "session 6").
      insert: (sub) =>
        store.submissions.insert(sub).then((outcome) => {
          // The insert bumped the form's count; mirror the value it answered (not +1: a reader may have
          // cached the row after the transaction ran and before this promise resolved), never lowering it:
          // on PostgreSQL concurrent inserts may answer the same count, or answer out of order.
          const cached = cache.get(sub.formId);
          if (cached && outcome.kind === 'stored')
            cached.submissionCount = Math.max(cached.submissionCount, outcome.submissionCount);
          return outcome;
        }),
      // Deleting lowers the row's counter: forget it rather than mirror (a rare write).
      delete: async (formId, ids, at, reason, notice) => {
        const deleted = await store.submissions.delete(formId, ids, at, reason, notice);
        forget(formId);
        return deleted;
      },
    },
  };
}
