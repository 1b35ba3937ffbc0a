import { childrenOf, implicitName, type Expr, type OrderTerm, type Subselect } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { isAggregateName } from '../eval/index.js';
import { printExpr } from '../ast/print.js';
import { exprEquivalent } from './expr-equivalent.js';
import { formalize, KS } from './formalize.js';

/** The part of `e` (formalized) that reads the documents of a group other than through its keys, if any. */
function offending(e: Expr, keys: Expr[], preGroup: ReadonlySet<string>): Expr | undefined {
  if (keys.some((k) => exprEquivalent(k, e))) return undefined;
  switch (e.kind) {
    case 'FunctionCall':
      if (isAggregateName(e.name.toLowerCase()) && !e.over) return undefined;
      if (e.name.toLowerCase() === 'meta') return e;
      break;
    case 'Identifier':
      // The keyspace alias, or an UNNEST alias; any other identifier is a group key alias, a
      // LET, LETTING or result name, or a comprehension variable.
      return e.name === KS || preGroup.has(e.name) ? e : undefined;
    case 'Subquery':
      return undefined;
  }
  for (const c of childrenOf(e)) {
    const bad = offending(c, keys, preGroup);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * The reference's check of a grouped block (a GROUP BY, or aggregates without one): the
 * projection, LETTING, HAVING and the block's ORDER BY may read the documents only through the
 * group keys and aggregates (LETTING names, group key aliases and, in ORDER BY, result names
 * are allowed too). Subqueries are not checked.
 * @param alias the block's FROM alias (undefined without FROM)
 * @param preGroup the UNNEST aliases (per document, like the FROM alias); LET variables are
 *   allowed, as a LET of constants is common
 * @throws QueryError 4210 `Expression (x) must depend only on group keys or aggregates.`
 *   (E_NOT_GROUP_KEY_OR_AGG)
 */
export function checkGroupedBlock(s: Subselect, alias: string | undefined, preGroup: ReadonlySet<string>, orderBy: OrderTerm[] = []): void {
  const after = new Set<string>();
  for (const k of s.groupBy?.keys ?? []) if (k.alias) after.add(k.alias);
  for (const l of s.groupBy?.letting ?? []) after.add(l.name);
  // Names formalization keeps as they are: before grouping (UNNEST, LET), and after it.
  const beforeGroup = new Set([...preGroup, ...(s.let ?? []).map((l) => l.name)]);
  const bound = new Set([...beforeGroup, ...after]);
  const f = (e: Expr, names: ReadonlySet<string> = bound) => formalize(e, alias ?? '', names);
  const keys = (s.groupBy?.keys ?? []).map((k) => f(k.expr, beforeGroup));
  const check = (e: Expr, names?: ReadonlySet<string>): void => {
    const bad = offending(f(e, names), keys, preGroup);
    if (!bad) return;
    throw new QueryError({
      code: ErrorCode.NOT_GROUP_KEY_OR_AGG,
      phase: 'semantic',
      message: `Expression ${printExpr(e)} must depend only on group keys or aggregates.`,
      position: e.loc,
    });
  };
  for (const l of s.groupBy?.letting ?? []) check(l.expr);
  if (s.groupBy?.having) check(s.groupBy.having);
  const resultNames = new Set(bound);
  for (const t of s.projection) {
    if (t.kind !== 'Term') continue;
    check(t.expr);
    const name = t.alias ?? implicitName(t.expr);
    if (name !== undefined) resultNames.add(name);
  }
  for (const o of orderBy) check(o.expr, resultNames);
}
