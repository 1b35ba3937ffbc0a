import { resultNames, someExpr, type Expr, type ResultTerm } from '../ast/index.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize } from '../semantic/formalize.js';
import type { SubselectPlan, SelectPlan } from './logical-plan.js';

/**
 * Covering with expression index keys (couchbase/query `planner/build_covering.go`, whose
 * covered expressions print as `cover (<key>)`): an index key that is not a plain field path,
 * such as `LOWER(name)`, is covered by rewriting every occurrence of it in the block into a
 * read of a field of the covering scan's document whose name is {@link coverFieldName} of the
 * key. The scan puts the entry's key value there (`coverPaths` gives it as a one-step path), so
 * the block reads the key value instead of computing the expression from a fetched document.
 */

/**
 * The field of the covering document that holds the value of the key whose canonical text is
 * `keyText`. The leading NUL keeps it apart from the fields documents usually have; the
 * executor knows these fields from the plan (`coverExpressionKeys`), never from the name.
 */
export function coverFieldName(keyText: string): string {
  return `\u0000cover (${keyText})`;
}

/**
 * An expression index key to cover: its formalized expression, its canonical text (e.g.
 * "lower(`name`)") and the field of the covering document that will hold its value.
 */
export interface CoveredKey {
  formal: Expr;
  text: string;
  field: string;
}

/**
 * True if expression keys can be rewritten in `e` (formalized): it binds no variables (ANY,
 * ARRAY, OBJECT … FOR, whose variables could shadow a keyspace field a key reads) and has no
 * subquery (whose expressions belong to another block).
 */
export function rewritable(e: Expr): boolean {
  return !someExpr(e, (x) => x.kind === 'Collection' || x.kind === 'ArrayFor' || x.kind === 'ObjectFor' || x.kind === 'Subquery');
}

/** `e` with every sub-expression equivalent to a covered key replaced by `alias.<its field>` (top-down). */
function rewrite(e: Expr, alias: string, bound: ReadonlySet<string>, keys: readonly CoveredKey[]): Expr {
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(visit);
    if (v === null || typeof v !== 'object') return v;
    const node = v as Record<string, unknown>;
    if (typeof node.kind === 'string') {
      const formal = formalize(node as unknown as Expr, alias, bound);
      const key = keys.find((k) => exprEquivalent(formal, k.formal));
      if (key) return { kind: 'Field', target: { kind: 'Identifier', name: alias }, name: key.field, coveredKey: key.text };
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(node)) out[k] = k === 'loc' ? x : visit(x);
    return out;
  };
  return visit(e) as Expr;
}

/**
 * Rewrites every expression of a covered block (result terms, WHERE, LET, UNNEST, GROUP BY,
 * LETTING, HAVING and ORDER BY) so that covered keys are read from the covering document. Result
 * terms keep the names they had (`SELECT LOWER(name)` is still `$1`), so each term gets its name
 * as an explicit alias first.
 */
export function rewriteCoveredBlock(plan: SelectPlan, b: SubselectPlan, alias: string, bound: ReadonlySet<string>, orderBound: ReadonlySet<string>, keys: readonly CoveredKey[]): void {
  const r = (e: Expr) => rewrite(e, alias, bound, keys);
  const names = resultNames(b.terms);
  b.terms = b.terms.map((t, i): ResultTerm => {
    if (t.kind !== 'Term') return t.kind === 'PathStar' ? { ...t, expr: r(t.expr) } : t;
    return { ...t, expr: r(t.expr), ...(b.raw ? {} : { alias: names[i] }) };
  });
  if (b.where) b.where = r(b.where);
  if (b.preFilter) b.preFilter = r(b.preFilter);
  b.steps = b.steps.map((u) => (u.op === 'Unnest' ? { ...u, expr: r(u.expr) } : u));
  if (b.let) b.let = b.let.map((l) => ({ ...l, expr: r(l.expr) }));
  if (b.group) {
    b.group = {
      ...b.group,
      keys: b.group.keys.map((k) => ({ ...k, expr: r(k.expr) })),
      ...(b.group.letting ? { letting: b.group.letting.map((l) => ({ ...l, expr: r(l.expr) })) } : {}),
      ...(b.group.having ? { having: r(b.group.having) } : {}),
    };
  }
  // ORDER BY also sees the result names (`ORDER BY l` for `LOWER(name) AS l` stays a name).
  if (plan.orderBy) plan.orderBy = plan.orderBy.map((o) => ({ ...o, expr: rewrite(o.expr, alias, orderBound, keys) }));
}
