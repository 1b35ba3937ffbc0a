/**
 * Clock, garbage collection, heap and percentile helpers, and the plain-text table of the query
 * benchmark (bench/query.bench.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * `TOKENQL_BENCH_CLOCK=cpu`: time with the process's CPU time (user + system, of every thread:
 * the garbage collector's helper threads included) instead of wall-clock time, for a shared
 * machine whose other tenants take CPU time from this process. `npm run bench:tokens` reads
 * it too.
 */
export const CPU_CLOCK = process.env.TOKENQL_BENCH_CLOCK === 'cpu';

/** Milliseconds on the chosen clock ({@link CPU_CLOCK}): wall-clock by default. */
export const nowMs: () => number = CPU_CLOCK
  ? () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    }
  : () => performance.now();

let gcFn: (() => void) | undefined;

/** True when node was started with --expose-gc (otherwise GC is enabled at run time). */
export const gcExposed = typeof (globalThis as { gc?: unknown }).gc === 'function';

/**
 * A full garbage collection: `global.gc` with `node --expose-gc`, else a `gc` function obtained
 * by turning the flag on at run time (so that `tsx bench/query.bench.ts` also works).
 */
export function fullGc(): void {
  if (!gcFn) {
    const g = (globalThis as { gc?: () => void }).gc;
    if (g) gcFn = g;
    else {
      setFlagsFromString('--expose-gc');
      gcFn = runInNewContext('gc') as () => void;
    }
  }
  // Twice: the first pass may leave garbage whose finalizers run before the second.
  gcFn();
  gcFn();
}

/**
 * Memory in use right after a full GC, in bytes: the JS heap (`heapUsed`) plus the memory of
 * ArrayBuffers (`arrayBuffers`), where typed arrays keep their elements outside the heap (a
 * TOKENS index keeps its entries in one `Int32Array`).
 */
export function memoryInUse(): number {
  fullGc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** The median of a non-empty list. */
export function median(xs: readonly number[]): number {
  return percentile(xs, 50);
}

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(s.length, rank) - 1];
}

/** The 25th and 75th percentiles of a non-empty list, as `p25–p75` in {@link fmtMs}. */
export function fmtQuartiles(xs: readonly number[]): string {
  return `${fmtMs(percentile(xs, 25))}–${fmtMs(percentile(xs, 75))}`;
}

/** Milliseconds with enough decimals to be read at any scale. */
export function fmtMs(ms: number): string {
  if (ms < 1) return ms.toFixed(3);
  if (ms < 100) return ms.toFixed(2);
  return Math.round(ms).toLocaleString('en-US');
}

/** An integer with thousands separators. */
export const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Bytes as MB (10^6), signed. */
export const fmtMB = (bytes: number): string => (bytes / 1e6).toFixed(1);

/** A ratio as `12.3×`, or `—` when it cannot be computed. */
export function fmtRatio(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r)) return '—';
  return (r >= 100 ? fmtInt(r) : r.toFixed(2)) + '×';
}

/**
 * Prints a table: a header row, then the rows, columns separated by two spaces. Columns whose
 * `right` flag is set are right-aligned (numbers).
 */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[], right: readonly boolean[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
