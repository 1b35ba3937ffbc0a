import type { Env, Evaluator } from '../eval/index.js';
import { combine, emit, onHolds } from './join-rows.js';
import type { Row, RowStream, RunContext } from './runtime.js';
import type { CompiledSource } from './scan.js';

/** A compiled nested-loop join or nest (also the index join / nest: an inner index scan bounded by the outer row). */
export interface NestedLoopSpec {
  alias: string;
  inner: CompiledSource;
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
 * NestedLoopJoin / NestedLoopNest (and IndexJoin / IndexNest): for each outer row, runs the inner
 * source in the outer row's environment (so a correlated inner term, or an index scan whose spans
 * read the outer row, sees it) and keeps the inner rows for which the ON clause is true.
 * Source: couchbase/query `execution/nl_join.go`, `nl_nest.go`, `index_join.go`.
 */
export function* nestedLoopJoin(input: RowStream, spec: NestedLoopSpec, rc: RunContext, blockEnv?: Env): RowStream {
  if (spec.once) {
    const innerRows: Env[] = [];
    for (const b of spec.inner(blockEnv, rc)) for (const r of b) if (onHolds(spec.once.innerFilter, r.env, rc)) innerRows.push(r.env);
    for (const batch of input) {
      const out: Row[] = [];
      for (const row of batch) {
        const matches: Env[] = [];
        for (const inner of innerRows) {
          const env = combine(row.env, inner);
          if (onHolds(spec.on, env, rc)) matches.push(env);
        }
        emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
      }
      if (out.length) yield out;
    }
    return;
  }
  for (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      const matches: Env[] = [];
      for (const innerBatch of spec.inner(row.env, rc)) {
        for (const r of innerBatch) if (onHolds(spec.on, r.env, rc)) matches.push(r.env);
      }
      emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
    }
    if (out.length) yield out;
  }
}
