import type { Binding, Expr, FrameBound, WindowSpec } from '../ast/index.js';
import { lookupFunction } from '../eval/functions/registry.js';

/** The placeholder every keyspace alias is renamed to, so a query and an index compare. */
export const KS = '\u0000ks';

/**
 * The names of an enclosing query that a subquery block over keyspace `alias` sees as bound:
 * all of them but the block's own alias, which shadows an outer name. The evaluator resolves an
 * identifier bound in any enclosing scope as that binding, never as a field of the block's
 * keyspace (`compileIdentifier` through `isBound`'s scope chain; in couchbase/query a subquery
 * is formalized from its parent's formalizer, `Subquery.Formalize(parent)`, whose "allowed"
 * identifiers stay identifiers), so the planner must not formalize them as `KS.name` either:
 * `v = 1` on an outer `LET v` is no span of the inner scan. (`i.f = v` is no span either: span
 * bounds are evaluated once per execution of the scan without the outer row, see `isStatic`.)
 */
export function outerBound(outerNames: ReadonlySet<string>, alias: string | undefined): Set<string> {
  const out = new Set(outerNames);
  if (alias !== undefined) out.delete(alias);
  return out;
}

/**
 * Formalizes an expression for comparison (couchbase/query `expression/formalizer.go`): the
 * keyspace alias becomes {@link KS}, an unqualified field `name` becomes `KS.name`, `SELF`
 * becomes `KS`, `META()` becomes `META(KS)`, and function names become their canonical lower
 * case name (`HAS_TOKEN` → `contains_token`, `TOSTR` → `to_string`). Bound variables stay.
 * Location fields are dropped.
 */
export function formalize(e: Expr, alias: string, bound: ReadonlySet<string> = new Set()): Expr {
  const f = (x: Expr, b = bound) => formalize(x, alias, b);
  const ks: Expr = { kind: 'Identifier', name: KS };
  const withVars = (bs: Binding[]) => {
    const inner = new Set(bound);
    const out = bs.map((b) => ({ ...b, expr: f(b.expr) }));
    for (const b of bs) {
      inner.add(b.variable);
      if (b.nameVariable) inner.add(b.nameVariable);
    }
    return { bindings: out, inner };
  };
  switch (e.kind) {
    case 'Identifier':
      if (bound.has(e.name)) return { kind: 'Identifier', name: e.name };
      if (e.name === alias) return ks;
      return { kind: 'Field', target: ks, name: e.name, ...(e.caseInsensitive ? { caseInsensitive: true } : {}) };
    case 'Self':
      return ks;
    case 'Literal':
    case 'NamedParam':
    case 'PositionalParam':
    case 'Subquery':
      return { ...e, loc: undefined };
    case 'FunctionCall': {
      const name = e.name.toLowerCase();
      const canonical = name === 'meta' ? 'meta' : (lookupFunction(name)?.name.toLowerCase() ?? name);
      const args = name === 'meta' ? [ks] : e.args.map((a) => f(a));
      return {
        kind: 'FunctionCall',
        name: canonical,
        args,
        ...(e.distinct ? { distinct: true } : {}),
        ...(e.star ? { star: true } : {}),
        ...(e.filter ? { filter: f(e.filter) } : {}),
        ...(e.fromLast ? { fromLast: true } : {}),
        ...(e.ignoreNulls ? { ignoreNulls: true } : {}),
        ...(e.over ? { over: mapWindow(e.over, f) } : {}),
      };
    }
    case 'Collection': {
      const { bindings, inner } = withVars(e.bindings);
      return { kind: 'Collection', quantifier: e.quantifier, bindings, satisfies: f(e.satisfies, inner) };
    }
    case 'ArrayFor': {
      const { bindings, inner } = withVars(e.bindings);
      return { kind: 'ArrayFor', first: e.first, bindings, mapping: f(e.mapping, inner), ...(e.when ? { when: f(e.when, inner) } : {}), ...(e.array ? { array: e.array } : {}) };
    }
    case 'ObjectFor': {
      const { bindings, inner } = withVars(e.bindings);
      return { kind: 'ObjectFor', bindings, name: f(e.name, inner), value: f(e.value, inner), ...(e.when ? { when: f(e.when, inner) } : {}) };
    }
    default: {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(e)) {
        if (k === 'loc' || v === undefined) continue;
        if (Array.isArray(v)) out[k] = v.map((x) => (isExpr(x) ? f(x) : mapFields(x, f)));
        else out[k] = isExpr(v) ? f(v) : v;
      }
      return out as unknown as Expr;
    }
  }
}

function isExpr(v: unknown): v is Expr {
  return typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';
}

/** Formalizes the expressions inside plain records (`{name, value}` of objects, `{when, then}` of CASE). */
function mapFields(v: unknown, f: (x: Expr) => Expr): unknown {
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = isExpr(x) ? f(x) : x;
  return out;
}

/** A window with its expressions mapped by `f` (PARTITION BY, ORDER BY, frame offsets). */
function mapWindow(w: WindowSpec, f: (e: Expr) => Expr): WindowSpec {
  const bound = (b: FrameBound): FrameBound => ('offset' in b ? { kind: b.kind, offset: f(b.offset) } : b);
  return {
    partitionBy: w.partitionBy.map((e) => f(e)),
    ...(w.orderBy ? { orderBy: w.orderBy.map((o) => ({ ...o, expr: f(o.expr) })) } : {}),
    ...(w.frame ? { frame: { ...w.frame, start: bound(w.frame.start), ...(w.frame.end ? { end: bound(w.frame.end) } : {}) } } : {}),
  };
}
