import type { Expr, FromTerm, KeyspaceTerm, ExpressionTerm, SelectStatement, WithClause } from '../ast/index.js';
import { NOT_CONSTANT } from '../eval/index.js';
import { foldedConstant } from '../semantic/static-expr.js';
import { splitRecursive } from '../semantic/recursive-with.js';
import type { SourcePlan, SubselectPlan } from './logical-plan.js';
import type { WithBinding } from './plan/index.js';

/**
 * The WITH aliases in scope while a SELECT is planned, each with whether its value is the same
 * for the whole statement (a WITH of the statement itself, or of a FROM subquery run once): a
 * subquery reading only such names is uncorrelated (run once and reused), and an ExpressionScan
 * of one prints `uncorrelated`, as the reference's. A recursive alias inside its own recursive
 * clause (the previous level's rows) is not.
 */
export type WithNames = ReadonlyMap<string, boolean>;

/** True if a WITH clause planned with these enclosing names binds statement-wide values. */
export function withIsStable(outerNames: ReadonlySet<string>, withs: WithNames): boolean {
  return [...outerNames].every((n) => withs.get(n) === true);
}

const subquery = (q: SelectStatement): Expr => ({ kind: 'Subquery', query: q, loc: q.loc });

/**
 * Plans a WITH clause: each binding's expression (a recursive one split into its anchor and
 * recursive clauses, semantic/recursive-with.ts), its OPTIONS folded to a value when constant,
 * its CYCLE fields. Returns the bindings and the names the SELECT after it sees.
 */
export function buildWith(w: WithClause, outerNames: ReadonlySet<string>, withs: WithNames): { bindings: WithBinding[]; names: Set<string>; withs: Map<string, boolean> } {
  const stable = withIsStable(outerNames, withs);
  const names = new Set(outerNames);
  const inner = new Map(withs);
  const bindings = w.bindings.map((b): WithBinding => {
    const split = w.recursive ? splitRecursive(b) : undefined;
    const out: WithBinding = { alias: b.alias, expr: split ? subquery(split.anchor) : b.expr };
    if (split) {
      out.rexpr = subquery(split.recursive);
      if (split.union) out.is_union = true;
    }
    if (b.options) {
      // The semantic phase has checked that OPTIONS is constant.
      const v = foldedConstant(b.options);
      if (v !== NOT_CONSTANT) out.config = v;
    }
    if (b.cycle) out.cycle = { cycle: b.cycle };
    names.add(b.alias);
    inner.set(b.alias, stable);
    return out;
  });
  return { bindings, names, withs: inner };
}

/** `FROM a [AS x]` where `a` is a WITH alias: the expression term it is (a keyspace of that name is hidden). */
function withTerm(t: KeyspaceTerm | ExpressionTerm, withs: WithNames): KeyspaceTerm | ExpressionTerm {
  if (t.kind !== 'KeyspaceTerm') return t;
  const ref = t.keyspace;
  if (ref.namespace !== undefined || ref.path.length !== 1 || !withs.has(ref.path[0]!) || t.useKeys) return t;
  const name = ref.path[0]!;
  return { kind: 'ExpressionTerm', expr: { kind: 'Identifier', name, loc: t.loc }, alias: ref.alias ?? name, ...(t.joinHint ? { joinHint: t.joinHint } : {}), loc: t.loc };
}

/** A FROM clause with every term that names a WITH alias made the expression term it is. */
export function resolveWithTerms(f: FromTerm, withs: WithNames): FromTerm {
  if (withs.size === 0) return f;
  switch (f.kind) {
    case 'UnnestTerm':
      return { ...f, left: resolveWithTerms(f.left, withs) };
    case 'JoinTerm':
      return { ...f, left: resolveWithTerms(f.left, withs), right: withTerm(f.right, withs) };
    default:
      return withTerm(f, withs);
  }
}

/** Marks the block's ExpressionScans of statement-wide WITH aliases `uncorrelated`, as the reference prints them. */
export function markUncorrelated(p: SubselectPlan, withs: WithNames): void {
  const mark = (s: SourcePlan) => {
    if (s.op === 'ExpressionScan' && s.expr.kind === 'Identifier' && withs.get(s.expr.name) === true) s.uncorrelated = true;
  };
  mark(p.source);
  for (const st of p.steps) if ('inner' in st) mark(st.inner);
}
