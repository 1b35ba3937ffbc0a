/**
 * Formats a duration given in milliseconds the way the reference prints Go durations in
 * metrics: `512.3µs`, `12.3456ms`, `1.2345s` (at most four decimals, trailing zeros dropped).
 */
export function formatDuration(ms: number): string {
  const fmt = (n: number) => String(Number(n.toFixed(4)));
  if (ms < 1) return `${fmt(ms * 1000)}µs`;
  if (ms < 1000) return `${fmt(ms)}ms`;
  return `${fmt(ms / 1000)}s`;
}
