import { printExpr } from '../../ast/print.js';
import { compileExpr, rootEnv, type Evaluator } from '../../eval/index.js';
import type { Order } from '../../planner/index.js';
import { jsonSize, type Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { BATCH_SIZE, due, PAUSE, ScanRow, type Row, type RowStream } from '../runtime.js';
import { SortKeys, withBatchKeys, type IndexCompare, type SortDirection } from '../sort-keys.js';
import { compileCount } from './count-value.js';
import { keyspaceOf } from './keyspace-of.js';
import { documentReader, type DocumentReader } from '../path-readers.js';
import { scanTopK, type TopDocument } from '../scan-top-k.js';
import { sourceOf, type StreamSource } from '../stream-source.js';

/** A compiled ORDER BY term. */
interface SortTerm extends SortDirection {
  expr: Evaluator;
  /** A direction / NULLS position given by a parameter, evaluated when the sort runs. */
  direction?: Evaluator;
  nulls?: Evaluator;
  explicitNulls?: boolean;
}

/**
 * Order: sorts the rows by the terms (N1QL collation, MISSING before NULL, stable). Rows are
 * sorted in runs of at most 16,384 as they arrive and the runs merged at the end, with pauses,
 * so a large sort never holds the event loop. With a `limit`, only the first offset+limit rows
 * are kept (top-k: the kept rows are cut back to k whenever they reach 2k, so memory stays O(k)
 * and time O(n log k); after a cut a row that sorts after the k-th kept row is dropped on one
 * comparison), and the first `offset` of them are skipped here.
 *
 * Top-k over a whole keyspace: when the input is an uncorrelated PrimaryScan3 → Fetch →
 * InitialProject whose projection can neither drop a row, fail nor warn (the stream says so,
 * stream-source.ts), and every sort term is a path of the document, META().id or a result
 * alias of such a path (path-readers.ts), the Order
 * does not pull that input: it reads each document's sort values straight from the keyspace's
 * document columns (scan-top-k.ts, ties broken by document key, the order the scan would have
 * given) and binds and projects, with the Fetch's and the InitialProject's own code, only the
 * rows it returns. The rows, their order, errors and warnings are those of the plain path; the
 * plan is unchanged. Otherwise (or if the keyspace changes under the walk) the rows run as they come.
 * Source: couchbase/query `execution/order.go`.
 */
/** Bytes counted for a buffered row besides its sort keys (its environment, the sort entry). */
const ROW_BYTES = 96;

export function compileOrder(op: Order, cx: CompileContext): CompiledOperator {
  const terms: SortTerm[] = op.sort_terms.map((t) => ({
    expr: compileExpr(t.expr, cx.scope),
    desc: !!t.desc,
    nullsFirst: t.nulls_pos ? t.nulls_pos === 'first' : !t.desc,
    ...(t._direction ? { direction: compileExpr(t._direction, cx.scope) } : {}),
    ...(t._nulls ? { nulls: compileExpr(t._nulls, cx.scope) } : {}),
    ...(t.nulls_pos ? { explicitNulls: true } : {}),
  }));
  const parametric = terms.some((t) => t.direction || t.nulls);
  const texts = op.sort_terms.map((t) => printExpr(t.expr));
  const limit = op.limit ? compileCount(op.limit, 'LIMIT', cx.base) : undefined;
  const offset = op.offset ? compileCount(op.offset, 'OFFSET', cx.base) : undefined;
  // The sort terms as reads of the scope's keyspace document, when all of them are (top-k over the keyspace).
  const alias = cx.scope.defaultAlias;
  const readers = alias !== undefined && !parametric ? documentReaders(op.sort_terms.map((t) => t.expr), cx.scope, alias) : undefined;
  return {
    cx,
    run: function* (input, outer, rc): RowStream {
      // Directions given by parameters are read once per run, in the first row's environment.
      let live: SortTerm[] = terms;
      let resolved = !parametric;
      const skip = offset ? offset(rc, outer) : 0;
      const k = limit ? limit(rc, outer) + skip : Infinity;
      if (k === 0) {
        for (const batch of input) if (batch.length === 0) yield batch;
        return;
      }
      const source = readers && k < RUN && !outer ? sourceOf(input) : undefined;
      if (source?.kind === 'projected' && source.fetched.alias === alias) {
        const ks = keyspaceOf(rc, source.fetched.keyspace);
        const top = ks.mayExpire?.() === false ? yield* scanTopK(ks, readers!, terms, k, rc) : undefined;
        if (top) {
          yield* topRows(top, skip, source, texts, rc);
          return;
        }
      }
      // The rows in arrival order, their keys column-wise (sort-keys.ts); sorted runs of at most
      // RUN row numbers (each sort a short piece of work), merged at the end.
      let rows: Row[] = [];
      const keys = new SortKeys(terms.length);
      const runs: number[][] = [];
      let from = 0;
      /** Top-k: the row number of the k-th kept row after the last cut (-1 before the first). */
      let worst = -1;
      const count = rc.memory && k >= RUN ? rc.memory : undefined;
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        for (let bi = 0, bn = batch.length; bi < bn; bi++) {
          const row = batch[bi]!;
          if (!resolved) {
            live = resolveTerms(terms, row.env, rc);
            resolved = true;
          }
          let bytes = ROW_BYTES;
          for (let t = 0; t < terms.length; t++) {
            const v = terms[t]!.expr(row.env, rc);
            keys.set(t, v);
            if (count) bytes += jsonSize(v);
          }
          // A full sort holds every row: counted against the request's memory quota (keys' JSON size + a row's overhead).
          count?.add(bytes);
          const n = keys.next();
          // Top-k: a row that sorts after the k-th kept row can never be among the first k.
          if (worst >= 0 && keys.after(n, worst, live)) {
            keys.pop();
            continue;
          }
          rows.push(row);
        }
        if (k < RUN && rows.length >= 2 * k) {
          // Top-k: the kept rows are cut back to the first k each time they reach 2k.
          const kept = sortRange(0, rows.length, keys.comparator(live)).slice(0, k);
          rows = kept.map((i) => rows[i]!);
          keys.compact(kept);
          worst = k - 1;
        } else if (k >= RUN && rows.length - from >= RUN) {
          runs.push(sortRange(from, rows.length, keys.comparator(live)));
          from = rows.length;
        }
        if (due(rc)) yield PAUSE;
      }
      const compare = keys.comparator(live);
      runs.push(sortRange(from, rows.length, compare));
      let sorted = yield* mergeRuns(runs, compare, rc);
      if (sorted.length > k) sorted = sorted.slice(0, k);
      // The sorted rows in batches, each with its rows' sort keys (sort-keys.ts BatchKeys).
      for (let b = skip; b < sorted.length; b += BATCH_SIZE) {
        const end = Math.min(sorted.length, b + BATCH_SIZE);
        const batch: Row[] = new Array(end - b);
        const columns: Value[][] = keys.columns.map(() => new Array(end - b));
        for (let i = b; i < end; i++) {
          const r = sorted[i]!;
          batch[i - b] = rows[r]!;
          for (let t = 0; t < columns.length; t++) columns[t]![i - b] = keys.columns[t]![r];
        }
        yield withBatchKeys(batch, { texts, columns });
      }
    },
  };
}

/** Readers of the expressions as paths of `alias`'s document (path-readers.ts), or undefined unless every one is. */
function documentReaders(exprs: readonly import('../../ast/index.js').Expr[], scope: import('../../eval/index.js').Scope, alias: string): DocumentReader[] | undefined {
  const out: DocumentReader[] = [];
  for (const e of exprs) {
    const r = documentReader(e, scope, alias);
    if (!r) return undefined;
    out.push(r);
  }
  return out;
}

/**
 * The rows of the documents a keyspace top-k kept (scan-top-k.ts) from `skip` on, in batches
 * with their sort keys: each made as the scan makes its rows, bound by the Fetch's code and
 * projected by the InitialProject's (`source`).
 */
function* topRows(top: TopDocument[], skip: number, source: Extract<StreamSource, { kind: 'projected' }>, texts: string[], rc: import('../runtime.js').RunContext): RowStream {
  for (let b = skip; b < top.length; b += BATCH_SIZE) {
    const end = Math.min(top.length, b + BATCH_SIZE);
    const batch: Row[] = [];
    const columns: Value[][] = texts.map(() => []);
    for (let i = b; i < end; i++) {
      const d = top[i]!;
      const row = new ScanRow(rootEnv(), d.key, d.doc);
      source.fetched.bind(row, d.doc);
      const r = source.project(row, rc);
      if (!r) continue;
      batch.push(r);
      for (let t = 0; t < columns.length; t++) columns[t]!.push(d.values[t]);
    }
    if (batch.length) yield withBatchKeys(batch, { texts, columns });
  }
}

/** The row numbers from..to-1, sorted by `compare`. */
function sortRange(from: number, to: number, compare: IndexCompare): number[] {
  const run: number[] = new Array(to - from);
  for (let i = from; i < to; i++) run[i - from] = i;
  return run.sort(compare);
}

/**
 * The terms with their parameter-given directions and NULLS positions read: "asc"/"desc" and
 * "first"/"last" (any case); another value, or one that cannot be evaluated, leaves the term
 * ascending (NULLS as by default) with the reference's warning 5010 ("Error evaluating sort
 * order: Invalid value foo"). Source: couchbase/query `execution/order.go`.
 */
function resolveTerms(terms: SortTerm[], env: import('../../eval/index.js').Env, rc: import('../runtime.js').RunContext): SortTerm[] {
  const read = (f: Evaluator, what: string, allowed: [string, string]): string | undefined => {
    let v: Value;
    try {
      v = f(env, rc);
    } catch (e) {
      rc.warn(`Error evaluating ${what} - cause: ${e instanceof Error ? e.message : String(e)}`, 5010);
      return undefined;
    }
    const s = typeof v === 'string' ? v.toLowerCase() : undefined;
    if (s === allowed[0] || s === allowed[1]) return s;
    rc.warn(`Error evaluating ${what}: Invalid value ${typeof v === 'string' ? v : JSON.stringify(v ?? null)}`, 5010);
    return undefined;
  };
  return terms.map((t) => {
    if (!t.direction && !t.nulls) return t;
    const desc = t.direction ? read(t.direction, 'sort order', ['asc', 'desc']) === 'desc' : t.desc;
    const n = t.nulls ? read(t.nulls, 'nulls sorted position', ['first', 'last']) : undefined;
    const nullsFirst = n !== undefined ? n === 'first' : t.explicitNulls ? t.nullsFirst : !desc;
    return { ...t, desc, nullsFirst };
  });
}

/** Rows per sorted run: a run sorts in a few milliseconds. */
const RUN = 16_384;

/** Merges sorted runs pairwise into one sorted array (stable: `compare` breaks ties by arrival), pausing when a slice of work is used up. */
function* mergeRuns(runs: number[][], compare: IndexCompare, rc: import('../runtime.js').RunContext): Generator<import('../runtime.js').Row[], number[]> {
  let level = runs.filter((r) => r.length > 0);
  if (level.length === 0) return [];
  while (level.length > 1) {
    const next: number[][] = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i];
      const b = level[i + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const out: number[] = new Array(a.length + b.length);
      let x = 0;
      let y = 0;
      let n = 0;
      while (x < a.length && y < b.length) {
        out[n++] = compare(a[x], b[y]) <= 0 ? a[x++] : b[y++];
        if ((n & 4095) === 0 && due(rc)) yield PAUSE;
      }
      while (x < a.length) out[n++] = a[x++];
      while (y < b.length) out[n++] = b[y++];
      next.push(out);
    }
    level = next;
  }
  return level[0];
}
