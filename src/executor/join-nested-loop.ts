import type { Env, Evaluator } from '../eval/index.js';
import { combine, emit, onHolds, ownNames } from './join-rows.js';
import { due, PAUSE, type Row, type RowStream, type RunContext } from './runtime.js';

/** A compiled nested-loop join or nest (also the index join / nest: an inner index scan bounded by the outer row). */
export interface NestedLoopSpec {
  alias: string;
  /** Runs the inner side's operators in an environment (the outer row's, or the block's). */
  inner: (outer: Env | undefined, rc: RunContext) => RowStream;
  on?: Evaluator;
  outer: boolean;
  nest: boolean;
  /**
   * Set when the inner side does not read the outer row: it is read once (in the block's
   * environment), filtered by `innerFilter`, and each outer row is paired with those rows.
   */
  once?: { innerFilter?: Evaluator };
}

/**
 * NestedLoopJoin / NestedLoopNest (and IndexJoin / IndexNest): for each outer row, the inner
 * rows for which the ON clause is true. A correlated inner side runs in the outer row's
 * environment (so an index scan whose spans read the outer row, or a correlated subquery, sees
 * it); another is read once. Pauses of the input and of the inner side are passed on, and one
 * is added whenever a slice of work is used up. Source: couchbase/query `execution/nl_join.go`,
 * `nl_nest.go`, `index_join.go`.
 */
export function* nestedLoopJoin(input: RowStream, spec: NestedLoopSpec, rc: RunContext, blockEnv?: Env): RowStream {
  let innerRows: Env[] | undefined;
  let innerNames: string[][] | undefined;
  if (spec.once) {
    innerRows = [];
    innerNames = [];
    for (const b of spec.inner(blockEnv, rc)) {
      if (b.length === 0) {
        yield b;
        continue;
      }
      for (const r of b) {
        if (!onHolds(spec.once.innerFilter, r.env, rc)) continue;
        innerRows.push(r.env);
        innerNames.push(ownNames(r.env, blockEnv));
      }
    }
  }
  const plain = !spec.nest && !spec.outer;
  let done = 0;
  for (const batch of input) {
    if (batch.length === 0) {
      yield batch;
      continue;
    }
    const out: Row[] = [];
    for (let bi = 0, bn = batch.length; bi < bn; bi++) {
      const row = batch[bi]!;
      if (plain && !innerRows) {
        // An inner join over a correlated inner side: its rows (made for this outer row, and
        // already seeing it) are the joined rows; no list of matches.
        for (const b of spec.inner(row.env, rc)) {
          if (b.length === 0) {
            yield b;
            continue;
          }
          for (let i = 0; i < b.length; i++) if (onHolds(spec.on, b[i]!.env, rc)) out.push(b[i]!);
        }
        // The clock is read every 8 outer rows (the inner side pauses by itself after each
        // batch it makes, so a long inner side is not waited for).
        if ((++done & 7) === 0 && due(rc)) {
          if (out.length) yield out.splice(0);
          yield PAUSE;
        }
        continue;
      }
      const matches: Env[] = [];
      if (innerRows) {
        for (let i = 0; i < innerRows.length; i++) {
          const env = combine(row.env, innerRows[i]!, innerNames![i]!);
          if (onHolds(spec.on, env, rc)) matches.push(env);
        }
      } else {
        for (const b of spec.inner(row.env, rc)) {
          if (b.length === 0) {
            yield b;
            continue;
          }
          for (const r of b) if (onHolds(spec.on, r.env, rc)) matches.push(r.env);
        }
      }
      emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
      if (due(rc)) {
        if (out.length) yield out.splice(0);
        yield PAUSE;
      }
    }
    if (out.length) yield out;
  }
}
