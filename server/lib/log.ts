// The one logger: every line of the server goes through here, as text (time, level, message) or one
// JSON object a line (FORMSTEAD_LOG_FORMAT=json), with the request id of the request it belongs to.
import { isoNow } from './iso-time.ts';
import { currentScope, type RequestScope } from './request-scope.ts';

/** How log lines are written. */
export type LogFormat = 'text' | 'json';

/** Severity of a line; messages that start with `error:` or `warning:` get that level. */
export type LogLevel = 'info' | 'warn' | 'error';

let format: LogFormat = 'text';

/** Sets the format for every line from now on (once, at start, from the configuration). */
export function setLogFormat(next: LogFormat): void {
  format = next;
}

/**
 * Writes one line now (after the access lines waiting for the end of this turn, so the order stays);
 * `fields` (route, status, duration) are added to it. Callers never pass answer values. `scope` is the
 * request the line belongs to: the one being handled unless given.
 */
export function log(
  msg: string,
  fields: Record<string, string | number> = {},
  level = levelOf(msg),
  scope = currentScope(),
): void {
  pending += formatLine(msg, fields, level, scope);
  flushLog();
}

/**
 * The access line of a request that has been answered (`scope` names it): written with the other access
 * lines of this event-loop turn at its end (see `pending`).
 */
export function logAccess(msg: string, fields: Record<string, string | number>, scope: RequestScope): void {
  if (pending === '') setImmediate(flushLog);
  pending += formatLine(msg, fields, 'info', scope);
}

/** One line as text or JSON, with its newline. */
function formatLine(
  msg: string,
  fields: Record<string, string | number>,
  level: LogLevel,
  scope: RequestScope | undefined,
): string {
  const time = isoNow();
  if (format === 'json') {
    const line: Record<string, unknown> = { time, level, msg };
    if (scope) line.request_id = scope.id;
    return `${JSON.stringify(Object.assign(line, fields))}\n`;
  }
  let text = `${time} ${level} ${msg}`;
  for (const key in fields) text += ` ${key}=${fields[key]}`;
  if (scope) text += ` request_id=${scope.id}`;
  return `${text}\n`;
}

// Every request ends with an access line, and stderr on a pipe or file is written synchronously: a write
// call per line was ~4 µs of each submission under load (docs/performance.md, "Where ingest time goes",
// 2026-11-29). The access lines of one event-loop turn go out together at its end, in order, and whatever
// is left when the process exits (process.exit, an uncaught error) is written by the exit handler. Any
// other line is written at once: a warning about a request is out before its answer, as before.
let pending = '';

/** Writes the lines waiting for the end of this event-loop turn now. */
export function flushLog(): void {
  if (pending === '') return;
  const text = pending;
  pending = '';
  process.stderr.write(text);
}

process.once('exit', flushLog);

function levelOf(msg: string): LogLevel {
  if (msg.startsWith('error')) return 'error';
  if (msg.startsWith('warning')) return 'warn';
  return 'info';
}
