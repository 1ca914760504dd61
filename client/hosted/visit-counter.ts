// Counting a visit (ARCHITECTURE.md "Knowing how a form does"): a view once per browser session, a
// start at the first answer, each step reached, each question reached and left (the funnel per question),
// posted to /v1/f/{id}/events with navigator.sendBeacon (or fetch keepalive), and the hint that goes with
// the submission. No cookie, no localStorage: the session id and what was sent live in sessionStorage,
// which the browser drops when the tab closes.
import type { VisitSource } from '../../shared/api/visit-source.ts';
import { EVENT_QUESTION_KEY_MAX, EVENTS_BODY_MAX_BYTES, EVENTS_PER_BODY_MAX } from '../../shared/api/limits.ts';

type Event =
  | { type: 'view' }
  | { type: 'start' }
  | { type: 'step'; step: string }
  | { type: 'reached' | 'answered' | 'skipped'; key: string };

/** What the renderer's hooks and the submitter call. */
export interface VisitCounter {
  view(): void;
  start(): void;
  step(id: string): void;
  /** A question shown (`reached`) or left forward with a value (`answered`) or without (`skipped`). */
  question(event: 'reached' | 'answered' | 'skipped', key: string): void;
  /** The Formstead-Visit header value for the submission: the source and the seconds since the start. */
  hint(): string;
  /** The response was stored: the next one measures its time from its own first answer. */
  submitted(): void;
}

const SESSION_KEY = 'formstead:session';

/** sessionStorage, or a Map for this page only where the browser refuses storage (some framed contexts). */
function sessionStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const probe = 'formstead:probe';
    sessionStorage.setItem(probe, '1');
    sessionStorage.removeItem(probe);
    return sessionStorage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    };
  }
}

/** 22 random characters of a-z 0-9, about 113 bits (the events endpoint takes 8 to 64 of A-Z a-z 0-9 - _). */
const newSession = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => (b % 36).toString(36)).join('');

/** Posts one events body; never throws, never waits for an answer (counting must not disturb the form). */
function post(url: string, body: string) {
  // text/plain: a "simple" request, so no CORS preflight; the server reads the body as JSON either way.
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  } catch {
    // Falls through to fetch.
  }
  fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
}

/** The UTF-8 length of a body (the server's limit is in bytes). */
const bytes = (text: string) => new TextEncoder().encode(text).length;

/** A counter for one form on this page, posting to `eventsUrl` with where the visit came from. */
export function createVisitCounter(eventsUrl: string, formId: string, source: VisitSource): VisitCounter {
  const store = sessionStore();
  const session = store.getItem(SESSION_KEY) ?? newSession();
  store.setItem(SESSION_KEY, session);
  const sentKey = `formstead:sent:${formId}`;
  const startedKey = `formstead:started:${formId}`;
  const sent = new Set<string>(JSON.parse(store.getItem(sentKey) ?? '[]') as string[]);
  const body = (list: Event[]) => JSON.stringify({ session, events: list, ...source });
  /** Events waiting for the end of this task: a move forward (step, question left, question reached) is one post. */
  let waiting: Event[] = [];
  const flush = () => {
    let batch: Event[] = [];
    for (const e of waiting) {
      const next = [...batch, e];
      if (batch.length && (next.length > EVENTS_PER_BODY_MAX || bytes(body(next)) > EVENTS_BODY_MAX_BYTES)) {
        post(eventsUrl, body(batch));
        batch = [e];
      } else batch = next;
    }
    waiting = [];
    if (batch.length) post(eventsUrl, body(batch));
  };
  /** Sends each event once per session (the server also counts each once), in bodies within the server's limits. */
  const send = (...events: Event[]) => {
    const fresh = events.filter((e) => {
      // Leaving a question is one event per session, answered or skipped (whichever came first).
      const id =
        'step' in e ? `step:${e.step}` : 'key' in e ? `${e.type === 'reached' ? 'q' : 'left'}:${e.key}` : e.type;
      if (sent.has(id)) return false;
      sent.add(id);
      return true;
    });
    if (!fresh.length) return;
    store.setItem(sentKey, JSON.stringify([...sent]));
    if (!waiting.length) queueMicrotask(flush);
    waiting.push(...fresh);
  };
  return {
    view: () => send({ type: 'view' }),
    start: () => {
      if (store.getItem(startedKey) === null) store.setItem(startedKey, String(Date.now()));
      send({ type: 'start' });
    },
    step: (id) => send({ type: 'step', step: id }),
    // A key past the server's limit is left out: that question goes uncounted rather than refuse the body.
    question: (type, key) => key.length <= EVENT_QUESTION_KEY_MAX && send({ type, key }),
    hint: () => {
      const params = new URLSearchParams(source as Record<string, string>);
      const started = Number(store.getItem(startedKey));
      if (started > 0) params.set('seconds', String(Math.max(0, Math.round((Date.now() - started) / 1000))));
      return params.toString();
    },
    submitted: () => store.removeItem(startedKey),
  };
}
