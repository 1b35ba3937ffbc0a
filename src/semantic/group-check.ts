import { childrenOf, implicitName, type Expr, type OrderTerm, type Subselect } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { isAggregateName } from '../eval/index.js';
import { printExpr } from '../ast/print.js';
import { exprEquivalent } from './expr-equivalent.js';
import { formalize, KS } from './formalize.js';
import { subqueryReads } from './subquery-reads.js';

/** The part of `e` (formalized) that reads the documents of a group other than through its keys, if any. */
function offending(e: Expr, keys: Expr[], preGroup: ReadonlySet<string>, outer: ReadonlySet<string>): Expr | undefined {
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
      // A subquery correlated on the documents (it reads the FROM or an UNNEST alias) reads them
      // outside the group keys (gsi/subqexp case_select.json#16).
      return outer.size > 0 && subqueryReads(e.query, outer) ? e : undefined;
  }
  for (const c of childrenOf(e)) {
    const bad = offending(c, keys, preGroup, outer);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * The reference's check of a grouped block (a GROUP BY, or aggregates without one): the
 * projection, LETTING, HAVING and the block's ORDER BY may read the documents only through the
 * group keys and aggregates (LETTING names, group key aliases and, in ORDER BY, result names
 * are allowed too). A subquery may not read the documents (be correlated on the FROM or an
 * UNNEST alias); otherwise subqueries are not checked.
 * @param alias the block's FROM alias (undefined without FROM)
 * @param preGroup the UNNEST aliases (per document, like the FROM alias); LET variables are
 *   allowed, as a LET of constants is common
 * @throws QueryError 4210 `Expression (x) must depend only on group keys or aggregates.`
 *   (E_NOT_GROUP_KEY_OR_AGG)
 */
export function checkGroupedBlock(s: Subselect, alias: string | undefined, preGroup: ReadonlySet<string>, orderBy: OrderTerm[] = []): void {
  const after = new Set<string>();
  for (const k of s.groupBy?.keys ?? []) if (k.alias) after.add(k.alias);
  if (s.groupBy?.groupAs !== undefined) after.add(s.groupBy.groupAs);
  for (const l of s.groupBy?.letting ?? []) after.add(l.name);
  // Names formalization keeps as they are: before grouping (UNNEST, LET), and after it.
  const beforeGroup = new Set([...preGroup, ...(s.let ?? []).map((l) => l.name)]);
  const bound = new Set([...beforeGroup, ...after]);
  const f = (e: Expr, names: ReadonlySet<string> = bound) => formalize(e, alias ?? '', names);
  const keys = (s.groupBy?.keys ?? []).map((k) => f(k.expr, beforeGroup));
  const outer = new Set([...(alias ? [alias] : []), ...preGroup]);
  const check = (e: Expr, names?: ReadonlySet<string>): void => {
    const formal = f(e, names);
    const bad = offending(formal, keys, preGroup, outer);
    if (!bad) return;
    // The reference prints the whole term, formalized (`test_id` is (`orders`.`test_id`)), and its
    // position; a correlated subquery in it as `correlated (select …)`, as in EXPLAIN.
    let text = printExpr(withAlias(formal, alias ?? ''));
    if (bad.kind === 'Subquery') {
      const sub = printExpr(withAlias(bad, alias ?? ''));
      text = text.split(sub).join(`correlated ${withPathTerms(sub, bad)}`);
    }
    const at = e.loc ? ` (near line ${e.loc.line}, column ${e.loc.column})` : '';
    throw new QueryError({
      code: ErrorCode.NOT_GROUP_KEY_OR_AGG,
      phase: 'semantic',
      message: `Expression ${text}${at} must depend only on group keys or aggregates.`,
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

/**
 * `text` (a printed subquery of `e`) with each two-part FROM path (`from `o`.`items``, a
 * correlated path, no keyspace) written as the expression it is, `from (`o`.`items`)`, as the
 * reference prints it (for messages).
 */
function withPathTerms(text: string, e: unknown): string {
  const paths: string[][] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    const ks = o.kind === 'KeyspaceTerm' ? (o.keyspace as { path: string[]; namespace?: string }) : undefined;
    if (ks && ks.path.length === 2 && ks.namespace === undefined) paths.push(ks.path);
    Object.values(o).forEach(walk);
  };
  walk(e);
  for (const p of paths) {
    const written = p.map((x) => '`' + x.replace(/`/g, '``') + '`').join('.');
    for (const kw of ['from ', 'join ', 'nest ']) text = text.split(kw + written).join(`${kw}(${written})`);
  }
  return text;
}

/** `e` with the formalizer's keyspace placeholder named `alias` again (for messages). */
function withAlias<T>(e: T, alias: string): T {
  if (Array.isArray(e)) return e.map((x) => withAlias(x, alias)) as T;
  if (e === null || typeof e !== 'object') return e;
  const o = e as Record<string, unknown>;
  if (o.kind === 'Identifier' && o.name === KS) return { ...o, name: alias } as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = k === 'loc' ? v : withAlias(v, alias);
  return out as T;
}
