/**
 * Starts `start(signal)` and aborts the signal `afterMs` later: how the statement ended, and
 * the milliseconds from the abort to its settling (a cancellation test asserts the code and a
 * bound on that time). `track` wraps the running promise (e.g. `longestStall`, which watches the
 * event loop meanwhile) and its extra fields are returned beside.
 */
export async function abortAfter<T, X extends object = object>(
  start: (signal: AbortSignal) => Promise<T>,
  afterMs: number,
  track: (run: Promise<T>) => Promise<X & { result: PromiseSettledResult<T> }> = async (run) => ({ result: (await Promise.allSettled([run]))[0]! }) as X & { result: PromiseSettledResult<T> },
): Promise<X & { result: PromiseSettledResult<T>; settledAfterAbort: number }> {
  const controller = new AbortController();
  let abortedAt = 0;
  let settledAt = 0;
  const run = start(controller.signal).finally(() => (settledAt = performance.now()));
  setTimeout(() => {
    abortedAt = performance.now();
    controller.abort();
  }, afterMs);
  const tracked = await track(run);
  return { ...tracked, settledAfterAbort: settledAt - abortedAt };
}

/** The error a settled statement was rejected with (undefined if it was fulfilled). */
export const rejection = (r: PromiseSettledResult<unknown>): unknown => (r.status === 'rejected' ? r.reason : undefined);
