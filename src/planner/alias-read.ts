import type { Expr } from '../ast/index.js';
import { someExpr } from '../ast/index.js';
import { formalize, KS } from '../semantic/index.js';

/**
 * True when one of `exprs` may read the alias `alias` in any way: its value or a field of it,
 * `META(alias)` (or `META()`), a name that is not in `bound` (which the formalizer reads as a
 * field of the alias), or a subquery (which may read any alias, so it counts as a read).
 * A HashJoin whose build alias the rest of its block never reads does not bind the alias in the
 * rows it passes on (see the executor's join-hash.ts); the same rows, the same count.
 * @param bound names that are not fields of the alias's document (the block's other aliases, LET
 *   variables, group key aliases, enclosing queries' names)
 */
export function aliasRead(alias: string, exprs: readonly Expr[], bound: ReadonlySet<string>): boolean {
  for (const e of exprs) {
    if (someExpr(e, (x) => x.kind === 'Subquery')) return true;
    if (someExpr(formalize(e, alias, bound), (x) => x.kind === 'Identifier' && x.name === KS)) return true;
  }
  return false;
}
