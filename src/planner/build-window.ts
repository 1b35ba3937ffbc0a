import type { Expr, FunctionCall, OrderTerm } from '../ast/index.js';
import { walkExpr } from '../ast/index.js';
import { isWindowCall } from '../eval/index.js';
import { aggregateKey } from './aggregate-calls.js';
import { exprText } from './explain.js';
import type { Operator, SortTerm } from './plan/index.js';

/**
 * The Order and WindowAggregate operators of a block's window function calls (couchbase/query
 * `planner/build_window.go`): calls are taken longest PARTITION BY + ORDER BY first; a call
 * joins an existing sort when that sort starts with its PARTITION BY keys (in any order)
 * followed by its ORDER BY terms (same direction and NULLS position), else it starts a new
 * sort of its PARTITION BY keys then its ORDER BY terms. Calls with neither go with the last
 * sort (they need only all the rows). Each sort is an Order followed by one WindowAggregate per
 * PARTITION BY length, longest first.
 */
export function windowOps(calls: FunctionCall[]): Operator[] {
  const sorted = calls.map((c, i) => ({ c: c as Call, i })).sort((a, b) => weight(b.c) - weight(a.c) || b.c.over.partitionBy.length - a.c.over.partitionBy.length || a.i - b.i);
  const groups: { terms: Term[]; byLength: Map<number, FunctionCall[]> }[] = [];
  const free: Call[] = [];
  for (const { c } of sorted) {
    const w = c.over;
    if (!w.partitionBy.length && !w.orderBy?.length) {
      free.push(c);
      continue;
    }
    let g = groups.find((x) => fits(x.terms, c));
    if (!g) {
      g = { terms: [...w.partitionBy.map((e) => term(e)), ...(w.orderBy ?? []).map((o) => term(o.expr, o))], byLength: new Map() };
      groups.push(g);
    }
    add(g.byLength, c);
  }
  if (free.length) {
    if (!groups.length) groups.push({ terms: [], byLength: new Map() });
    for (const c of free) add(groups[groups.length - 1]!.byLength, c);
  }
  const ops: Operator[] = [];
  for (const g of groups) {
    if (g.terms.length) ops.push({ '#operator': 'Order', sort_terms: g.terms.map((t) => t.sort) });
    for (const n of [...g.byLength.keys()].sort((a, b) => b - a)) ops.push({ '#operator': 'WindowAggregate', aggregates: g.byLength.get(n)! });
  }
  return ops;
}

/** The distinct window function calls of the expressions (subqueries excluded), in order of appearance. */
export function collectWindowCalls(exprs: Expr[]): FunctionCall[] {
  const out = new Map<string, FunctionCall>();
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (!isWindowCall(x)) return true;
      const k = aggregateKey(x);
      if (!out.has(k)) out.set(k, x);
      return false;
    });
  }
  return [...out.values()];
}

type Call = FunctionCall & { over: NonNullable<FunctionCall['over']> };

interface Term {
  text: string;
  desc: boolean;
  nullsFirst: boolean;
  sort: SortTerm;
}

function term(expr: Expr, o?: OrderTerm): Term {
  const desc = !!o?.desc;
  return {
    text: exprText(expr),
    desc,
    nullsFirst: o?.nulls ? o.nulls === 'FIRST' : !desc,
    sort: { expr, ...(desc ? { desc: true } : {}), ...(o?.nulls ? { nulls_pos: o.nulls === 'FIRST' ? 'first' : 'last' } : {}) },
  };
}


function weight(c: Call): number {
  return c.over.partitionBy.length + (c.over.orderBy?.length ?? 0);
}

/** True if rows sorted by `terms` are grouped by the call's partition and ordered by its ORDER BY within it. */
function fits(terms: Term[], c: Call): boolean {
  const w = c.over;
  const p = new Set(w.partitionBy.map(exprText));
  const k = p.size;
  const order = w.orderBy ?? [];
  if (terms.length < k + order.length) return false;
  const head = new Set(terms.slice(0, k).map((t) => t.text));
  if (head.size !== k || [...p].some((x) => !head.has(x))) return false;
  return order.every((o, j) => {
    const t = terms[k + j]!;
    const mine = term(o.expr, o);
    return t.text === mine.text && t.desc === mine.desc && t.nullsFirst === mine.nullsFirst;
  });
}

function add(m: Map<number, FunctionCall[]>, c: Call): void {
  const n = new Set(c.over.partitionBy.map(exprText)).size;
  const list = m.get(n);
  if (list) list.push(c);
  else m.set(n, [c]);
}
