import { QueryError, toJSON, type QueryProfile, type QueryResult, type Value } from '../index.js';
import { formatCsv } from './format-csv.js';
import { explainTree, isExplainResult } from './explain-tree.js';
import { formatExpanded, formatTable, isTabular, type TableOptions } from './format-table.js';

/**
 * How result rows are shown: `table` (JSON when the rows are not flat objects), pretty `json`,
 * `jsonl` (one row per line), `csv`, and `tree` (EXPLAIN plans as an operator tree, other
 * results as tables).
 */
export type RowFormat = 'table' | 'json' | 'jsonl' | 'csv' | 'tree';

/** The formats, for option choices and `\SET format`. */
export const ROW_FORMATS: readonly RowFormat[] = ['table', 'json', 'jsonl', 'csv', 'tree'];

/** Options of {@link formatRows}. */
export interface FormatOptions extends TableOptions {
  /** psql's `\x`: one `field | value` block per row instead of a table. */
  expanded?: boolean;
}

/** Renders result rows in a format (see {@link RowFormat}). */
export function formatRows(rows: readonly Value[], format: RowFormat, options: FormatOptions = {}): string {
  switch (format) {
    case 'json':
      return toJSON(rows as Value[], 2);
    case 'jsonl':
      return rows.map((r) => toJSON(r ?? null)).join('\n');
    case 'csv':
      return formatCsv(rows);
    case 'tree':
    case 'table':
      if (isExplainResult(rows)) return explainTree(rows[0]);
      if (options.expanded) return formatExpanded(rows, options);
      if (isTabular(rows)) return formatTable(rows, options);
      return toJSON(rows as Value[], 2);
  }
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

/** The leading keywords of a statement (comments skipped), upper-cased: `['CREATE', 'INDEX']`. */
export function leadingWords(statement: string, n = 3): string[] {
  const text = statement.replace(/--[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  return text.trim().split(/[\s(`]+/, n).map((w) => w.toUpperCase());
}

/**
 * psql's command tag for a statement without rows: `UPDATE 1526`, `INSERT 3`, `DELETE 0`,
 * `index created (0.4 s)`, `index dropped (…)`, `index built (…)`; undefined when the statement
 * returned rows or is a plain query (whose `(no rows)` is the answer).
 */
export function statementSummary(statement: string, result: QueryResult): string | undefined {
  if (result.results.length > 0) return undefined;
  const [first, second, third] = leadingWords(statement);
  const secs = `(${(result.metrics.elapsedTime / 1000).toFixed(result.metrics.elapsedTime < 1000 ? 3 : 1)} s)`;
  switch (first) {
    case 'INSERT':
    case 'UPSERT':
    case 'UPDATE':
    case 'DELETE':
    case 'MERGE':
      return `${first} ${result.metrics.mutationCount ?? 0}`;
    case 'CREATE':
    case 'DROP': {
      const what = second === 'PRIMARY' || second === 'INDEX' || third === 'INDEX' ? 'index' : (second ?? '').toLowerCase();
      return `${what} ${first === 'CREATE' ? 'created' : 'dropped'} ${secs}`;
    }
    case 'BUILD':
      return `index built ${secs}`;
    case 'ALTER':
      return `${(second ?? '').toLowerCase()} altered ${secs}`;
    default:
      return undefined;
  }
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

/**
 * The reference's `profile=phases` section (`\SET -profile phases`) as lines: each phase with
 * its time, the rows it produced and how many operators ran it, e.g.
 * `  indexScan    12 rows  1 operator`; with `-profile timings`, then the executed plan as a
 * tree with each operator's rows in and out and time.
 */
export function formatProfile(profile: QueryProfile): string {
  const phases = [...new Set([...Object.keys(profile.phaseTimes), ...Object.keys(profile.phaseCounts)])];
  const width = Math.max(...phases.map((p) => p.length));
  return ['profile:', ...phases.map((p) => {
    const parts = [profile.phaseTimes[p], profile.phaseCounts[p] !== undefined ? `${profile.phaseCounts[p]} rows` : undefined, profile.phaseOperators[p] !== undefined ? `${profile.phaseOperators[p]} operator${profile.phaseOperators[p] === 1 ? '' : 's'}` : undefined];
    return `  ${p.padEnd(width)}  ${parts.filter(Boolean).join('  ')}`;
  }), ...(profile.executionTimings && typeof profile.executionTimings === 'object' ? ['execution timings:', explainTree({ plan: profile.executionTimings as never })] : [])].join('\n');
}
