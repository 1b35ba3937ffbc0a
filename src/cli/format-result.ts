import { QueryError, toJSON, type QueryResult, type Value } from '../index.js';
import { formatTable, isTabular, type TableOptions } from './format-table.js';

/** How result rows are shown: `table` falls back to JSON when the rows are not flat objects. */
export type RowFormat = 'table' | 'json';

/** Renders result rows: a table when asked for and the rows fit one, otherwise a pretty JSON array. */
export function formatRows(rows: readonly Value[], format: RowFormat, options: TableOptions = {}): string {
  if (format === 'table' && isTabular(rows)) return formatTable(rows, options);
  return toJSON(rows as Value[], 2);
}

/**
 * `(3 rows, 1.25 ms elapsed, 0.90 ms execution)`, or `(2 mutations, …)` for DML without rows.
 */
export function formatSummary(result: QueryResult): string {
  const m = result.metrics;
  const ms = `${round(m.elapsedTime)} ms elapsed, ${round(m.executionTime)} ms execution`;
  if (result.results.length === 0 && m.mutationCount !== undefined) {
    return `(${m.mutationCount} ${m.mutationCount === 1 ? 'mutation' : 'mutations'}, ${ms})`;
  }
  const n = result.results.length;
  return `(${n} ${n === 1 ? 'row' : 'rows'}, ${ms})`;
}

function round(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3);
}

/**
 * Renders an error for a terminal: a QueryError with its caret (`err.format()`), anything else as
 * `error: message`; red when `color` is set.
 */
export function formatError(err: unknown, color: boolean): string {
  const text = err instanceof QueryError ? err.format() : `error: ${err instanceof Error ? err.message : String(err)}`;
  return color ? `\x1b[31m${text}\x1b[0m` : text;
}

/** The reference's JSON error shape of any thrown value (`{code, msg}`; 5000 for non-query errors). */
export function errorJSON(err: unknown): { code: number; msg: string } {
  if (err instanceof QueryError) return err.toJSON();
  return { code: 5000, msg: err instanceof Error ? err.message : String(err) };
}

/** Result warnings as `warning CODE: msg` lines. */
export function formatWarnings(result: QueryResult): string[] {
  return result.warnings.map((w) => `warning ${w.code}: ${w.msg}`);
}
