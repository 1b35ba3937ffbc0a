import type { Value } from '../index.js';

type Op = Record<string, Value>;

/** True when the rows are one EXPLAIN answer: `[{plan: {"#operator": …}, text?}]`. */
export function isExplainResult(rows: readonly Value[]): rows is [{ plan: Op }] {
  if (rows.length !== 1) return false;
  const row = rows[0] as Op | null;
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return false;
  const plan = row.plan as Op | undefined;
  return typeof plan === 'object' && plan !== null && !Array.isArray(plan) && typeof plan['#operator'] === 'string';
}

/** Fields that say nothing a reader of the tree needs (ids, namespaces) or that are the children. */
const HIDDEN = new Set(['#operator', '~children', '~child', '#stats', '#time', 'namespace', 'index_id', 'datastore_id', 'bucket', 'scope', 'optimizer_estimates', 'cost', 'cardinality', 'discard_original', 'preserve_order']);
/** Fields holding nested operators, besides `~children`/`~child`. */
const CHILD_FIELDS = ['scan', 'scans', 'first', 'second', 'children'];

/**
 * An EXPLAIN plan (couchbase/query's plan JSON) as an indented operator tree, one line per
 * operator with its key facts, as PostgreSQL prints EXPLAIN:
 *
 *     Sequence
 *       -> IndexScan3 on demo using ix_name  spans: ["x"]
 *       -> Fetch demo
 *       -> Filter  condition: ((`name` = "x"))
 *
 * A Sequence's steps are its children in order; profiled plans (`#stats`) add
 * `(rows in=… out=…, time=…)` to each operator.
 */
export function explainTree(row: { plan: Op }): string {
  const lines: string[] = [];
  walk(row.plan, 0, lines);
  return lines.join('\n');
}

function walk(op: Op, depth: number, lines: string[]): void {
  const pad = depth === 0 ? '' : '  '.repeat(depth) + '-> ';
  lines.push(pad + describe(op));
  for (const child of children(op)) walk(child, depth + 1, lines);
}

function children(op: Op): Op[] {
  const out: Op[] = [];
  const add = (v: Value) => {
    if (Array.isArray(v)) v.forEach(add);
    else if (isOp(v)) out.push(v);
  };
  add(op['~children']);
  add(op['~child']);
  for (const f of CHILD_FIELDS) add(op[f]);
  return out;
}

function isOp(v: Value): v is Op {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as Op)['#operator'] === 'string';
}

/** `IndexScan3 on demo using ix_name  spans: [...]  covers: …` */
function describe(op: Op): string {
  const name = String(op['#operator']);
  let head = name;
  const facts: string[] = [];
  const used = new Set<string>();
  const take = (k: string): Value => {
    used.add(k);
    return op[k];
  };
  const keyspace = take('keyspace');
  const alias = take('as');
  if (typeof keyspace === 'string') head += ` on ${keyspace}${typeof alias === 'string' && alias !== keyspace ? ` AS ${alias}` : ''}`;
  else if (typeof alias === 'string') head += ` ${alias}`;
  const index = take('index');
  if (typeof index === 'string') head += ` using ${index}${typeof op.using === 'string' ? ` (${take('using')})` : ''}`;
  const spans = take('spans');
  if (spans !== undefined) facts.push(`spans: ${spansText(spans)}`);
  for (const [k, v] of Object.entries(op)) {
    if (used.has(k) || HIDDEN.has(k) || CHILD_FIELDS.includes(k) || v === undefined) continue;
    if (isOp(v) || (Array.isArray(v) && v.some(isOp))) continue;
    facts.push(`${label(k)}: ${valueText(v)}`);
  }
  const stats = op['#stats'] as Op | undefined;
  if (stats && typeof stats === 'object') {
    const parts: string[] = [];
    if (stats['#itemsIn'] !== undefined) parts.push(`in=${String(stats['#itemsIn'])}`);
    if (stats['#itemsOut'] !== undefined) parts.push(`out=${String(stats['#itemsOut'])}`);
    const time = stats.execTime ?? stats['#time'] ?? op['#time'];
    if (time !== undefined) parts.push(`time=${typeof time === 'number' ? `${time.toFixed(3)} ms` : String(time)}`);
    if (parts.length) facts.push(`(actual ${parts.join(' ')})`);
  }
  return facts.length ? `${head}  ${facts.join('  ')}` : head;
}

function label(k: string): string {
  return k === 'result_terms' ? 'terms' : k === 'sort_terms' ? 'order' : k.replace(/_/g, ' ');
}

/** Spans as `[low..high]` ranges: `["x"]` for an equality, `[1..10)` with the inclusion. */
function spansText(spans: Value): string {
  if (!Array.isArray(spans)) return valueText(spans);
  const each = spans.map((s) => {
    const range = (s as Op)?.range;
    if (!Array.isArray(range)) return valueText(s);
    const keys = range.map((r) => {
      const { low, high, inclusion } = r as { low?: string; high?: string; inclusion?: number };
      if (low !== undefined && low === high) return String(low);
      const inc = typeof inclusion === 'number' ? inclusion : 0;
      return `${inc & 1 ? '[' : '('}${low ?? ''}..${high ?? ''}${inc & 2 ? ']' : ')'}`;
    });
    return keys.length === 1 ? keys[0] : `(${keys.join(', ')})`;
  });
  return each.length === 1 ? each[0]! : `{${each.join(', ')}}`;
}

/** A fact's value: strings as they are (expressions), terms by their `expr`, others as compact JSON. */
function valueText(v: Value): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((t) => typeof t === 'string')) return v.join(', ');
  if (Array.isArray(v) && v.every((t) => typeof t === 'object' && t !== null && typeof (t as Op).expr === 'string')) {
    return v
      .map((t) => {
        const o = t as Op;
        return `${String(o.expr)}${o.as ? ` AS ${String(o.as)}` : ''}${o.desc ? ' DESC' : ''}${o.star ? '.*' : ''}`;
      })
      .join(', ');
  }
  return JSON.stringify(v);
}
