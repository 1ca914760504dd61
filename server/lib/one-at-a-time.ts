// Runs tasks one after another, in the order they came: for work that would hog the main thread if several ran
// at once (laying out PDFs). A failed task never blocks the ones behind it.

/** A lane of tasks run strictly one at a time. */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();
  /** How many tasks are running or waiting. */
  pending = 0;

  /** Runs `task` once every earlier task has settled; resolves or rejects as it does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(task).finally(() => this.pending--);
    this.tail = result.catch(() => {});
    return result;
  }
}
