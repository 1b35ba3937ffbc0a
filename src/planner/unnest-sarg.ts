import type { Expr, FromTerm } from '../ast/index.js';
import { someExpr } from '../ast/index.js';
import { conjunctsOf } from './sarg-index.js';

type Step = Exclude<FromTerm, { kind: 'KeyspaceTerm' | 'ExpressionTerm' }>;

/** The identifiers `e` reads outside its subqueries (a subquery counts as reading every name). */
function namesRead(e: Expr): Set<string> | undefined {
  const out = new Set<string>();
  let sub = false;
  someExpr(e, (x) => {
    if (x.kind === 'Subquery') sub = true;
    else if (x.kind === 'Identifier') out.add(x.name);
    return sub;
  });
  return sub ? undefined : out;
}

/** True if `e` reads the identifier `alias` and no other name (`d.a1`, `ARRAY_CONCAT(d.a, d.b)`). */
function readsOnly(e: Expr, alias: string): boolean {
  const names = namesRead(e);
  return !!names && names.size === 1 && names.has(alias);
}

/** The disjuncts of an OR. */
function disjunctsOf(e: Expr): Expr[] {
  return e.kind === 'Binary' && e.op === 'OR' ? [...disjunctsOf(e.left), ...disjunctsOf(e.right)] : [e];
}

const and = (parts: Expr[]): Expr => parts.reduce((l, r): Expr => ({ kind: 'Binary', op: 'AND', left: l, right: r }));

/**
 * `FROM d UNNEST d.a AS c UNNEST c.b AS p WHERE …`: a row's `c` and `p` are an element of
 * `d.a` and one of its `c.b`, so the conjuncts on them (and `d`) hold for some such pair:
 * `ANY c IN d.a SATISFIES <those on c alone> AND (ANY p IN c.b SATISFIES <those on p> END) END`,
 * for nested FLATTEN_KEYS keys only (the binding is marked `flattenOnly`: sarg-flatten.ts).
 * Only inner UNNESTs (not OUTER), the second of an expression of the first's alias alone.
 */
function nestedUnnestImplied(alias: string, steps: readonly Step[], conjuncts: readonly Expr[]): Expr[] {
  const out: Expr[] = [];
  const outer = new Map<string, Expr>();
  for (const st of steps) {
    if (st.kind !== 'UnnestTerm' || st.outer) continue;
    const u = st.alias ?? (st.expr.kind === 'Field' ? st.expr.name : undefined);
    if (!u || u === alias) continue;
    if (readsOnly(st.expr, alias)) {
      outer.set(u, st.expr);
      continue;
    }
    const names = namesRead(st.expr);
    const c = names && names.size === 1 ? [...names][0] : undefined;
    const cExpr = c !== undefined ? outer.get(c) : undefined;
    if (c === undefined || !cExpr || c === u) continue;
    const onC: Expr[] = [];
    const onU: Expr[] = [];
    for (const x of conjuncts) {
      const n = namesRead(x);
      if (!n || [...n].some((m) => m !== u && m !== c && m !== alias)) continue;
      if (n.has(u)) onU.push(x);
      else if (n.has(c)) onC.push(x);
    }
    if (onU.length === 0) continue;
    const inner: Expr = { kind: 'Collection', quantifier: 'ANY', bindings: [{ variable: u, within: false, expr: st.expr, flattenOnly: true }], satisfies: and(onU) };
    out.push({ kind: 'Collection', quantifier: 'ANY', bindings: [{ variable: c, within: false, expr: cExpr, flattenOnly: true }], satisfies: and([...onC, inner]) });
  }
  return out;
}

/**
 * Conditions the scan of the first FROM term may use to choose an index, implied by its inner
 * UNNESTs (couchbase/query `planner/build_select_from.go` and `sarg_unnest.go`: an UNNEST's
 * predicates sarg array indexes of the keyspace as the equivalent ANY does):
 * - a row of `FROM d UNNEST d.arr AS u` exists only where `d.arr` is a non-empty array, so
 *   `d.arr >= [] AND d.arr < {}` holds (the reference's span `[[], {})` on such a key);
 * - a WHERE conjunct `p(u)` over the UNNEST alias (and the term's alias) holds for some element
 *   of `d.arr`, so `ANY u IN d.arr SATISFIES p(u) END` holds.
 * Each is implied by the block's rows: they only narrow the documents scanned, never the rows
 * (the Unnest and the Filter still run on every fetched document). Only UNNESTs of an expression
 * of the term's alias alone, not OUTER (a LEFT UNNEST keeps documents without elements).
 */
export function unnestImplied(alias: string, steps: readonly Step[], where: Expr | undefined): Expr[] {
  const out: Expr[] = [];
  const conjuncts = where ? conjunctsOf(where) : [];
  out.push(...nestedUnnestImplied(alias, steps, conjuncts));
  for (const st of steps) {
    if (st.kind !== 'UnnestTerm') continue;
    if (st.outer || !readsOnly(st.expr, alias)) continue;
    const u = st.alias ?? (st.expr.kind === 'Field' ? st.expr.name : undefined);
    if (!u || u === alias) continue;
    out.push({ kind: 'Binary', op: '>=', left: st.expr, right: { kind: 'ArrayConstruct', items: [] } });
    out.push({ kind: 'Binary', op: '<', left: st.expr, right: { kind: 'ObjectConstruct', fields: [] } });
    const any = (p: Expr): Expr => ({ kind: 'Collection', quantifier: 'ANY', bindings: [{ variable: u, within: false, expr: st.expr }], satisfies: p });
    const mine: Expr[] = [];
    for (const c of conjuncts) {
      const names = namesRead(c);
      if (!names || !names.has(u) || [...names].some((n) => n !== u && n !== alias)) continue;
      mine.push(c);
      out.push(disjunctsOf(c).map(any).reduce((l, r): Expr => ({ kind: 'Binary', op: 'OR', left: l, right: r })));
    }
    // The conjuncts hold for one and the same element: together they sarg the keys of a
    // FLATTEN_KEYS array key (sarg-flatten.ts), one ANY for all of them (an OR inside it: one
    // span per term). Other array keys keep the ANYs above (an OR of ANYs: a UnionScan).
    if (mine.length > 1 || (mine.length === 1 && disjunctsOf(mine[0]).length > 1)) {
      const satisfies = mine.reduce((l, r): Expr => ({ kind: 'Binary', op: 'AND', left: l, right: r }));
      out.push({ kind: 'Collection', quantifier: 'ANY', bindings: [{ variable: u, within: false, expr: st.expr, flattenOnly: true }], satisfies });
    }
  }
  return out;
}
