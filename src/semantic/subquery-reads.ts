/**
 * True if subquery statement `q` may read one of `names` from outside: as an identifier or as
 * the head of a FROM path (`FROM orders.orderlines`), or (with `withoutFrom`) has a block
 * without FROM, whose bare identifiers are not fields of a keyspace of its own. Conservative: a
 * name the subquery binds anywhere itself (an alias, a LET or comprehension variable) does not
 * count. The reference calls such a subquery correlated (couchbase/query
 * `algebra/subquery.go` IsCorrelated).
 */
export function subqueryReads(q: unknown, names: ReadonlySet<string>, withoutFrom = false): boolean {
  const read = new Set<string>();
  const own = new Set<string>();
  let noFrom = false;
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (o.kind === 'Subselect' && o.from === undefined) noFrom = true;
    if (o.kind === 'Identifier' && typeof o.name === 'string') read.add(o.name);
    if (Array.isArray(o.path) && o.path.every((p) => typeof p === 'string')) {
      // A keyspace reference: binds its alias (else its last part); a two-part path reads its head.
      const path = o.path as string[];
      if (path.length === 2) read.add(path[0]);
      if (typeof o.alias !== 'string' && path.length) own.add(path[path.length - 1]);
    }
    if (typeof o.alias === 'string') own.add(o.alias);
    if (typeof o.variable === 'string') own.add(o.variable);
    if (typeof o.nameVariable === 'string') own.add(o.nameVariable);
    if (o.kind === undefined && typeof o.name === 'string' && 'expr' in o) own.add(o.name);
    for (const [k, v] of Object.entries(o)) if (k !== 'loc') walk(v);
  };
  walk(q);
  if (withoutFrom && noFrom) return true;
  return [...names].some((n) => read.has(n) && !own.has(n));
}
