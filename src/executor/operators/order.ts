import { compileExpr, type Evaluator } from '../../eval/index.js';
import type { Order } from '../../planner/index.js';
import { collate, type Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { batched, due, PAUSE, type Row, type RowStream } from '../runtime.js';
import { compileCount } from './count-value.js';

/** A compiled ORDER BY term. */
interface SortTerm {
  expr: Evaluator;
  desc: boolean;
  /** Where MISSING and NULL go; default FIRST for ASC and LAST for DESC. */
  nullsFirst: boolean;
}

interface Keyed {
  row: Row;
  keys: Value[];
  seq: number;
}

function compareTerm(a: Value, b: Value, t: SortTerm): number {
  const an = a === undefined || a === null;
  const bn = b === undefined || b === null;
  if (an !== bn) return an === t.nullsFirst ? -1 : 1;
  const c = collate(a, b);
  return t.desc ? -c : c;
}

/**
 * Order: sorts the rows by the terms (N1QL collation, MISSING before NULL, stable). With a
 * `limit`, only the first offset+limit rows are kept as they arrive (top-k: the kept rows are
 * cut back to k whenever they reach 2k, so memory stays O(k) and time O(n log k)), and the first
 * `offset` of them are skipped here. Source: couchbase/query `execution/order.go`.
 */
export function compileOrder(op: Order, cx: CompileContext): CompiledOperator {
  const terms: SortTerm[] = op.sort_terms.map((t) => ({
    expr: compileExpr(t.expr, cx.scope),
    desc: !!t.desc,
    nullsFirst: t.nulls_pos ? t.nulls_pos === 'first' : !t.desc,
  }));
  const limit = op.limit ? compileCount(op.limit, 'LIMIT', cx.base) : undefined;
  const offset = op.offset ? compileCount(op.offset, 'OFFSET', cx.base) : undefined;
  const compare = (x: Keyed, y: Keyed): number => {
    for (let i = 0; i < terms.length; i++) {
      const c = compareTerm(x.keys[i], y.keys[i], terms[i]);
      if (c !== 0) return c;
    }
    return x.seq - y.seq;
  };
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      const skip = offset ? offset(rc) : 0;
      const k = limit ? limit(rc) + skip : Infinity;
      let kept: Keyed[] = [];
      let seq = 0;
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        for (const row of batch) kept.push({ row, keys: terms.map((t) => t.expr(row.env, rc)), seq: seq++ });
        if (kept.length >= 2 * k && k > 0) {
          kept.sort(compare);
          kept.length = k;
        }
        if (due(rc)) yield PAUSE;
      }
      if (k === 0) return;
      kept.sort(compare);
      if (kept.length > k) kept.length = k;
      yield* batched(kept.slice(skip).map((x) => x.row));
      kept = [];
    },
  };
}
