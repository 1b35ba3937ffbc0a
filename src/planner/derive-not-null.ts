import type { Expr, FromTerm } from '../ast/index.js';
import { someExpr } from '../ast/index.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize } from '../semantic/formalize.js';
import type { IndexInfo } from './catalog.js';
import { conjunctsOf } from './sarg-index.js';

/** True if `e` reads the alias `alias` and no other name (a path of that term's document). */
function readsOnly(e: Expr, alias: string): boolean {
  let other = false;
  let mine = false;
  someExpr(e, (x) => {
    if (x.kind === 'Identifier') (x.name === alias ? (mine = true) : (other = true));
    return x.kind === 'Subquery';
  });
  return mine && !other && !someExpr(e, (x) => x.kind === 'Subquery');
}

/** True if `e` does not read the alias `alias`. */
const readsNot = (e: Expr, alias: string) => !someExpr(e, (x) => x.kind === 'Identifier' && x.name === alias);

/**
 * `x IS NOT NULL` for each expression `x` of the first FROM term that an inner ANSI join after it
 * equates with the other side (`a JOIN b ON a.x = b.y`: a row of `a` whose `x` is NULL or
 * MISSING joins nothing) and that leads an index of its keyspace: the condition the scan of that
 * term may use to choose an index, as the reference's planner derives it (couchbase/query
 * `planner/build_select_from.go` deriveNotNullFilter: ON clauses of inner joins, leading index
 * keys only). It never changes the rows: the join drops those rows anyway.
 */
export function derivedNotNull(alias: string, steps: Exclude<FromTerm, { kind: 'KeyspaceTerm' | 'ExpressionTerm' }>[], indexes: IndexInfo[]): Expr[] {
  const leading = indexes.filter((ix) => !ix.isPrimary && ix.keys.length > 0).map((ix) => formalize(ix.keys[0]!.expr, ix.alias));
  if (leading.length === 0) return [];
  const out: Expr[] = [];
  for (const st of steps) {
    if (st.kind !== 'JoinTerm' || st.nest || st.type !== 'INNER' || !st.on) continue;
    for (const c of conjunctsOf(st.on)) {
      if (c.kind !== 'Binary' || c.op !== '=') continue;
      for (const [mine, theirs] of [[c.left, c.right], [c.right, c.left]] as const) {
        if (!readsOnly(mine, alias) || !readsNot(theirs, alias)) continue;
        const f = formalize(mine, alias);
        if (leading.some((k) => exprEquivalent(k, f)) && !out.some((o) => exprEquivalent(o, mine))) out.push(mine);
      }
    }
  }
  return out.map((e): Expr => ({ kind: 'Is', not: true, test: 'NULL', operand: e }));
}
