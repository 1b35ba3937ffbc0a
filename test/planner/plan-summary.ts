/**
 * A small summary of an EXPLAIN plan (spec §10.4), taken by walking the `"#operator"` tree, so
 * that planner tests state only what a rule decides (which scan, which indexes, which spans) and
 * never compare whole trees. `pickSummary` keeps only the fields a fixture states.
 */
import type { Value } from '../../src/index.js';
import { canonical } from '../support/compare.js';

/** The first range of one span. Absent bounds are absent (an unbounded side). */
export interface SpanSummary {
  low?: string;
  high?: string;
  inclusion?: number;
  index_key?: string;
}

export interface PlanSummary {
  /** The access path: `IndexScan3` (a DistinctScan is unwrapped), `PrimaryScan3`, `IntersectScan`, `UnionScan`, … */
  scan: string;
  /** Names of the IndexScan3 nodes, unique and sorted. */
  indexes: string[];
  /** Every IndexScan3 sits directly in a DistinctScan (false when there is none). */
  distinct: boolean;
  /** There is an IndexScan3 and every span of every IndexScan3 has `"exact": true`. */
  exact: boolean;
  /** The first range of every span of every IndexScan3, in plan order. */
  spans: SpanSummary[];
  /** A Fetch operator is present. */
  fetch: boolean;
  /** An Order operator is present (ORDER BY not served by the index order). */
  order: boolean;
  /** Some IndexScan3 has `covers`. */
  covering: boolean;
  /** The LIMIT pushed into an IndexScan3 (null: none). */
  limit: string | null;
  /** The condition of the (first) Filter (null: none). */
  filter: string | null;
}

type Node = { [k: string]: Value };
const isNode = (v: Value): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

const SCANS = new Set(['PrimaryScan3', 'PrimaryScan', 'IndexScan3', 'IndexScan', 'DistinctScan', 'IntersectScan', 'OrderedIntersectScan', 'UnionScan', 'KeyScan', 'DummyScan', 'ExpressionScan']);

/** Pre-order walk of every operator node, with its parent operator. */
function walk(v: Value, visit: (n: Node, parent: Node | undefined) => void, parent?: Node): void {
  if (Array.isArray(v)) return v.forEach((x) => walk(x, visit, parent));
  if (!isNode(v)) return;
  const op = typeof v['#operator'] === 'string';
  if (op) visit(v, parent);
  for (const x of Object.values(v)) walk(x, visit, op ? v : parent);
}

function firstRange(span: Value): SpanSummary {
  const ranges = isNode(span) && Array.isArray(span.range) ? span.range : [];
  const r = isNode(ranges[0]) ? ranges[0] : {};
  const out: SpanSummary = {};
  if (typeof r.low === 'string') out.low = r.low;
  if (typeof r.high === 'string') out.high = r.high;
  if (typeof r.inclusion === 'number') out.inclusion = r.inclusion;
  if (typeof r.index_key === 'string') out.index_key = r.index_key;
  return out;
}

/** Summarizes an EXPLAIN plan. */
export function summarize(plan: Value): PlanSummary {
  const s: PlanSummary = { scan: 'none', indexes: [], distinct: false, exact: false, spans: [], fetch: false, order: false, covering: false, limit: null, filter: null };
  const scans: { node: Node; parent?: Node }[] = [];
  walk(plan, (n, parent) => {
    const op = n['#operator'] as string;
    if (s.scan === 'none' && SCANS.has(op)) s.scan = op;
    if (op === 'IndexScan3') scans.push({ node: n, parent });
    if (op === 'Fetch') s.fetch = true;
    if (op === 'Order') s.order = true;
    if (op === 'Filter' && s.filter === null && typeof n.condition === 'string') s.filter = n.condition;
  });
  if (s.scan === 'DistinctScan') {
    let inner = 'none';
    walk(plan, (n, parent) => {
      if (inner === 'none' && parent?.['#operator'] === 'DistinctScan' && SCANS.has(n['#operator'] as string)) inner = n['#operator'] as string;
    });
    s.scan = inner;
  }
  s.indexes = [...new Set(scans.map((x) => String(x.node.index)))].sort();
  s.distinct = scans.length > 0 && scans.every((x) => x.parent?.['#operator'] === 'DistinctScan');
  const spans = scans.flatMap((x) => (Array.isArray(x.node.spans) ? x.node.spans : []));
  s.exact = spans.length > 0 && spans.every((sp) => isNode(sp) && sp.exact === true);
  s.spans = spans.map(firstRange);
  s.covering = scans.some((x) => Array.isArray(x.node.covers) && x.node.covers.length > 0);
  const limit = scans.find((x) => x.node.limit !== undefined)?.node.limit;
  s.limit = limit === undefined ? null : typeof limit === 'string' ? limit : JSON.stringify(limit);
  return s;
}

/** What a fixture states: any subset of the summary, plus substrings the Filter must contain. */
export type ExpectedSummary = Partial<Omit<PlanSummary, 'spans'>> & {
  /** Span fields to compare; `null` states that the field is absent. Compared as a multiset. */
  spans?: { low?: string | null; high?: string | null; inclusion?: number; index_key?: string | null }[];
  filterIncludes?: string[];
};

/**
 * The summary restricted to the fields `expected` states, and `expected` normalized the same way
 * (spans and indexes sorted, absent span fields as null), so that
 * `expect(actual).toEqual(expected)` compares exactly the stated fields.
 */
export function pickSummary(s: PlanSummary, expected: ExpectedSummary): { actual: ExpectedSummary; expected: ExpectedSummary } {
  const actual: Record<string, unknown> = {};
  const wanted: Record<string, unknown> = { ...expected };
  const byText = (a: unknown, b: unknown): number => (canonical(a as Value) < canonical(b as Value) ? -1 : canonical(a as Value) > canonical(b as Value) ? 1 : 0);
  for (const key of Object.keys(expected) as (keyof ExpectedSummary)[]) {
    if (key === 'spans') {
      const fields = [...new Set(expected.spans!.flatMap((sp) => Object.keys(sp)))] as (keyof SpanSummary)[];
      const project = (sp: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(fields.map((f) => [f, sp[f] ?? null]));
      actual.spans = s.spans.map((sp) => project({ ...sp })).sort(byText);
      wanted.spans = expected.spans!.map((sp) => project({ ...sp })).sort(byText);
    } else if (key === 'filterIncludes') {
      actual.filterIncludes = expected.filterIncludes!.filter((t) => s.filter !== null && s.filter.toLowerCase().includes(t.toLowerCase()));
    } else if (key === 'indexes') {
      actual.indexes = s.indexes;
      wanted.indexes = [...expected.indexes!].sort();
    } else {
      actual[key] = s[key];
    }
  }
  return { actual: actual as ExpectedSummary, expected: wanted as ExpectedSummary };
}
