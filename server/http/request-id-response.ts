// The server's response type: it carries its request's X-Request-Id and writes it with the head.
import http from 'node:http';

type Head = http.OutgoingHttpHeaders | http.OutgoingHttpHeader[];

/**
 * A response that adds X-Request-Id when its head is written, rather than by setHeader when the request
 * arrives: node:http merges a head's headers one setHeader call at a time once any header has been set that
 * way, but takes the head's headers as they are otherwise, which was ~3-5 µs of every JSON answer under load
 * (docs/performance.md, "Where ingest time goes", 2026-11-29). Every answer still carries the id: a head
 * written implicitly (end() without writeHead) comes through writeHead too.
 */
export class RequestIdResponse<
  Request extends http.IncomingMessage = http.IncomingMessage,
> extends http.ServerResponse<Request> {
  /** The X-Request-Id this answer carries (set by the server before any handler runs). */
  requestId = '';

  override writeHead(statusCode: number, reason?: string | Head, headers?: Head): this {
    const given = typeof reason === 'string' ? headers : reason;
    // A head already written: node throws for the second one.
    if (this.headersSent) return super.writeHead(statusCode, reason as string, headers);
    if (given === undefined || this.getHeaderNames().length > 0) {
      this.setHeader('x-request-id', this.requestId);
      return super.writeHead(statusCode, reason as string, headers);
    }
    const withId: Head = Array.isArray(given)
      ? ['x-request-id', this.requestId, ...given]
      : Object.assign({ 'x-request-id': this.requestId }, given);
    return typeof reason === 'string'
      ? super.writeHead(statusCode, reason, withId)
      : super.writeHead(statusCode, withId);
  }
}
