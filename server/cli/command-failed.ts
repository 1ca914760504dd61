// A subcommand that ran but did not reach its goal: what it found is printed, then one line, exit 1.

/** Thrown by a subcommand: `printed` goes to stdout, the message to stderr as `formstead: …`, exit code 1. */
export class CommandFailed extends Error {
  constructor(
    readonly printed: string[],
    message: string,
  ) {
    super(message);
  }
}
