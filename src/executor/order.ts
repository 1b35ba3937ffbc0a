import type { Evaluator } from '../eval/index.js';
import { collate, type Value } from '../values/index.js';
import { batched, type Row, type RowStream, type RunContext } from './runtime.js';

/** A compiled ORDER BY term. */
export interface CompiledSortTerm {
  expr: Evaluator;
  desc: boolean;
  /** Where MISSING and NULL go; default FIRST for ASC and LAST for DESC. */
  nullsFirst: boolean;
}

function compareTerm(a: Value, b: Value, t: CompiledSortTerm): number {
  const an = a === undefined || a === null;
  const bn = b === undefined || b === null;
  if (an !== bn) return an === t.nullsFirst ? -1 : 1;
  const c = collate(a, b);
  return t.desc ? -c : c;
}

/**
 * Order: sorts all rows by the terms (N1QL collation; MISSING before NULL; stable).
 * With `limit`, keeps only the first `limit` rows (top-N) instead of sorting everything.
 */
export function* order(input: RowStream, terms: CompiledSortTerm[], rc: RunContext, limit?: number): RowStream {
  const keyed: { row: Row; keys: Value[]; seq: number }[] = [];
  let seq = 0;
  for (const batch of input) {
    for (const row of batch) keyed.push({ row, keys: terms.map((t) => t.expr(row.env, rc)), seq: seq++ });
  }
  keyed.sort((x, y) => {
    for (let i = 0; i < terms.length; i++) {
      const c = compareTerm(x.keys[i], y.keys[i], terms[i]);
      if (c !== 0) return c;
    }
    return x.seq - y.seq;
  });
  const rows = keyed.map((k) => k.row);
  yield* batched(limit === undefined ? rows : rows.slice(0, limit));
}
