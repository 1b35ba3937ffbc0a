// Result views: a table (columns = the first rows' fields), pretty JSON and a collapsible tree.
import { h, replace } from './dom.js';

/** Rows drawn at most in the table and the tree (the JSON view shows all). */
export const MAX_ROWS = 1000;

function cellText(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** A table of the rows: one column per field of the object rows (in first-seen order), `$1` for other rows. */
export function renderTable(pane: Element, rows: unknown[]): void {
  const shown = rows.slice(0, MAX_ROWS);
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const r of shown) {
    const keys = r !== null && typeof r === 'object' && !Array.isArray(r) ? Object.keys(r) : ['$1'];
    for (const k of keys) if (!seen.has(k)) seen.add(k), columns.push(k);
  }
  const body = h('tbody');
  for (const r of shown) {
    const obj = r !== null && typeof r === 'object' && !Array.isArray(r) ? (r as Record<string, unknown>) : { $1: r };
    body.append(h('tr', {}, ...columns.map((c) => h('td', { title: cellText(obj[c]) }, cellText(obj[c])))));
  }
  const table = h('table', { id: 'results-table' }, h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', {}, c)))), body);
  replace(pane, rows.length > MAX_ROWS ? h('p', {}, `First ${MAX_ROWS} of ${rows.length} rows.`) : null, rows.length ? table : h('p', {}, 'No rows.'));
}

/** Characters of JSON shown at most (a larger result is cut, with a note). */
export const MAX_JSON_CHARS = 4_000_000;

/** Pretty-printed JSON of the rows. */
export function renderJson(pre: Element, rows: unknown[]): void {
  const text = JSON.stringify(rows, null, 2);
  pre.textContent = text.length > MAX_JSON_CHARS ? `${text.slice(0, MAX_JSON_CHARS)}\n… (${text.length - MAX_JSON_CHARS} more characters not shown)` : text;
}

function treeNode(key: string, v: unknown, open: boolean): Node {
  const label = h('span', { class: 'key' }, key);
  if (v !== null && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    const details = h('details', {}, h('summary', {}, label, Array.isArray(v) ? ` [${v.length}]` : ` {${entries.length}}`));
    if (open) details.open = true;
    // Children are built when first opened: a large result stays cheap.
    let built = false;
    const build = () => {
      if (built) return;
      built = true;
      for (const [k, x] of entries) details.append(treeNode(k, x, false));
    };
    if (open) build();
    details.addEventListener('toggle', build);
    return details;
  }
  const cls = typeof v === 'string' ? 'str' : typeof v === 'number' ? 'num' : '';
  return h('div', {}, label, ': ', h('span', { class: cls }, JSON.stringify(v)));
}

/** A collapsible tree of the rows (the first row open). */
export function renderTree(pane: Element, rows: unknown[]): void {
  replace(pane, h('div', { class: 'tree' }, ...rows.slice(0, MAX_ROWS).map((r, i) => treeNode(`[${i}]`, r, i === 0))));
}
