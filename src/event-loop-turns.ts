/**
 * Turns on the event loop for long work (a query's operators, an index build, the reconcile of
 * an index file): work that has used its slice waits for {@link nextTurn} before it goes on.
 * Waiting work is resumed one piece per event-loop iteration, first come first served, so
 * between two slices of work the loop always reaches its I/O (the listeners' requests), however
 * many long requests run at once. With plain `setImmediate`, every waiting piece ran in the same
 * check phase: N long requests held the loop for N slices in a row (issue 22, "No stalls").
 */

/**
 * Milliseconds of long work (a query's operators, an index build, a reconcile) between two
 * turns. A request that arrives while a slice runs waits for the rest of it, so the slice is
 * what long work adds to a cheap request's latency; a turn costs one setImmediate (figures:
 * docs/security.md, "No stalls").
 */
export const SLICE_MS = 1;

/** Work waiting for its turn, in arrival order. */
const waiting: (() => void)[] = [];
let scheduled = false;

/** Resumes the first waiting piece of work; comes back next iteration while more wait. */
function resumeOne(): void {
  scheduled = false;
  const next = waiting.shift();
  if (waiting.length > 0) schedule();
  next?.();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(resumeOne);
}

/**
 * Resolves on a later event-loop iteration (after the loop has polled for I/O), when every piece
 * of work that asked before has had its turn.
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}
