/**
 * A signal that aborts when `parent` aborts, or with a `TimeoutError` DOMException after `ms`
 * milliseconds (none when `ms` is undefined). `clear()` stops the timer and detaches from `parent`;
 * call it when the statement ends.
 *
 * Not `AbortSignal.any([parent, AbortSignal.timeout(ms)])`: Node 20 holds the sources of `any()`
 * weakly, so a timeout signal nobody else references can be garbage-collected before it fires and
 * a busy statement then never times out. A plain timer is held by the event loop until it fires.
 */
export function deadlineSignal(parent: AbortSignal, ms: number | undefined): { signal: AbortSignal; clear(): void } {
  if (ms === undefined) return { signal: parent, clear() {} };
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent.removeEventListener('abort', onAbort);
    },
  };
}
