// How an onSubmit handler tells the renderer why a submission failed.

/** Rejection value for onSubmit: server problems (`values.<key>: <message>`) and whether a retry may help. */
export class SubmitError extends Error {
  /** Problems as the server lists them in a 422 `details`. */
  readonly problems: readonly string[];
  /** The outcome is unknown (network failure, 5xx, 429): offer to send the same values again. */
  readonly retry: boolean;

  constructor(message: string, opts: { problems?: readonly string[]; retry?: boolean } = {}) {
    super(message);
    this.name = 'SubmitError';
    this.problems = opts.problems ?? [];
    this.retry = opts.retry ?? false;
  }
}
