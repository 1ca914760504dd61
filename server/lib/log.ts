// The one logger: every line of the server goes through here, as text (time, level, message) or one
// JSON object a line (FORMSTEAD_LOG_FORMAT=json), with the request id of the request it belongs to.
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a log line knows of the request it was written for. */
export interface RequestScope {
  /** The X-Request-Id of the answer. */
  id: string;
}

/** The request being handled, for the lines written while handling it (set by the HTTP server). */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/** How log lines are written. */
export type LogFormat = 'text' | 'json';

/** Severity of a line; messages that start with `error:` or `warning:` get that level. */
export type LogLevel = 'info' | 'warn' | 'error';

let format: LogFormat = 'text';

/** Sets the format for every line from now on (once, at start, from the configuration). */
export function setLogFormat(next: LogFormat): void {
  format = next;
}

/** Writes one line; `fields` (route, status, duration) are added to it. Callers never pass answer values. */
export function log(msg: string, fields: Record<string, string | number> = {}, level = levelOf(msg)): void {
  const scope = requestScope.getStore();
  const time = new Date().toISOString();
  if (format === 'json') {
    const line: Record<string, unknown> = { time, level, msg };
    if (scope) line.request_id = scope.id;
    process.stderr.write(`${JSON.stringify(Object.assign(line, fields))}\n`);
    return;
  }
  let text = `${time} ${level} ${msg}`;
  for (const [k, v] of Object.entries(fields)) text += ` ${k}=${v}`;
  if (scope) text += ` request_id=${scope.id}`;
  process.stderr.write(`${text}\n`);
}

function levelOf(msg: string): LogLevel {
  if (msg.startsWith('error')) return 'error';
  if (msg.startsWith('warning')) return 'warn';
  return 'info';
}
