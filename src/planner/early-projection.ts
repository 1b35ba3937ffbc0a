import type { Expr } from '../ast/index.js';
import { someExpr, walkExpr } from '../ast/index.js';
import { formalize, KS } from '../semantic/index.js';

/**
 * The Fetch's `early_projection` (couchbase/query `planner/build_select_from.go`,
 * `earlyProjection`): the top-level fields of the document bound to `alias` that the rest of
 * the block reads, sorted; undefined when the block reads the document otherwise than
 * through named fields (the alias alone, `*`, `alias.*`, a computed or case-insensitive field
 * name) or runs a subquery (which may read the alias anywhere). `META(alias)` reads no field.
 * @param bound names that are not fields of the document (UNNEST aliases, LET variables,
 *   enclosing queries' names)
 * @param afterProjection expressions that also see the result names `resultNames` (ORDER BY)
 */
export function earlyProjection(alias: string, exprs: Expr[], bound: ReadonlySet<string>, afterProjection: Expr[] = [], resultNames: ReadonlySet<string> = new Set()): string[] | undefined {
  const fields = new Set<string>();
  const read = (e: Expr, names: ReadonlySet<string>): boolean => {
    if (someExpr(e, (x) => x.kind === 'Subquery')) return false;
    const f = formalize(e, alias, names);
    let ok = true;
    walkExpr(f, (x) => {
      if (!ok) return false;
      if (x.kind === 'FunctionCall' && x.name === 'meta') return false;
      if (x.kind === 'Field' && x.target.kind === 'Identifier' && x.target.name === KS) {
        if (x.caseInsensitive) ok = false;
        else fields.add(x.name);
        return false;
      }
      if (x.kind === 'Identifier' && x.name === KS) ok = false;
      return ok;
    });
    return ok;
  };
  for (const e of exprs) if (!read(e, bound)) return undefined;
  const withResults = new Set([...bound, ...resultNames]);
  for (const e of afterProjection) if (!read(e, withResults)) return undefined;
  return [...fields].sort();
}
