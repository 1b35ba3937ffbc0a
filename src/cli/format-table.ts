import { toJSON, type Value } from '../index.js';
import { displayWidth, truncateToWidth } from './display-width.js';

/** Options of {@link formatTable}. */
export interface TableOptions {
  /** Cut cells wider than this many display columns (with `…`); default: no limit. */
  maxColumnWidth?: number;
}

/**
 * True when every row is an object whose fields are all scalars (string, number, boolean, null),
 * and at least one row has a field, i.e. the rows fit a table. An empty result is tabular.
 */
export function isTabular(rows: readonly Value[]): boolean {
  let fields = 0;
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return false;
    for (const v of Object.values(row)) {
      if (typeof v === 'object' && v !== null) return false;
      fields++;
    }
  }
  return rows.length === 0 || fields > 0; // rows of empty objects read better as JSON
}

/**
 * Renders rows of flat objects as a box-drawn table: one column per field name in order of first
 * appearance, numbers right-aligned, NULL shown as `null` and a MISSING field as an empty cell.
 * Callers check {@link isTabular} first. An empty result renders as `(no rows)`.
 */
export function formatTable(rows: readonly Value[], options: TableOptions = {}): string {
  if (rows.length === 0) return '(no rows)';
  const columns = columnsOf(rows);
  const max = options.maxColumnWidth ?? Infinity;
  const cut = (s: string): string => (max === Infinity ? s : truncateToWidth(s, max));
  const header = columns.map(cut);
  const cells = rows.map((row) => columns.map((c) => cut(cellText((row as Record<string, Value>)[c]))));
  const numeric = columns.map((c) => rows.every((r) => ['number', 'undefined'].includes(typeof (r as Record<string, Value>)[c])));
  const widths = columns.map((_, i) => Math.max(displayWidth(header[i]), ...cells.map((r) => displayWidth(r[i]))));
  const pad = (s: string, i: number, right: boolean): string => {
    const fill = ' '.repeat(widths[i] - displayWidth(s));
    return right ? fill + s : s + fill;
  };
  const rule = (l: string, m: string, r: string): string => l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r;
  const line = (r: string[], head: boolean): string =>
    '│' + r.map((s, i) => ` ${pad(s, i, !head && numeric[i])} `).join('│') + '│';
  return [rule('┌', '┬', '┐'), line(header, true), rule('├', '┼', '┤'), ...cells.map((r) => line(r, false)), rule('└', '┴', '┘')].join('\n');
}

/** The field names of object rows, in order of first appearance. */
export function columnsOf(rows: readonly Value[]): string[] {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const name of Object.keys(row as object)) {
      if (!seen.has(name)) {
        seen.add(name);
        columns.push(name);
      }
    }
  }
  return columns;
}

/**
 * psql's expanded display (`\x`): each row as a `-[ RECORD n ]-` header and one `field | value`
 * line per field; nested values are compact JSON. Rows that are not objects show as `$1`.
 */
export function formatExpanded(rows: readonly Value[], options: TableOptions = {}): string {
  if (rows.length === 0) return '(no rows)';
  const max = options.maxColumnWidth ?? Infinity;
  const out: string[] = [];
  rows.forEach((row, i) => {
    const fields: [string, Value][] = typeof row === 'object' && row !== null && !Array.isArray(row) ? Object.entries(row) : [['$1', row]];
    const width = Math.max(0, ...fields.map(([k]) => displayWidth(k)));
    out.push(`-[ RECORD ${i + 1} ]` + '-'.repeat(Math.max(4, width + 2)));
    for (const [k, v] of fields) {
      const text = cellText(v);
      out.push(`${k}${' '.repeat(width - displayWidth(k))} | ${max === Infinity ? text : truncateToWidth(text, max * 2)}`);
    }
  });
  return out.join('\n');
}

/** The text of one scalar cell; control characters become spaces so a row stays on one line. */
function cellText(v: Value): string {
  if (v === undefined) return '';
  const s = typeof v === 'string' ? v : toJSON(v);
  return /[\x00-\x1f]/.test(s) ? s.replace(/[\x00-\x1f]/g, ' ') : s;
}
