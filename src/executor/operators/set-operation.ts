import { rootEnv, type Scope } from '../../eval/index.js';
import { distinctKey } from '../../values/index.js';
import type { CompileContext } from '../operator-context.js';
import { rowsWhere, type Row, type RowStream } from '../runtime.js';

/** Name under which a set operation's output value is bound, for the ORDER BY after it. */
const OUT = '\u0000out';

/** The context after a set operation: ORDER BY reads the output row's fields. */
export function afterSetOperation(cx: CompileContext): CompileContext {
  const scope: Scope = { names: new Set(), keyspaceAliases: [], defaultAlias: OUT, compileSubquery: cx.base.compileSubquery };
  return { ...cx, scope, starAliases: [] };
}

/** Rebinds rows so that the ORDER BY over a set operation sees the output row's fields. */
export function* outputRows(s: RowStream): RowStream {
  for (const batch of s) {
    if (batch.length === 0) {
      yield batch;
      continue;
    }
    yield batch.map((r): Row => {
      const env = rootEnv();
      env[OUT] = r.out;
      return { env, out: r.out };
    });
  }
}

/** Multiplicity of each output value of a stream; pauses are passed to `onPause`. */
export function* counts(stream: RowStream, into: Map<string, number>): RowStream {
  for (const batch of stream) {
    if (batch.length === 0) {
      yield batch;
      continue;
    }
    for (const r of batch) {
      const k = distinctKey(r.out);
      into.set(k, (into.get(k) ?? 0) + 1);
    }
  }
}

/**
 * INTERSECT [ALL] / EXCEPT [ALL] of two streams' output values: the second is counted first,
 * then the first streams through. Without ALL the result has no duplicates; with ALL
 * multiplicities are kept. Source: couchbase/query `execution/{intersect_all,except_all}.go`.
 */
export function* intersectOrExcept(intersect: boolean, distinct: boolean, first: RowStream, second: RowStream): RowStream {
  const r = new Map<string, number>();
  yield* counts(second, r);
  const emitted = new Set<string>();
  yield* rowsWhere(first, (row) => {
    const k = distinctKey(row.out);
    const n = r.get(k) ?? 0;
    if (intersect) {
      if (n === 0) return false;
      if (!distinct) r.set(k, n - 1);
      else if (emitted.has(k)) return false;
    } else {
      if (n > 0) {
        if (!distinct) r.set(k, n - 1);
        return false;
      }
      if (distinct && emitted.has(k)) return false;
    }
    emitted.add(k);
    return true;
  });
}
