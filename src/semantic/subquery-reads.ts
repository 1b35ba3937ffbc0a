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
  /** Names a FROM path starts with (`FROM s AS s1`, `FROM s`): a name of `names` there is read, whatever the term binds. */
  const heads = new Set<string>();
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
      if (path.length >= 1) heads.add(path[0]);
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
  return [...names].some((n) => (read.has(n) && !own.has(n)) || heads.has(n));
}

/**
 * True if subquery statement `q` reads the outer name `alias` only through field paths that
 * `covered` accepts (`alias.a.b` → ['a', 'b']) or as `META(alias).id`: what a covering scan of
 * `alias`'s block binds (planner/cover.ts). False when it reads `alias` otherwise (whole, by an
 * element, through other META fields), binds `alias` itself anywhere (conservative), or has a
 * block without FROM while it reads a name it does not bind (it could be a field of `alias`).
 */
export function subqueryReadsOnly(q: unknown, alias: string, covered: (path: string[]) => boolean): boolean {
  let ok = true;
  // A block without FROM: every name the subquery reads (but `alias`) must be one it binds.
  let noFrom = false;
  const own = new Set<string>();
  const read = new Set<string>();
  const names = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(names);
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (o.kind === 'Subselect' && o.from === undefined) noFrom = true;
    if (o.kind === 'Identifier' && typeof o.name === 'string' && o.name !== alias) read.add(o.name);
    if (typeof o.alias === 'string') own.add(o.alias);
    if (typeof o.variable === 'string') own.add(o.variable);
    if (typeof o.nameVariable === 'string') own.add(o.nameVariable);
    if (Array.isArray(o.path) && typeof o.alias !== 'string' && o.path.length) own.add(String(o.path[o.path.length - 1]));
    if (o.kind === undefined && typeof o.name === 'string' && 'expr' in o) own.add(o.name);
    for (const [k, v] of Object.entries(o)) if (k !== 'loc') names(v);
  };
  names(q);
  if (noFrom && [...read].some((n) => !own.has(n))) return false;
  const pathOf = (o: Record<string, unknown>): string[] | undefined => {
    const path: string[] = [];
    let cur = o;
    while (cur.kind === 'Field' && !cur.caseInsensitive && typeof cur.name === 'string') {
      path.unshift(cur.name);
      cur = cur.target as Record<string, unknown>;
    }
    return cur.kind === 'Identifier' && cur.name === alias && !cur.caseInsensitive ? path : undefined;
  };
  const isMetaId = (o: Record<string, unknown>): boolean => {
    const t = o.target as Record<string, unknown> | undefined;
    const args = t?.args as Record<string, unknown>[] | undefined;
    return o.kind === 'Field' && o.name === 'id' && t?.kind === 'FunctionCall' && String(t.name).toLowerCase() === 'meta' && args?.length === 1 && args[0].kind === 'Identifier' && args[0].name === alias;
  };
  const walk = (n: unknown): void => {
    if (!ok) return;
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (o.alias === alias || o.variable === alias || o.nameVariable === alias) ok = false;
    // A FROM term on the name reads it whole (`FROM s AS s1`), or the path after it (`FROM s.items`).
    if (Array.isArray(o.path) && o.path[0] === alias) ok = o.path.length > 1 && o.path.every((x) => typeof x === 'string') && covered(o.path.slice(1) as string[]);
    if (!ok) return;
    if (isMetaId(o)) return;
    const p = o.kind === 'Field' ? pathOf(o) : undefined;
    if (p) {
      ok = p.length > 0 && covered(p);
      return;
    }
    if (o.kind === 'Identifier' && o.name === alias) ok = false;
    for (const [k, v] of Object.entries(o)) if (k !== 'loc') walk(v);
  };
  walk(q);
  return ok;
}
