// Partial answers (ARCHITECTURE.md Wave 4 "Partial answers"), loaded only by pages of forms with keep_partial
// (connected-form.ts): once the person has answered a question, what they typed so far is posted to
// /v1/f/{id}/partial when they leave the page (pagehide, the page hidden, or in the popup and slider embeds the
// focus leaving the frame) and after 30 minutes without a change, with the last question they reached. Never a
// password, a file or a signature (the server drops them by field type as well). The session id lives in
// sessionStorage for this form, so a reload sends to the same row; the finished answer carries it (`_session`)
// and replaces the row, after which nothing more is sent.
// Nothing is imported at run time: what it needs is passed in (scripts/client-entries.mjs, lazyModules).
import { PARTIAL_IDLE_MS } from '../../shared/api/limits.ts';

/** Types whose values never leave the page in a partial answer. */
const NEVER_SENT = ['password', 'file', 'signature'];

/** Inputs whose value is the text typed (the engine keeps it as it is). */
const TYPED = ['text', 'email', 'tel', 'url', 'search', 'textarea'];

type Field = { key: string; type: string };

/** What the sender reads of the page's view (client/hosted/view.ts). */
export interface PartialView {
  form_id: string;
  render_token: string;
  definition: { fields?: Field[]; steps?: { fields: Field[] }[] };
}

/** What the page calls: the values as they change, the session for the answer, and the answer sent. */
export interface PartialSender {
  values(values: Readonly<Record<string, unknown>>): void;
  /** The session to send with the answer, when a partial answer may exist. */
  session(): string | undefined;
  /** The answer was stored: nothing more is sent for it; a next answer starts a new session. */
  finish(): void;
}

/** sessionStorage where the browser allows it (not always in a frame); else none, and a reload starts anew. */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Whether a value is an answer: text with something in it, a number, yes, a list or object holding one. */
function answered(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(answered);
  if (typeof value === 'object') return Object.values(value).some(answered);
  return true;
}

/**
 * Starts sending partial answers for one form on this page (the question of this form that has the focus is
 * the last reached): `endpoint` is its POST /v1/f/{id}, `honeypot` the page's trap input, `newId` makes a
 * random session id, and `seen` holds the values the page saw before this code arrived.
 * Arguments by position: the page's side of the call is in every hosted page (hosted.js), so it stays short.
 */
export function startPartial(
  view: PartialView,
  endpoint: string,
  honeypot: { readonly current: HTMLInputElement | null },
  newId: () => string,
  seen: readonly Readonly<Record<string, unknown>>[] = [],
): PartialSender {
  const url = `${endpoint}/partial`;
  const d = view.definition;
  const fields = d.steps?.length ? d.steps.flatMap((s) => s.fields) : (d.fields ?? []);
  const order = new Map(fields.map((f, i) => [f.key, i]));
  const kept = new Set(fields.filter((f) => !NEVER_SENT.includes(f.type)).map((f) => f.key));
  const key = `formstead:partial:${view.form_id}`;
  const store = storage();
  let session = store?.getItem(key) ?? undefined;
  let baseline: string | undefined;
  let current: Record<string, unknown> = {};
  let last = '';
  let sent = '';
  let idle: ReturnType<typeof setTimeout> | undefined;

  /** The furthest question in the form's order. */
  const reach = (k: string) => {
    if ((order.get(k) ?? -1) > (order.get(last) ?? -1)) last = k;
  };
  /** The answers a partial answer may hold: known, never sent types left out, each one answered. */
  const answers = () => Object.fromEntries(Object.entries(current).filter(([k, v]) => kept.has(k) && answered(v)));

  /**
   * The text being typed, as the field shows it: a tab closed right after a keystroke leaves before the form
   * has re-rendered with it (the values come after each render), and the last letters would be lost.
   */
  const typing = () => {
    let el = document.activeElement as HTMLInputElement | null;
    // The inline embed draws the form in a shadow root: the document sees its host as focused.
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLInputElement;
    if (el && kept.has(el.name) && TYPED.includes(el.type)) current[el.name] = el.value;
  };

  const send = () => {
    typing();
    const values = answers();
    if (!Object.keys(values).length) return;
    for (const k of Object.keys(values)) reach(k);
    if (!session) {
      session = newId();
      store?.setItem(key, session);
    }
    const body = JSON.stringify({
      session,
      values,
      last: last || undefined,
      _rt: view.render_token,
      _hp: honeypot.current?.value ?? '',
    });
    if (body === sent) return;
    sent = body;
    // text/plain: a "simple" request, so no CORS preflight (the server reads it as JSON).
    try {
      if (navigator.sendBeacon?.(url, body)) return;
    } catch {
      // Falls through to fetch.
    }
    fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
  };
  const leave = () => send();
  const hidden = () => document.visibilityState === 'hidden' && send();
  const focused = (e: FocusEvent) => {
    // composedPath: inside the inline embed's shadow root, the event's target is the root's host.
    const k = (e.composedPath()[0] as Element | null)?.closest?.('[data-fs-key]')?.getAttribute('data-fs-key');
    // Another form on the page (an inline embed beside others) has other questions: only this form's count.
    if (k && order.has(k)) reach(k);
  };
  window.addEventListener('pagehide', leave);
  // In a frame (the popup and slider embeds) the focus leaving it is the person closing the popup: a
  // frame's pagehide may not get its beacon out when the tab closes, and the host page may stay open.
  if (window.top !== window) window.addEventListener('blur', leave);
  document.addEventListener('visibilitychange', hidden);
  document.addEventListener('focusin', focused);
  let done = false;

  const sender: PartialSender = {
    values(values) {
      // The first values are the form's start (prefill, defaults): only what the person changed counts.
      const text = JSON.stringify(values);
      baseline ??= text;
      current = text === baseline ? {} : { ...values };
      if (done && text !== baseline) done = false;
      clearTimeout(idle);
      if (!done) idle = setTimeout(send, PARTIAL_IDLE_MS);
    },
    session: () => session,
    finish() {
      done = true;
      clearTimeout(idle);
      current = {};
      sent = '';
      session = undefined;
      last = '';
      store?.removeItem(key);
    },
  };
  for (const values of seen) sender.values(values);
  return sender;
}
