import type { Env, Evaluator } from '../eval/index.js';
import { emit, onHolds } from './join-rows.js';
import type { Row, RowStream, RunContext } from './runtime.js';
import type { CompiledSource } from './scan.js';

/** A compiled nested-loop join or nest (also the index join / nest: an inner index scan bounded by the outer row). */
export interface NestedLoopSpec {
  alias: string;
  inner: CompiledSource;
  on?: Evaluator;
  outer: boolean;
  nest: boolean;
}

/**
 * NestedLoopJoin / NestedLoopNest (and IndexJoin / IndexNest): for each outer row, runs the inner
 * source in the outer row's environment (so a correlated inner term, or an index scan whose spans
 * read the outer row, sees it) and keeps the inner rows for which the ON clause is true.
 * Source: couchbase/query `execution/nl_join.go`, `nl_nest.go`, `index_join.go`.
 */
export function* nestedLoopJoin(input: RowStream, spec: NestedLoopSpec, rc: RunContext): RowStream {
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
