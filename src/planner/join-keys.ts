import type { Expr } from '../ast/index.js';
import { someExpr } from '../ast/index.js';
import { conjunctsOf } from './sarg-index.js';

/** The identifiers an expression mentions (binding variables included: a conservative answer). */
export function names(e: Expr): Set<string> {
  const out = new Set<string>();
  someExpr(e, (x) => {
    if (x.kind === 'Identifier') out.add(x.name);
    return false;
  });
  return out;
}

/** True if `e` reads only names of `allowed` (at least one), with no subquery or comprehension. */
function readsOnly(e: Expr, allowed: (n: string) => boolean): boolean {
  const ns = names(e);
  if (ns.size === 0 || ![...ns].every(allowed)) return false;
  return !someExpr(e, (x) => x.kind === 'Subquery' || x.kind === 'Collection' || x.kind === 'ArrayFor' || x.kind === 'ObjectFor');
}

/**
 * The equi-join pairs of an ANSI join's ON clause: conjuncts `x = y` where one side reads only
 * the inner alias and the other only aliases bound before the join. A hash join hashes both
 * sides' values of these pairs; the whole ON clause is still evaluated on each candidate pair
 * of rows. Source: couchbase/query `planner/build_join.go` (`getHashJoinExprs` idea).
 */
export function equiPairs(on: Expr, innerAlias: string, outerAliases: ReadonlySet<string>): { inner: Expr; outer: Expr }[] {
  const out: { inner: Expr; outer: Expr }[] = [];
  for (const c of conjunctsOf(on)) {
    if (c.kind !== 'Binary' || c.op !== '=') continue;
    const isInner = (e: Expr) => readsOnly(e, (n) => n === innerAlias);
    const isOuter = (e: Expr) => readsOnly(e, (n) => outerAliases.has(n));
    if (isInner(c.left) && isOuter(c.right)) out.push({ inner: c.left, outer: c.right });
    else if (isInner(c.right) && isOuter(c.left)) out.push({ inner: c.right, outer: c.left });
  }
  return out;
}

/**
 * The WHERE conjuncts that read only the first FROM term's alias (or constants, parameters and
 * names bound outside the block): they can filter its rows before any join. None that reads a
 * LET variable or a later alias, or holds a subquery.
 */
export function preJoinConjuncts(where: Expr | undefined, baseAlias: string, outerNames: ReadonlySet<string>, later: ReadonlySet<string>): Expr[] {
  if (!where) return [];
  return conjunctsOf(where).filter((c) => {
    if (someExpr(c, (x) => x.kind === 'Subquery')) return false;
    const ns = [...names(c)];
    return ns.every((n) => !later.has(n) && (n === baseAlias || outerNames.has(n)));
  });
}
