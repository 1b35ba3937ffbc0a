import { someExpr, type Expr } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { compileExpr, siblingEnv, type Env, type Evaluator, type Scope } from '../eval/index.js';
import { lookupFunction } from '../eval/functions/registry.js';
import type { Fetch, IndexScan3, NestedLoopJoin, NestedLoopNest, Operator } from '../planner/index.js';
import type { KeyspaceStore, StoredDocument } from '../storage/index.js';
import { int64Replacer, type Value } from '../values/index.js';
import { nestedLoopJoin, type NestedLoopSpec } from './join-nested-loop.js';
import { emit, onHolds } from './join-rows.js';
import { keyspaceOf } from './operators/keyspace-of.js';
import { due, PAUSE, type Row, type RowStream, type RunContext } from './runtime.js';
import { StoredBinder } from './stored-meta.js';

/**
 * What an index probe reads of an index: a point lookup of one value of a one-key index
 * (storage/index-tree.ts `IndexTree.lookup`). A transaction's view of an index has none (the
 * join then runs the inner side's operators).
 */
interface PointLookup {
  readonly keyCount: number;
  lookup(value: Value): Docs | undefined;
  /**
   * `lookup` of each of `values[0..n)` into `out[0..n)`, where the index reads a batch more
   * cheaply than value by value (the PostgreSQL store: one statement); a posting of more than
   * `limit` documents may be given by its size alone (iterating it throws). Optional.
   */
  lookupMany?(values: readonly Value[], n: number, out: (Docs | undefined)[], limit: number): void;
}

/**
 * A probe's postings above this many documents are read by the inner side's operators instead
 * (which walk them in pieces with pauses between: executor/index-walk.ts).
 */
const MAX_PROBE_DOCS = 2048;

/** Outer rows probed together (their index lookups, then their documents' reads), with a look at the clock after each chunk. */
const CHUNK = 16;

/**
 * Outer rows probed together when the index reads a batch at once ({@link PointLookup.lookupMany}):
 * one read of the chunk's postings, then one of their documents (the keyspace's `peekMany`).
 */
const BATCH_CHUNK = 256;

/** The documents of one index key, as {@link PointLookup.lookup} gives them. */
type Docs = Iterable<string> & { readonly size: number };

/**
 * The inner side of an index nested-loop join in the one shape a probe serves directly: a
 * Sequence of an IndexScan3 with one span of one equality range (`low` and `high` the same
 * expression of the outer row) on a document-key scan (no cover, limit, offset or filter), and
 * the Fetch of its keys under the join's alias.
 */
export interface IndexProbe {
  keyspace: string;
  index: string;
  /** The span's bound: the value probed, evaluated in the outer row. */
  key: Evaluator;
  binder: StoredBinder;
  /**
   * The ON clause is the equality the span was made from (and no WHERE conjunct is evaluated at
   * the join): every live document of a probed string, number or boolean's posting matches (its
   * index key is collation-equal to the value, and for those values that is `=`), so the ON
   * clause is not evaluated.
   */
  decided: boolean;
  /**
   * A conjunct of the join's condition is an equality with the bound on one side: an outer row
   * whose bound is MISSING or NULL has no match (the inner side is not run; its span would
   * otherwise be the whole index for MISSING).
   */
  nullRejects: boolean;
}

/**
 * The index probe of a correlated NestedLoopJoin / NestedLoopNest whose inner side has the shape
 * {@link IndexProbe} describes, else undefined (the join runs its inner side's operators per
 * outer row). The bound is compiled as the IndexScan3 compiles its spans (a scope of no names:
 * the outer row's names are read from the environment).
 */
export function compileIndexProbe(op: NestedLoopJoin | NestedLoopNest, compileSubquery: Scope['compileSubquery']): IndexProbe | undefined {
  if (!op._correlated) return undefined;
  const child: Operator = op['~child'];
  if (child['#operator'] !== 'Sequence' || child['~children'].length !== 2) return undefined;
  const [s, f] = child['~children'] as [Operator, Operator];
  if (s['#operator'] !== 'IndexScan3' || f['#operator'] !== 'Fetch') return undefined;
  const scan = s as IndexScan3;
  const fetch = f as Fetch;
  if (scan._primary || scan.index_group_aggs || scan._coverPaths || scan._coverUnnest || scan._filterUnnest) return undefined;
  if (scan.limit || scan.offset || scan.filter || scan.spans.length !== 1) return undefined;
  const range = scan.spans[0]!.range;
  if (range.length !== 1) return undefined;
  const r = range[0]!;
  if (r.inclusion !== 3 || !r.low || !r.high || text(r.low) !== text(r.high)) return undefined;
  const alias = fetch.as ?? fetch.keyspace;
  if (fetch.namespace === 'system' || fetch._tombstones || fetch.keyspace !== scan.keyspace || alias !== scan._alias || alias !== op.alias) return undefined;
  const constScope: Scope = { names: new Set(), keyspaceAliases: [], compileSubquery };
  const low = text(r.low);
  const on = op.on_clause;
  // The span was made from the ON clause's one equality (it is exact, and one side of the
  // equality is its bound): the other side is the index key, so every document of the probed
  // value's posting satisfies the ON clause when the value is a string, number or boolean.
  // (Not with a user-defined function in the bound, which may answer differently each call:
  // the ON clause then calls it again, as the inner operators' run does.)
  const decided =
    !!scan.spans[0]!.exact &&
    !op.filter &&
    on?.kind === 'Binary' &&
    on.op === '=' &&
    (text(on.left) === low || text(on.right) === low) &&
    !someExpr(r.low, (x) => x.kind === 'FunctionCall' && !lookupFunction(x.name.toLowerCase()));
  // A conjunct `bound = …` of the ON clause or the join's WHERE conjuncts is MISSING or NULL
  // when the bound is, and then the whole condition is not TRUE (an AND is TRUE only if each
  // conjunct is).
  const equalities = [...conjuncts(on), ...conjuncts(op.filter)].filter((c) => c.kind === 'Binary' && c.op === '=');
  const nullRejects = equalities.some((c) => c.kind === 'Binary' && (text(c.left) === low || text(c.right) === low));
  return { keyspace: scan.keyspace, index: scan.index, key: compileExpr(r.low, constScope), binder: new StoredBinder(alias, `default:${scan.keyspace}`), decided, nullRejects };
}

/** The conjuncts of `e` (its operands if it is an AND, recursively), none if undefined. */
function conjuncts(e: Expr | undefined): Expr[] {
  if (!e) return [];
  return e.kind === 'Binary' && e.op === 'AND' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/**
 * The probe's index as it is now (after a pause): as an IndexScan3 finds it.
 * @throws QueryError 12016 when it is gone (dropped since the join started)
 */
function currentIndex(rc: RunContext, probe: IndexProbe): PointLookup {
  const tree = rc.indexTree(probe.keyspace, probe.index) as Partial<PointLookup> | undefined;
  if (!tree) throw new QueryError({ code: ErrorCode.INDEX_NOT_FOUND, phase: 'execution', message: `Index Not Found - cause: GSI index ${probe.index} not found.` });
  return tree as PointLookup;
}

/** An expression's AST as text, to compare two (int64 literals are bigints). */
function text(e: Expr): string {
  return JSON.stringify(e, int64Replacer);
}

/**
 * NestedLoopJoin / NestedLoopNest over an {@link IndexProbe}: for each outer row, the probed
 * value (its span bound) is evaluated once; a string, number or boolean is looked up in the
 * index (one tree search), and the documents of its posting are read (a live one bound under the
 * alias, an expired one left out and expired after, as the IndexScan3 and Fetch do) and kept
 * where the ON clause holds, as the inner side's operators would give them, in the same order.
 * A MISSING or NULL value has no match when the condition has an equality with the bound
 * ({@link IndexProbe.nullRejects}). Any other value (an array or object, or MISSING or NULL
 * otherwise), a posting of more than
 * {@link MAX_PROBE_DOCS} documents, a profiled request (per-operator counts) or an index without
 * point lookups (a transaction's view) runs the inner side's operators. An inner join binds
 * the last match into the outer row itself (the join's own row, as the lookup join does) and
 * copies it for the others, and so does a LEFT join whose ON clause the posting decides (an
 * unmatched row goes on as it came); a nest, or a LEFT join evaluating its ON clause, gives
 * copies to `emit`. Outer rows are probed in chunks of {@link CHUNK}: their lookups, then the
 * reads of their one-document postings' documents, then their rows; the clock is read after
 * each chunk and a pause yielded when the slice is used up. An index that reads a batch at once
 * (`lookupMany`, the PostgreSQL store) is probed in chunks of {@link BATCH_CHUNK}, each chunk's
 * values in one call, and a keyspace with `peekMany` reads each chunk's documents in one call:
 * the same rows in the same order, in two round trips per chunk instead of two per outer row.
 * Source: couchbase/query `execution/nl_join.go`, `index_scan3.go`, `fetch.go`.
 */
export function* indexProbeJoin(input: RowStream, spec: NestedLoopSpec, probe: IndexProbe, rc: RunContext, blockEnv?: Env): RowStream {
  const tree = rc.indexTree(probe.keyspace, probe.index) as Partial<PointLookup> | undefined;
  if (!tree || typeof tree.lookup !== 'function' || tree.keyCount !== 1 || rc.profile || rc.progress || rc.timings) {
    yield* nestedLoopJoin(input, spec, rc, blockEnv);
    return;
  }
  let index = tree as PointLookup;
  let ks: KeyspaceStore = keyspaceOf(rc, probe.keyspace);
  /** Set at each pause passed on: the index and keyspace are looked up again before the next chunk (either may have been dropped or rebuilt meanwhile). */
  let paused = false;
  const { key, binder } = probe;
  const { alias, meta: metaName, keyspace: keyspaceName, path } = binder;
  const { on } = spec;
  const { decided, nullRejects } = probe;
  // An inner join binds its matches into the outer row (the ON clause evaluated there); so does
  // a LEFT join whose ON clause the posting decides (nothing is bound before a match is known,
  // so an unmatched row goes on as it came).
  const inPlace = !spec.nest && (!spec.outer || decided);
  /** The live documents of the current probe that the ON clause keeps (the first `n`; reused, never shrunk). */
  const kept: StoredDocument[] = [];
  let expired: string[] | undefined;
  // Per chunk of outer rows: their postings, then the documents of the one-document postings,
  // in loops of independent reads (the processor overlaps their cache misses), then the rows.
  // An index that reads a batch at once (lookupMany) is probed with the chunk's values together,
  // and a keyspace that reads many keys at once (peekMany) reads the chunk's documents together.
  const chunk = index.lookupMany ? BATCH_CHUNK : CHUNK;
  const postings: (Docs | null | undefined)[] = new Array(chunk);
  const firstIds: (string | undefined)[] = new Array(chunk);
  const firstDocs: (StoredDocument | undefined)[] = new Array(chunk);
  const probeValues: Value[] = [];
  const probeAt: number[] = [];
  const probed: (Docs | undefined)[] = [];
  /** The chunk's documents read with `peekMany` (undefined: read with `peek`). */
  let peeked: Map<string, StoredDocument> | undefined;
  const peek = (id: string): StoredDocument | undefined => (peeked ? peeked.get(id) : ks.peek(id));
  for (const batch of input) {
    if (batch.length === 0) {
      paused = true;
      yield batch;
      continue;
    }
    // The batch itself goes on while each row is the one joined row of its outer row (an inner
    // join with one match per row: the common case); `out` is made at the first row that is
    // not, holding the rows before it.
    let out: Row[] | undefined;
    const bn = batch.length;
    for (let c = 0; c < bn; c += chunk) {
      const end = Math.min(bn, c + chunk);
      if (paused) {
        paused = false;
        index = currentIndex(rc, probe);
        ks = keyspaceOf(rc, probe.keyspace);
      }
      const many = index.lookupMany ? index : undefined;
      let m = 0;
      for (let bi = c; bi < end; bi++) {
        const v = key(batch[bi]!.env, rc);
        const t = typeof v;
        if (t === 'string' || t === 'number' || t === 'boolean') {
          if (many) {
            probeValues[m] = v;
            probeAt[m++] = bi - c;
            postings[bi - c] = undefined;
          } else postings[bi - c] = index.lookup(v);
        } else postings[bi - c] = (v === undefined || v === null) && nullRejects ? undefined : null;
      }
      if (many && m > 0) {
        many.lookupMany!(probeValues, m, probed, MAX_PROBE_DOCS);
        for (let j = 0; j < m; j++) postings[probeAt[j]!] = probed[j];
      }
      for (let j = 0; j < end - c; j++) {
        const docs = postings[j];
        let id: string | undefined;
        if (docs && docs.size === 1) for (const x of docs) id = x;
        firstIds[j] = id;
      }
      peeked = undefined;
      if (ks.peekMany) {
        const ids: string[] = [];
        for (let j = 0; j < end - c; j++) {
          const docs = postings[j];
          if (docs && docs.size <= MAX_PROBE_DOCS) for (const x of docs) ids.push(x);
        }
        if (ids.length > 1) peeked = ks.peekMany(ids);
      }
      for (let j = 0; j < end - c; j++) {
        const id = firstIds[j];
        firstDocs[j] = id === undefined ? undefined : peeked ? peeked.get(id) : ks.peek(id);
      }
      for (let bi = c; bi < end; bi++) {
        const row = batch[bi]!;
        const env = row.env as Record<string, unknown>;
        const docs = postings[bi - c]!;
        if (docs === null || (docs !== undefined && docs.size > MAX_PROBE_DOCS)) {
          // Not a probe: the inner side's operators, as the general nested loop runs them.
          out ??= batch.slice(0, bi);
          const matches: Env[] = [];
          for (const b of spec.inner(row.env, rc)) {
            if (b.length === 0) {
              paused = true;
              yield b;
              continue;
            }
            for (const r of b) if (onHolds(on, r.env, rc)) matches.push(r.env);
          }
          emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
          continue;
        }
        const firstId = firstIds[bi - c];
        if (inPlace) {
          let n = 0;
          if (firstId !== undefined) {
            const d = firstDocs[bi - c];
            if (d === undefined) (expired ??= []).push(firstId);
            else {
              env[alias] = d.value;
              env[metaName] = d;
              env[keyspaceName] = path;
              if (decided || onHolds(on, row.env, rc)) kept[n++] = d;
            }
          } else if (docs !== undefined) {
            for (const id of docs) {
              const d = peek(id);
              if (d === undefined) {
                (expired ??= []).push(id);
                continue;
              }
              // Bound into the outer row to evaluate the ON clause (rebound below as needed;
              // a row with no match is dropped).
              env[alias] = d.value;
              env[metaName] = d;
              env[keyspaceName] = path;
              if (decided || onHolds(on, row.env, rc)) kept[n++] = d;
            }
          }
          if (n > 1 || (n === 0 && !spec.outer)) out ??= batch.slice(0, bi);
          for (let i = 0; i < n; i++) {
            const d = kept[i]!;
            // Each match but the last is a copy of the outer row; the last binds into it.
            const e = (i < n - 1 ? siblingEnv(row.env) : row.env) as Record<string, unknown>;
            e[alias] = d.value;
            e[metaName] = d;
            e[keyspaceName] = path;
            if (i < n - 1) out!.push({ env: e as Env });
          }
          if (n > 0 || spec.outer) out?.push(row);
        } else {
          // A nest, or a LEFT join that evaluates its ON clause: each match a copy of the outer row, which `emit` may keep as it came.
          out ??= batch.slice(0, bi);
          const matches: Env[] = [];
          if (docs !== undefined) {
            for (const id of docs) {
              const d = peek(id);
              if (d === undefined) {
                (expired ??= []).push(id);
                continue;
              }
              const m = siblingEnv(row.env);
              binder.bind(m, d);
              if (decided || onHolds(on, m, rc)) matches.push(m);
            }
          }
          emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
        }
      }
      if (expired) {
        // Read with `get`, an expired document is expired (its index entries removed), as the
        // scan does after its walk (key-source.ts AcceptedDocuments): after the chunk's lookups.
        for (const id of expired) ks.get(id);
        expired = undefined;
      }
      if (due(rc)) {
        // A pause between chunks (none holds a posting or document across it): the rows so far go on first.
        const part = out ?? batch.slice(0, end);
        out = [];
        if (part.length) yield part;
        paused = true;
        yield PAUSE;
      }
    }
    if (out === undefined) yield batch;
    else if (out.length) yield out;
  }
}
