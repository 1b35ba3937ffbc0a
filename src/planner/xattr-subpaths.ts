import type { Expr, Statement } from '../ast/index.js';
import { QueryError } from '../errors/index.js';
import { isMetaXattrs } from '../eval/index.js';

/** Most xattr names one keyspace term may read (couchbase/query `planner`, MB-62793). */
export const MAX_XATTR_PATHS = 15;

/**
 * The extended-attribute names a statement reads per keyspace alias: every `META(alias).xattrs.name`
 * (and `META().xattrs.name`, for the first keyspace term of its SELECT block), for the Fetch's
 * `subpaths` as the reference prints them ({@link setFetchSubpaths} raises the reference's plan
 * error when a Fetch would read more than 15). Source: couchbase/query `planner/build_select_from.go` (xattr subpaths),
 * suite test/gsi/test_cases/xattrs/case_xattrs_bugs.json.
 */
export function xattrSubpaths(s: Statement): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const walk = (n: unknown, first: string | undefined): void => {
    if (Array.isArray(n)) {
      for (const x of n) walk(x, first);
      return;
    }
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (o.kind === 'Subselect') first = firstAlias(o.from);
    if ((o.kind === 'Update' || o.kind === 'Delete') && o.keyspace) {
      const k = o.keyspace as { alias?: string; path: string[] };
      first = k.alias ?? k.path[k.path.length - 1];
    }
    if (o.kind === 'Field' && isMetaXattrs(o.target as Expr)) {
      const call = (o.target as { target: { args: Expr[] } }).target;
      const a = call.args[0];
      const alias = a === undefined ? first : a.kind === 'Identifier' ? a.name : undefined;
      if (alias !== undefined) {
        let names = out.get(alias);
        if (!names) out.set(alias, (names = new Set()));
        names.add(o.name as string);
      }
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'loc' && v && typeof v === 'object') walk(v, first);
  };
  walk(s, undefined);
  const result = new Map<string, string[]>();
  for (const [alias, names] of out) result.set(alias, [...names].sort());
  return result;
}

/** The alias of the leftmost keyspace term of a FROM clause. */
function firstAlias(from: unknown): string | undefined {
  let t = from as { kind?: string; left?: unknown; keyspace?: { alias?: string; path: string[] } } | undefined;
  while (t && (t.kind === 'JoinTerm' || t.kind === 'UnnestTerm')) t = t.left as typeof t;
  if (t?.kind !== 'KeyspaceTerm' || !t.keyspace) return undefined;
  return t.keyspace.alias ?? t.keyspace.path[t.keyspace.path.length - 1];
}

/**
 * Sets `subpaths` on every Fetch (in `plan`, subqueries included) whose alias reads xattrs; in a
 * SELECT (`tombstones`) such a Fetch also reads deleted documents' tombstones (`_tombstones`).
 */
export function setFetchSubpaths(plan: unknown, subpaths: Map<string, string[]>, tombstones = false): void {
  if (subpaths.size === 0) return;
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) {
      for (const x of n) walk(x);
      return;
    }
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (o['#operator'] === 'Fetch') {
      const names = subpaths.get((o.as ?? o.keyspace) as string);
      // A covering index scan reads no document and no xattr: the limit is the Fetch's.
      if (names && names.length > MAX_XATTR_PATHS) {
        throw new QueryError({ code: 4000, phase: 'plan', message: `Plan error: Can only retrieve up to ${MAX_XATTR_PATHS} xattrpaths per request` });
      }
      if (names) o.subpaths = names;
      if (names && tombstones) o._tombstones = true;
    }
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(plan);
}
