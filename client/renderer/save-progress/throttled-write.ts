// The throttled write of kept answers, one rule for the renderer (use-save-progress.ts) and the light page
// (client/hosted/light/kept-answers.ts): a change asks for a write that comes THROTTLE_MS later, the changes in
// between riding along with it, so typing writes to localStorage a few times a second at most; a write still
// due when the page is hidden is made at once.

/** Writes of kept answers come at most this often while a person types. */
const THROTTLE_MS = 400;

/**
 * A throttled `write`, as three functions: the first asks for it (once, THROTTLE_MS on), the second makes one that
 * is due at once, the third drops one that is due. A tuple, not an object: its names minify (the light page's bytes).
 */
export function throttledWrite(write: () => void): [later: () => void, now: () => void, drop: () => void] {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  // A timer is truthy (a positive id in browsers, an object in Node) until dropped.
  const now = () => {
    if (timer) {
      drop();
      write();
    }
  };
  return [
    () => {
      timer ??= setTimeout(now, THROTTLE_MS);
    },
    now,
    drop,
  ];
}
