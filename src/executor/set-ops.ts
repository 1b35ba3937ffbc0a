import { distinctKey } from '../values/index.js';
import { distinct } from './distinct.js';
import type { Row, RowStream } from './runtime.js';

function* concat(a: RowStream, b: RowStream): RowStream {
  yield* a;
  yield* b;
}

function counts(stream: RowStream): Map<string, number> {
  const m = new Map<string, number>();
  for (const batch of stream) for (const r of batch) {
    const k = distinctKey(r.out);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

/**
 * UNION [ALL], INTERSECT [ALL], EXCEPT [ALL] over the output values of two streams. Without
 * ALL the result has no duplicates; INTERSECT ALL / EXCEPT ALL keep multiplicities.
 * Source: couchbase/query `execution/{union_all,intersect_all,except_all}.go`.
 */
export function* setOperation(op: 'UNION' | 'INTERSECT' | 'EXCEPT', all: boolean, left: RowStream, right: RowStream): RowStream {
  if (op === 'UNION') {
    yield* all ? concat(left, right) : distinct(concat(left, right));
    return;
  }
  const r = counts(right);
  const emitted = new Set<string>();
  for (const batch of left) {
    const out: Row[] = [];
    for (const row of batch) {
      const k = distinctKey(row.out);
      const n = r.get(k) ?? 0;
      if (op === 'INTERSECT') {
        if (n === 0) continue;
        if (all) r.set(k, n - 1);
        else if (emitted.has(k)) continue;
      } else {
        if (n > 0) {
          if (all) r.set(k, n - 1);
          continue;
        }
        if (!all && emitted.has(k)) continue;
      }
      emitted.add(k);
      out.push(row);
    }
    if (out.length) yield out;
  }
}
