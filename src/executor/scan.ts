import { ErrorCode, QueryError } from '../errors/index.js';
import { bindDocument, childEnv, compileExpr, rootEnv, type Env, type Evaluator, type Scope } from '../eval/index.js';
import type { SourcePlan } from '../planner/plan.js';
import type { KeyspaceStore, StoredDocument } from '../storage/index.js';
import type { Value } from '../values/index.js';
import { batched, type Row, type RowStream, type RunContext } from './runtime.js';
import { systemRows } from './system-scan.js';
import { coveredDocument } from './covered-document.js';
import { compileScan } from './index-scan.js';
import { warnMissingKeys } from './lookup-join.js';

/**
 * A compiled source: produces the rows of a FROM clause (or the single row of a DummyScan).
 * `filterRedundant(rc)`, on index scans, tells whether its rows already satisfy the WHERE.
 */
export type CompiledSource = ((outer: Env | undefined, rc: RunContext) => RowStream) & { filterRedundant?: (rc: RunContext, outer?: Env) => boolean };

function keyspaceOf(rc: RunContext, name: string) {
  const ks = rc.store.keyspace(name);
  if (!ks) throw new QueryError({ code: ErrorCode.KEYSPACE_NOT_FOUND, phase: 'execution', message: `Keyspace not found in CB datastore: default:${name}` });
  return ks;
}

/** A row binding document `d` under `alias`; `path` is the keyspace's `namespace:name`. */
function docRow(outer: Env | undefined, alias: string, path: string, d: StoredDocument): Row {
  const env = outer ? childEnv(outer) : rootEnv();
  bindDocument(env, alias, d.value, { id: d.key, cas: d.meta.cas, expiration: d.meta.expiration, seqno: d.meta.seqno, keyspace: path });
  return { env };
}

/** USE KEYS values: a string or an array of strings (others are ignored), in the order given. */
function keysOf(v: Value): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((k): k is string => typeof k === 'string');
  return [];
}

/**
 * Compiles the source of a SELECT block or of UPDATE/DELETE:
 * PrimaryScan3 (every live document in key order, then Fetch), KeyScan (USE KEYS),
 * ExpressionScan (`FROM expr AS a`: one row per array element), SubqueryScan, SystemScan and
 * DummyScan (one empty row).
 * @param compileSubquery compiles a nested SELECT plan for SubqueryScan (injected to avoid a cycle)
 */
export function compileSource(
  source: SourcePlan,
  scope: Scope,
  compileSubquery: (plan: Extract<SourcePlan, { op: 'SubqueryScan' }>['query'], scope: Scope) => (env: Env | undefined, rc: RunContext) => Value[],
): CompiledSource {
  switch (source.op) {
    case 'DummyScan':
      return (outer) => [[{ env: outer ? childEnv(outer) : rootEnv() }]];
    case 'PrimaryScan3': {
      const path = `default:${source.keyspace}`;
      return function* (outer, rc) {
        const ks = keyspaceOf(rc, source.keyspace);
        yield* batched(mapIter(ks.scan(), (d) => docRow(outer, source.alias, path, d)));
      };
    }
    case 'IndexScan': {
      const path = `default:${source.keyspace}`;
      const constScope: Scope = { names: new Set(), keyspaceAliases: [] };
      const scan = compileScan(source.scan, constScope);
      const exactAll = source.scan.kind === 'IndexScan3' && !!source.scan.servesWhere;
      const limitExpr = source.scan.kind === 'IndexScan3' && source.scan.limit ? compileExpr(source.scan.limit, constScope) : undefined;
      // The spans decide the result alone when they are exact, serve every WHERE conjunct, and
      // their bounds are plain scalars in this execution: then the Filter and a pushed LIMIT hold.
      const filterRedundant = (rc: RunContext, outer?: Env) => exactAll && scan.scalarBounds(rc, outer);
      const run = function* (outer: Env | undefined, rc: RunContext): RowStream {
        const ks = keyspaceOf(rc, source.keyspace);
        const rows: Row[] = [];
        const redundant = filterRedundant(rc, outer);
        const lim = redundant ? limitExpr?.(rootEnv(), rc) : undefined;
        const max = typeof lim === 'number' ? Math.max(0, Math.floor(lim)) : undefined;
        const { accept, live, expireLater } = liveDocuments(ks);
        // A covering scan rebuilds the row's document from the index keys (no Fetch); one that
        // covers only META().id relies on the Filter being redundant.
        if (source.coverPaths && (source.coverPaths.length > 0 || redundant)) {
          const paths = source.coverPaths;
          const entries: { id: string; key: Value[] }[] = [];
          scan(rc, max, (id, key) => entries.push({ id, key }), accept, outer);
          for (const { id, key } of entries) {
            const env = outer ? childEnv(outer) : rootEnv();
            bindDocument(env, source.alias, coveredDocument(paths, key, live.get(id)!, source.coverExpressionKeys), { id, cas: 0, expiration: 0, keyspace: path });
            rows.push({ env });
          }
        } else {
          // An IntersectScan or UnionScan does not filter with `accept`: the ids are checked here.
          for (const id of scan(rc, max, undefined, accept, outer)) if (accept(id)) rows.push(docRow(outer, source.alias, path, live.get(id)!));
        }
        expireLater();
        yield* batched(rows);
      };
      return Object.assign(run, { filterRedundant });
    }
    case 'KeyScan': {
      const path = `default:${source.keyspace}`;
      const keys: Evaluator = compileExpr(source.keys, scope);
      return function* (outer, rc) {
        const ks = keyspaceOf(rc, source.keyspace);
        const env = outer ?? rootEnv();
        const rows: Row[] = [];
        let missing = false;
        for (const k of keysOf(keys(env, rc))) {
          const d = ks.get(k);
          if (d) rows.push(docRow(outer, source.alias, path, d));
          else missing = true;
        }
        if (missing && source.validate) warnMissingKeys(rc);
        yield* batched(rows);
      };
    }
    case 'ExpressionScan': {
      const expr = compileExpr(source.expr, scope);
      return (outer, rc) => elementRows(outer, source.alias, expr(outer ?? rootEnv(), rc));
    }
    case 'SubqueryScan': {
      const run = compileSubquery(source.query, scope);
      return (outer, rc) => elementRows(outer, source.alias, run(outer, rc));
    }
    case 'SystemScan':
      return (outer, rc) => elementRows(outer, source.alias, systemRows(source.keyspace, rc));
  }
}

/**
 * How an index scan reads documents: while the index is walked, `accept(id)` tells whether the
 * document is live, reading it with `peek` (its document is then in `live`). Reading an expired
 * document with `get` would expire it, and the expiry removes its entries from the very tree
 * being walked, so the walk would skip the next entry (or stop). An expired document is left
 * out (and does not count towards a LIMIT pushed into the scan), and `expireLater()`, called
 * once the walk is over, expires it as reading it with `get` does (removing its index entries),
 * so no walk ever sees an index changed under it.
 */
function liveDocuments(ks: KeyspaceStore): { accept: (id: string) => boolean; live: Map<string, StoredDocument>; expireLater: () => void } {
  const live = new Map<string, StoredDocument>();
  const expired = new Set<string>();
  return {
    live,
    accept: (id) => {
      if (live.has(id)) return true;
      if (expired.has(id)) return false;
      const d = ks.peek(id);
      if (d) live.set(id, d);
      else expired.add(id);
      return d !== undefined;
    },
    expireLater: () => {
      for (const id of expired) ks.get(id);
    },
  };
}

function* mapIter<T, U>(it: Iterable<T>, f: (t: T) => U): Iterable<U> {
  for (const x of it) yield f(x);
}

function* elementRows(outer: Env | undefined, alias: string, v: Value): RowStream {
  const items = Array.isArray(v) ? v : v === undefined ? [] : [v];
  yield* batched(
    mapIter(items, (item) => {
      const env = outer ? childEnv(outer) : rootEnv();
      env[alias] = item;
      return { env };
    }),
  );
}
