import { ErrorCode, QueryError } from '../../errors/index.js';
import { bindDocument, compileExpr, siblingEnv, rootEnv, type Env, type Evaluator, type Scope } from '../../eval/index.js';
import type { IndexScan3, KeySource } from '../../planner/index.js';
import type { KeyRange, KeyspaceStore, StoredDocument } from '../../storage/index.js';
import { BATCH_SIZE, due, PAUSE, type PauseBatch, type Row, type RowStream, type RunContext } from '../runtime.js';
import { slicer, walkSliced, type WalkWatch } from '../index-walk.js';
import { canonicalKey, truth, type Value } from '../../values/index.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import { coveredDocument, CoveredDocumentBuilder } from '../covered-document.js';
import { coveredRows, entryRows } from '../covered-rows.js';
import { keyspaceOf } from './keyspace-of.js';

/**
 * A compiled scan: the document keys it selects, in index order, without duplicates.
 * `scalarBounds(rc)` tells whether every span bound taken from the query evaluates to a plain
 * string, number or boolean (then exact spans select exactly the rows the predicate accepts).
 * An IndexScan3 stops after `limit` documents, calls `onEntry` with each document's first entry,
 * and, given `accept`, selects only the documents it accepts (the live ones), which alone count
 * towards the limit; `accept` and `onEntry` must not change the index (it is being walked).
 * An IntersectScan takes neither; a UnionScan takes a limit (its pushed `limit`), counting only
 * the documents `accept` accepts, and ignores `onEntry`. With `everyEntry`,
 * an IndexScan3 calls `onEntry` with every entry of an accepted document (a covering UNNEST scan
 * makes rows of each), not only its first. The scan is a generator: it walks the index in slices
 * (index-walk.ts), yielding a pause between them, and returns the keys (`yield*` it in an
 * operator's stream).
 */
export type CompiledScan = ((
  rc: RunContext,
  limit?: number,
  onEntry?: (id: string, key: Value[]) => void,
  accept?: (id: string) => boolean,
  outer?: Env,
  everyEntry?: boolean,
) => Generator<PauseBatch, string[]>) & {
  scalarBounds: (rc: RunContext, outer?: Env) => boolean;
  /**
   * An IndexScan3's walk without the list of keys: `visit` gets each index entry's key and its
   * documents, in index order, each document once (over several spans, a document an earlier
   * span gave is left out); `visit` returning false stops the walk; it must not change the
   * index. A generator walking in slices with pauses between them (index-walk.ts: writes made
   * during a pause may or may not be seen; `watch` is told whether the index changed during
   * one). Undefined for IntersectScan and UnionScan.
   */
  walk?: (rc: RunContext, visit: (key: Value[], docs: Iterable<string>) => boolean | void, outer?: Env, whole?: boolean, watch?: WalkWatch) => Generator<PauseBatch, void>;
  /** An IndexScan3's spans evaluated for this run (the spans that hold nothing left out). Undefined for the primary index, IntersectScan and UnionScan. */
  ranges?: (rc: RunContext, outer?: Env) => KeyRange[][];
};

interface CompiledRange {
  low?: Evaluator;
  high?: Evaluator;
  inclusion: 0 | 1 | 2 | 3;
  /**
   * Whether `low` / `high` is a value of the query's comparison (`=`, `<`, BETWEEN, IN …)
   * computed per run (not a literal: literals include the planner's NULL sentinels), so that a
   * MISSING or NULL one means the comparison is never true and the span holds nothing.
   */
  lowComputed: boolean;
  highComputed: boolean;
}

/**
 * The key ranges of one span for this run, or undefined when the span holds nothing: a computed
 * bound (a nested-loop join's outer value, a parameter) is MISSING or NULL, which no comparison
 * matches, rather than an open bound that would walk the whole index.
 */
function evaluateSpan(span: CompiledRange[], env: Env, rc: RunContext): KeyRange[] | undefined {
  const ranges: KeyRange[] = new Array(span.length);
  for (let i = 0; i < span.length; i++) {
    const r = span[i]!;
    const low = r.low?.(env, rc);
    const high = r.high?.(env, rc);
    if ((r.lowComputed && (low === undefined || low === null)) || (r.highComputed && (high === undefined || high === null))) return undefined;
    ranges[i] = { low, high, inclusion: r.inclusion };
  }
  return ranges;
}

/**
 * Compiles an index scan plan. IndexScan3 walks the spans of an online index in key order
 * (DistinctScan semantics: each document once); IntersectScan keeps the documents every scan
 * selects; UnionScan those any scan selects. Span bounds are evaluated once per execution
 * (they may be parameters). Raises 12016 if the index is gone.
 * Source: couchbase/query `execution/{index_scan3,distinct_scan,intersect_scan,union_scan}.go`.
 */
export function compileScan(source: KeySource, scope: Scope, documents = false): CompiledScan {
  if (source['#operator'] === 'DistinctScan') return compileScan(source.scan, scope, documents);
  const scan = source;
  if (scan['#operator'] === 'IntersectScan' || scan['#operator'] === 'OrderedIntersectScan' || scan['#operator'] === 'UnionScan') {
    const parts = scan.scans.map((s) => compileScan(s, scope));
    const never = () => false;
    if (scan['#operator'] === 'UnionScan') {
      return Object.assign(
        function* (rc: RunContext, limit?: number, _onEntry?: unknown, accept?: (id: string) => boolean, outer?: Env): Generator<PauseBatch, string[]> {
          const seen = new Set<string>();
          const tick = slicer(rc);
          // A pushed limit (`UnionScan.limit`): the first that many live documents, any will do.
          const max = limit ?? Infinity;
          if (max <= 0) return [];
          for (const p of parts) {
            for (const id of yield* p(rc, undefined, undefined, undefined, outer)) {
              if (tick()) yield PAUSE;
              if (seen.has(id) || (limit !== undefined && accept && !accept(id))) continue;
              seen.add(id);
              if (seen.size >= max) return [...seen];
            }
          }
          return [...seen];
        },
        { scalarBounds: never },
      );
    }
    return Object.assign(
      function* (rc: RunContext, _limit?: number, _onEntry?: unknown, _accept?: unknown, outer?: Env): Generator<PauseBatch, string[]> {
        const lists: string[][] = [];
        for (const p of parts) lists.push(yield* p(rc, undefined, undefined, undefined, outer));
        const [first, ...rest] = lists;
        const tick = slicer(rc);
        const sets: Set<string>[] = [];
        for (const ids of rest) {
          const set = new Set<string>();
          for (const id of ids) {
            set.add(id);
            if (tick()) yield PAUSE;
          }
          sets.push(set);
        }
        const out: string[] = [];
        for (const id of first) {
          if (sets.every((s) => s.has(id))) out.push(id);
          if (tick()) yield PAUSE;
        }
        return out;
      },
      { scalarBounds: never },
    );
  }
  if (scan._primary) return compilePrimaryIndexScan(scan);
  const spans = scan.spans.map((sp) =>
    sp.range.map(
      (r): CompiledRange => ({
        low: r.low ? compileExpr(r.low, scope) : undefined,
        high: r.high ? compileExpr(r.high, scope) : undefined,
        inclusion: r.inclusion,
        lowComputed: !!r._user && !!r.low && r.low.kind !== 'Literal',
        highComputed: !!r._user && !!r.high && r.high.kind !== 'Literal',
      }),
    ),
  );
  // An UNNEST's index filter (planner/cover-unnest.ts): evaluated on each entry, the UNNEST alias bound to its element.
  const fu = scan._filterUnnest;
  const entryFilter = fu && scan.filter ? compileExpr(scan.filter, blockScope(scope, [fu.alias], undefined, false)) : undefined;
  const userBounds: Evaluator[] = [];
  scan.spans.forEach((sp, i) =>
    sp.range.forEach((r, j) => {
      if (!r._user) return;
      if (spans[i][j].low) userBounds.push(spans[i][j].low!);
      if (spans[i][j].high) userBounds.push(spans[i][j].high!);
    }),
  );
  const scalarBounds = (rc: RunContext, outer?: Env): boolean => {
    const env = outer ?? rootEnv();
    return userBounds.every((b) => {
      const v = b(env, rc);
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
    });
  };
  const treeOf = (rc: RunContext) => {
    const tree = rc.indexTree(scan.keyspace, scan.index);
    if (!tree) {
      throw new QueryError({ code: ErrorCode.INDEX_NOT_FOUND, phase: 'execution', message: `Index Not Found - cause: GSI index ${scan.index} not found.` });
    }
    // A scan whose documents are read next (`documents`): an index that can read them with its
    // entries in one statement (the PostgreSQL store's) does.
    return documents && tree.withDocuments ? tree.withDocuments() : tree;
  };
  const walk = function* (rc: RunContext, visit: (key: Value[], docs: Iterable<string>) => boolean | void, outer?: Env, whole = false, watch?: WalkWatch): Generator<PauseBatch, void> {
    const tree = treeOf(rc);
    const env = outer ?? rootEnv();
    // One span gives each document once (a scalar index has one entry per document).
    const seen = spans.length > 1 ? new Set<string>() : undefined;
    let stopped = false;
    for (const span of spans) {
      const ranges = evaluateSpan(span, env, rc);
      if (!ranges) continue;
      yield* walkSliced(rc, tree, ranges, (key, docs) => {
        if (!seen) return (stopped = visit(key, docs) === false) ? false : undefined;
        const fresh: string[] = [];
        for (const id of docs) {
          if (seen.has(id)) continue;
          seen.add(id);
          fresh.push(id);
        }
        if (fresh.length && visit(key, fresh) === false) {
          stopped = true;
          return false;
        }
        return undefined;
      }, whole && !seen, watch);
      if (stopped) break;
    }
  };
  const run = function* (
    rc: RunContext,
    limit?: number,
    onEntry?: (id: string, key: Value[]) => void,
    accept?: (id: string) => boolean,
    outer?: Env,
    everyEntry = false,
  ): Generator<PauseBatch, string[]> {
    const tree = treeOf(rc);
    // Span bounds may read the outer row of a nested-loop join (its values bound the inner scan).
    const env = outer ?? rootEnv();
    const seen = new Set<string>();
    const max = limit ?? Infinity;
    for (const span of spans) {
      const ranges = evaluateSpan(span, env, rc);
      if (!ranges) continue;
      yield* walkSliced(rc, tree, ranges, (key, docs) => {
        if (entryFilter) {
          const fenv = outer ? siblingEnv(outer) : rootEnv();
          fenv[fu!.alias] = fu!.fields ? elementOf(fu!.fields, key) : atPath(fu!.path, key[fu!.key]);
          if (!truth(entryFilter(fenv, rc))) return true;
        }
        for (const id of docs) {
          if (everyEntry && seen.has(id)) {
            onEntry?.(id, key);
            continue;
          }
          if (seen.has(id) || (accept && !accept(id))) continue;
          onEntry?.(id, key);
          seen.add(id);
          if (seen.size >= max) return false;
        }
        return true;
      });
      if (seen.size >= max) break;
    }
    return [...seen];
  };
  const ranges = (rc: RunContext, outer?: Env): KeyRange[][] => {
    const out: KeyRange[][] = [];
    for (const span of spans) {
      const r = evaluateSpan(span, outer ?? rootEnv(), rc);
      if (r) out.push(r);
    }
    return out;
  };
  return Object.assign(run, { scalarBounds, walk, ranges });
}

/**
 * An IndexScan3 of the primary index (`_primary`, a covering scan of its one key, META().id, over
 * the whole keyspace): the keyspace's live documents in key order, each entry's key `[id]`.
 */
function compilePrimaryIndexScan(scan: IndexScan3): CompiledScan {
  const run = function* (rc: RunContext, limit?: number, onEntry?: (id: string, key: Value[]) => void, accept?: (id: string) => boolean): Generator<PauseBatch, string[]> {
    const out: string[] = [];
    const max = limit ?? Infinity;
    if (max <= 0) return out;
    const tick = slicer(rc);
    for (const d of keyspaceOf(rc, scan.keyspace).scan()) {
      if (tick()) yield PAUSE;
      if (accept && !accept(d.key)) continue;
      onEntry?.(d.key, [d.key]);
      out.push(d.key);
      if (out.length >= max) break;
    }
    return out;
  };
  const walk = function* (rc: RunContext, visit: (key: Value[], docs: Iterable<string>) => boolean | void): Generator<PauseBatch, void> {
    const tick = slicer(rc);
    for (const d of keyspaceOf(rc, scan.keyspace).scan()) {
      if (tick()) yield PAUSE;
      if (visit([d.key], [d.key]) === false) return;
    }
  };
  return Object.assign(run, { scalarBounds: () => true, walk });
}

/**
 * How an index scan reads documents: while the index is walked, `accept(id)` tells whether the
 * document is live, reading it with `peek` (its document is then in `live`). Reading an expired
 * document with `get` would expire it, and the expiry removes its entries from the very tree
 * being walked, so the walk would skip the next entry (or stop). An expired document is left
 * out (and does not count towards a LIMIT pushed into the scan), and `expireLater()`, called
 * once the walk is over, expires it as reading it with `get` does (removing its index entries),
 * so no walk ever sees an index changed under it. (A class, not closures: a correlated scan makes
 * one per outer row.)
 */
export class LiveDocuments {
  readonly live = new Map<string, StoredDocument>();
  private readonly expired = new Set<string>();

  constructor(private readonly ks: KeyspaceStore) {}

  accept(id: string): boolean {
    if (this.live.has(id)) return true;
    if (this.expired.has(id)) return false;
    const d = this.ks.peek(id);
    if (d) this.live.set(id, d);
    else this.expired.add(id);
    return d !== undefined;
  }

  expireLater(): void {
    for (const id of this.expired) this.ks.get(id);
  }
}

/**
 * {@link LiveDocuments} for a single IndexScan3 without cover, which calls `accept` once per
 * document it selects (it skips the ids it has seen): the accepted documents in scan order,
 * with no Map or Set per run (a correlated scan runs once per outer row).
 */
class AcceptedDocuments {
  readonly docs: StoredDocument[] = [];
  private expired: string[] | undefined;

  constructor(private readonly ks: KeyspaceStore) {}

  accept(id: string): boolean {
    const d = this.ks.peek(id);
    if (d) {
      this.docs.push(d);
      return true;
    }
    (this.expired ??= []).push(id);
    return false;
  }

  expireLater(): void {
    if (this.expired) for (const id of this.expired) this.ks.get(id);
  }
}

/** The IndexScan3 at the root of a key source (the first scan of an IntersectScan / UnionScan). */
function firstScan(op: KeySource): IndexScan3 {
  if (op['#operator'] === 'IndexScan3') return op;
  if (op['#operator'] === 'DistinctScan') return op.scan;
  return firstScan(op.scans[0]);
}

/**
 * Compiles a key source at the root of a block (IndexScan3, DistinctScan, IntersectScan,
 * UnionScan): the keys it selects, with the documents read while checking they are live, for
 * the Fetch after it; a covering IndexScan3 instead binds a document rebuilt from the index
 * entries under its alias (no Fetch follows). Rows come in batches with pauses between them.
 */
export function compileKeySourceOperator(op: KeySource, cx: CompileContext): CompiledOperator {
  const root = firstScan(op);
  const constScope: Scope = { names: new Set(), keyspaceAliases: [], compileSubquery: cx.base.compileSubquery };
  // A single scan (an IndexScan3, or one in a DistinctScan) may carry a pushed limit and cover.
  const single = op['#operator'] === 'IndexScan3' || op['#operator'] === 'DistinctScan';
  // A single scan that does not cover reads each document it selects (AcceptedDocuments) for the Fetch.
  const scan = compileScan(op, constScope, single && !root._coverPaths);
  const limitExpr = single && root.limit ? compileExpr(root.limit, constScope) : op['#operator'] === 'UnionScan' && op.limit ? compileExpr(op.limit, constScope) : undefined;
  const offsetExpr = single && root.offset ? compileExpr(root.offset, constScope) : undefined;
  const covered = single && root._coverPaths ? root : undefined;
  const alias = root._alias;
  const path = `default:${root.keyspace}`;
  // A covering UNNEST scan binds the UNNEST alias as well (planner/cover-unnest.ts).
  const unnest = covered?._coverUnnest;
  const names = unnest ? [alias, ...new Set([unnest.alias, ...(unnest.fields ?? []).map((f) => f.alias ?? unnest.alias)])] : [alias];
  const cx2: CompileContext = covered ? { ...cx, scope: blockScope(cx.base, names, alias, true), starAliases: names } : cx;
  // A covering scan's filter (the WHERE conjuncts on its alias alone) is evaluated on each covered row.
  const filter = covered?.filter ? compileExpr(covered.filter, cx2.scope) : undefined;
  // A covering scan (not an UNNEST one) walks the index and builds its rows from the entries
  // (covered-rows.ts), reading documents only where it must; an array index's (DistinctScan)
  // keeps each document's first entry.
  const walk = covered && !unnest && !covered._filterUnnest ? scan.walk : undefined;
  const distinct = op['#operator'] === 'DistinctScan';
  const builder = walk ? new CoveredDocumentBuilder(covered!._coverPaths!, covered!._coverExpressionKeys, covered!._coverConstants) : undefined;
  return {
    cx: cx2,
    run: function* (_input, outer, rc): RowStream {
      const ks = keyspaceOf(rc, root.keyspace);
      const lim = limitExpr?.(rootEnv(), rc);
      // A pushed OFFSET: the scan reads offset+limit entries and skips the first `offset` (a
      // negative or non-number OFFSET skips none, as the Offset operator reads it).
      const off = offsetExpr?.(rootEnv(), rc);
      const skip = typeof off === 'number' && off > 0 ? Math.floor(off) : 0;
      const max = typeof lim === 'number' ? Math.max(0, Math.floor(lim)) + skip : undefined;
      let skipped = 0;
      if (single && !covered) {
        const accepted = new AcceptedDocuments(ks);
        yield* scan(rc, max, undefined, (id) => accepted.accept(id), outer);
        accepted.expireLater();
        const docs = accepted.docs;
        let batch: Row[] = [];
        for (let i = skip; i < docs.length; i++) {
          const d = docs[i]!;
          batch.push({ env: outer ? siblingEnv(outer) : rootEnv(), key: d.key, doc: d });
          if (batch.length >= BATCH_SIZE) {
            yield batch;
            batch = [];
            if (due(rc)) yield PAUSE;
          }
        }
        if (batch.length) yield batch;
        return;
      }
      if (walk) {
        const last = yield* coveredRows({ walk, distinct, ks, builder: builder!, filter, outer, rc, alias, path, max, skip });
        if (last.length) yield last;
        return;
      }
      const docsRead = new LiveDocuments(ks);
      const live = docsRead.live;
      // A correlated scan (the inner side of a nested-loop join, a correlated subquery) runs once
      // per outer row: its rows copy the outer row's names rather than make it a prototype
      // (siblingEnv). No named closures here: each would be made once per outer row.
      let rows: Row[] = [];
      if (covered && unnest) {
        rows = yield* unnestRows(covered, unnest, { scan, docsRead, filter, outer, rc, alias, path });
      } else if (covered) {
        const paths = covered._coverPaths!;
        const ids: string[] = [];
        const keys: Value[][] = [];
        // With a filter, OFFSET and LIMIT count the rows it keeps (the scan reads every entry).
        yield* scan(rc, filter ? undefined : max, (id, key) => (ids.push(id), keys.push(key)), (id) => docsRead.accept(id), outer);
        docsRead.expireLater();
        const valueAt = (i: number) => coveredDocument(paths, keys[i]!, live.get(ids[i]!)!, covered._coverExpressionKeys, covered._coverConstants);
        rows = yield* entryRows(ids, valueAt, { filter, outer, rc, alias, path, max, skip }, false);
      } else {
        // An IntersectScan or UnionScan does not filter with `accept`: the ids are checked here.
        const ids = yield* scan(rc, max, undefined, (id) => docsRead.accept(id), outer);
        const docs: StoredDocument[] = [];
        const tick = slicer(rc);
        for (const id of ids) {
          if (tick()) yield PAUSE;
          if (!docsRead.accept(id)) continue;
          if (skipped < skip) skipped++;
          else docs.push(live.get(id)!);
        }
        docsRead.expireLater();
        for (const d of docs) {
          rows.push({ env: outer ? siblingEnv(outer) : rootEnv(), key: d.key, doc: d });
          if (rows.length >= BATCH_SIZE) {
            yield rows;
            rows = [];
            if (due(rc)) yield PAUSE;
          }
        }
      }
      if (rows.length) yield rows;
    },
  };
}

/** What {@link unnestRows} reads: the compiled scan, the documents it accepted, the pushed filter. */
interface UnnestScanRun {
  scan: CompiledScan;
  docsRead: LiveDocuments;
  filter?: Evaluator;
  outer?: Env;
  rc: RunContext;
  alias: string;
  path: string;
}

/** `value` at the field path `path` of a new object (`value` itself for an empty path). */
/**
 * The element a FLATTEN_KEYS entry rebuilds: each flattened key's value at its path (a MISSING
 * one left out), e.g. `{num: 1, name: "a"}` from the keys `ch.num`, `ch.name`.
 */
function elementOf(fields: readonly { path: string[]; key: number }[], entry: readonly Value[]): Value {
  const out: Record<string, Value> = {};
  for (const f of fields) {
    const v = entry[f.key];
    if (v === undefined) continue;
    let o = out;
    for (let i = 0; i < f.path.length - 1; i++) {
      const next = o[f.path[i]];
      o = (o[f.path[i]] = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : {}) as Record<string, Value>;
    }
    o[f.path[f.path.length - 1]] = v;
  }
  return out;
}

function atPath(path: readonly string[], value: Value): Value {
  let v = value;
  for (let i = path.length - 1; i >= 0; i--) v = { [path[i]]: v };
  return v;
}

/**
 * The rows of a covering UNNEST scan (planner/cover-unnest.ts): for each entry in the spans,
 * one row per occurrence of it in its document (an ALL array key holds an element as many
 * times as it occurs; the tree keeps the entry once, so the occurrences, with each one's own
 * value, come from the index's entry function on the document the scan reads anyway to leave
 * out expired ones), binding the keyspace alias to the document rebuilt from the entry's scalar
 * keys and the UNNEST alias to the element rebuilt from the array key. Yields full batches
 * (with pauses) and returns the last, partial one.
 */
function* unnestRows(covered: IndexScan3, unnest: NonNullable<IndexScan3['_coverUnnest']>, r: UnnestScanRun): Generator<Row[], Row[]> {
  const { rc, docsRead, outer, filter, alias } = r;
  const occurrencesOf = rc.indexOccurrences?.(covered.keyspace, covered.index);
  if (!occurrencesOf) {
    throw new QueryError({ code: ErrorCode.INDEX_NOT_FOUND, phase: 'execution', message: `Index Not Found - cause: GSI index ${covered.index} not found.` });
  }
  // A nested FLATTEN_KEYS key rebuilds each UNNEST alias's element from its own fields.
  const fieldsByAlias = new Map<string, { path: string[]; key: number }[]>();
  for (const f of unnest.fields ?? []) {
    const a = f.alias ?? unnest.alias;
    fieldsByAlias.set(a, [...(fieldsByAlias.get(a) ?? []), f]);
  }
  const entries: { id: string; key: Value[] }[] = [];
  yield* r.scan(rc, undefined, (id, key) => entries.push({ id, key }), (id) => docsRead.accept(id), outer, true);
  docsRead.expireLater();
  const live = docsRead.live;
  /** Per document: its occurrences by entry (canonical key: collation-equal entries share one). */
  const byDoc = new Map<string, Map<string, Value[][]>>();
  let rows: Row[] = [];
  for (const { id, key } of entries) {
    const doc = live.get(id)!;
    let groups = byDoc.get(id);
    if (!groups) {
      groups = new Map();
      for (const e of occurrencesOf(doc)) {
        const k = canonicalKey(e);
        const g = groups.get(k);
        if (g) g.push(e);
        else groups.set(k, [e]);
      }
      byDoc.set(id, groups);
    }
    const keyspaceValue = coveredDocument(covered._coverPaths!, key, doc, covered._coverExpressionKeys, covered._coverConstants);
    for (const occurrence of groups.get(canonicalKey(key)) ?? []) {
      const env = outer ? siblingEnv(outer) : rootEnv();
      bindDocument(env, alias, keyspaceValue, { id, cas: 0, expiration: 0, keyspace: r.path });
      if (!unnest.fields) env[unnest.alias] = atPath(unnest.path, occurrence[unnest.key]);
      else for (const [a, fields] of fieldsByAlias) env[a] = elementOf(fields, occurrence);
      if (filter && !truth(filter(env, rc))) continue;
      rows.push({ env });
      if (rows.length >= BATCH_SIZE) {
        yield rows;
        rows = [];
        if (due(rc)) yield PAUSE;
      }
    }
  }
  return rows;
}
