// The server's responses: each knows its request's id and writes it as X-Request-Id, the head's first header.
import http from 'node:http';

const REQUEST_ID = 'x-request-id';

/**
 * A response whose head starts with `X-Request-Id: <requestId>`. The id is not set when the request comes in but
 * when the first header is set or the head is written (every answer's head goes through `writeHead`, Node's
 * implicit one too), so the same bytes go out as when it was set first; a JSON answer hands its headers over with
 * the id in one object (`headWithId`), which Node writes without its per-header bookkeeping: ~0.8 µs an answer of
 * the ~2 that writing a 201's head and body took (docs/performance.md, "The HTTP side of a submission, session 8").
 */
export class RequestResponse<
  Request extends http.IncomingMessage = http.IncomingMessage,
> extends http.ServerResponse<Request> {
  /** The X-Request-Id of this answer (set by the HTTP server before any handler runs). */
  requestId = '';
  /** Whether X-Request-Id is among the headers already. */
  private idSet = false;

  /** Whether the head can still take X-Request-Id as the first of the headers of one object (see headWithId). */
  get headFresh(): boolean {
    return !this.idSet;
  }

  override setHeader(name: string, value: number | string | readonly string[]): this {
    if (!this.idSet) this.setIdFirst();
    return super.setHeader(name, value);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    if (!this.idSet) this.setIdFirst();
    return super.appendHeader(name, value);
  }

  override writeHead(
    status: number,
    reason?: string | http.OutgoingHttpHeaders | http.OutgoingHttpHeader[],
    headers?: http.OutgoingHttpHeaders | http.OutgoingHttpHeader[],
  ): this {
    if (!this.idSet) this.setIdFirst();
    // Node's own overloads: the reason phrase is optional, the headers come second without it.
    return super.writeHead(status, reason as string, headers);
  }

  /** Writes the head of the header `sets` merged, X-Request-Id first (nothing was set before: see headFresh). */
  headWithId(status: number, ...sets: http.OutgoingHttpHeaders[]): this {
    this.idSet = true;
    return super.writeHead(status, Object.assign(this.idHeader(), ...sets));
  }

  private setIdFirst(): void {
    this.idSet = true;
    const id = this.idHeader();
    if (id[REQUEST_ID] !== undefined) super.setHeader(REQUEST_ID, id[REQUEST_ID]);
  }

  /** The id as a header: none while the server has not named the request (Node's own 417 to an unknown Expect). */
  private idHeader(): http.OutgoingHttpHeaders {
    return this.requestId === '' ? {} : { [REQUEST_ID]: this.requestId };
  }
}
