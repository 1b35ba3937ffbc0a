import type { WindowSpec } from '../../ast/index.js';
import { printExpr } from '../../ast/print.js';
import { childEnv, compileExpr, windowSlot, type Evaluator } from '../../eval/index.js';
import type { WindowAggregate } from '../../planner/index.js';
import { collate, type Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { BATCH_SIZE, due, PAUSE, type Row, type RowStream, type RunContext } from '../runtime.js';
import { batchKeys } from '../sort-keys.js';
import { computeWindowCall, type CompiledWindowCall } from '../window/window-functions.js';

/** Bytes counted for a row held while its partition is read (its environment, the window values). */
const ROW_BYTES = 96;

/** The window functions that go by row position only (no ORDER BY values, no peers). */
const POSITIONAL = new Set(['row_number', 'ntile', 'lag', 'lead']);

/**
 * WindowAggregate: reads rows sorted by the PARTITION BY keys (and each call's ORDER BY within
 * them), holds one partition at a time, computes every window function call of the operator
 * for each row of the partition (window/window-functions.ts) and passes the rows on, in the
 * same order, with the calls' values bound in their environments (eval's windowSlot), in
 * batches. A partition ends where a PARTITION BY value collates differently from the row
 * before. The PARTITION BY and ORDER BY values come from the sort keys the Order before it
 * passed with each batch (sort-keys.ts BatchKeys) where it sorted by the same expressions, and
 * are evaluated otherwise. It pauses while it reads and computes, like Order. Source:
 * couchbase/query `execution/window_aggregate.go`.
 */
export function compileWindowAggregate(op: WindowAggregate, cx: CompileContext): CompiledOperator {
  const partitionBy = op.aggregates[0]?.over?.partitionBy ?? [];
  const partitionKeys: Evaluator[] = partitionBy.map((e) => compileExpr(e, cx.scope));
  const single = partitionKeys.length === 1 ? partitionKeys[0] : undefined;
  const partitionTexts = partitionBy.map((e) => printExpr(e));
  const calls: CompiledWindowCall[] = op.aggregates.map((call) => {
    const over = call.over as WindowSpec;
    const bound = (b: unknown) => (b && typeof b === 'object' && 'offset' in b ? compileExpr((b as { offset: import('../../ast/index.js').Expr }).offset, cx.scope) : undefined);
    return {
      call: call as CompiledWindowCall['call'],
      slot: windowSlot(call),
      args: call.args.map((a) => compileExpr(a, cx.scope)),
      ...(call.filter ? { filter: compileExpr(call.filter, cx.scope) } : {}),
      orderKeys: (over.orderBy ?? []).map((o) => compileExpr(o.expr, cx.scope)),
      offsets: [bound(over.frame?.start), bound(over.frame?.end)],
    };
  });
  // The ORDER BY values the calls that look at them need (not ROW_NUMBER, NTILE, LAG, LEAD),
  // each text once: read with the partition's rows, from the Order's keys when it passed them.
  const orderTexts: string[] = [];
  const orderEvals: Evaluator[] = [];
  const orderAt = calls.map((c, i) => {
    if (POSITIONAL.has(c.call.name.toLowerCase()) || !c.orderKeys.length) return undefined;
    return (c.call.over.orderBy ?? []).map((o, t) => {
      const text = printExpr(o.expr);
      let j = orderTexts.indexOf(text);
      if (j < 0) {
        j = orderTexts.push(text) - 1;
        orderEvals.push(calls[i]!.orderKeys[t]!);
      }
      return j;
    });
  });
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      let rows: Row[] = [];
      let keys: Value[] = [];
      let orderVals: Value[][] = orderTexts.map(() => []);
      /** Per orderTexts entry, its column in the Order's keys (-1: none). */
      let orderColumns: number[] = [];
      // The sort keys of the Order before (sort-keys.ts BatchKeys): which column holds the PARTITION BY value.
      let texts: readonly string[] | undefined;
      let at = -1;
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        const sorted = batchKeys(batch);
        if (sorted?.texts !== texts) {
          texts = sorted?.texts;
          at = single && texts ? texts.indexOf(partitionTexts[0]!) : -1;
          orderColumns = orderTexts.map((t) => (texts ? texts.indexOf(t) : -1));
        }
        const column = sorted && at >= 0 ? sorted.columns[at] : undefined;
        for (let r = 0; r < batch.length; r++) {
          const row = batch[r]!;
          if (single) {
            // One PARTITION BY key (the common case): no array per row; the Order's value when it passed it.
            const k = column ? column[r] : single(row.env, rc);
            const prev = keys[0];
            if (rows.length && (typeof k === 'number' && typeof prev === 'number' && k === k ? k !== prev : collate(k, prev) !== 0)) {
              yield* emit(rows, orderVals, rc);
              rows = [];
              orderVals = orderTexts.map(() => []);
            }
            keys[0] = k;
          } else if (partitionKeys.length) {
            const k = partitionKeys.map((e) => e(row.env, rc));
            if (rows.length && !samePartition(k, keys)) {
              yield* emit(rows, orderVals, rc);
              rows = [];
              orderVals = orderTexts.map(() => []);
            }
            keys = k;
          }
          for (let j = 0; j < orderEvals.length; j++) {
            const c = sorted ? orderColumns[j]! : -1;
            orderVals[j]!.push(c >= 0 ? sorted!.columns[c]![r] : orderEvals[j]!(row.env, rc));
          }
          rc.memory?.add(ROW_BYTES);
          rows.push(row);
        }
        if (due(rc)) yield PAUSE;
      }
      if (rows.length) yield* emit(rows, orderVals, rc);
    },
  };

  /** Computes the calls over one partition (`orderVals`: its rows' ORDER BY values, by orderTexts) and passes its rows on with their values bound. */
  function* emit(rows: Row[], orderVals: Value[][], rc: RunContext): RowStream {
    const values: Value[][] = [];
    for (let i = 0; i < calls.length; i++) {
      const c = calls[i]!;
      const out: Value[] = new Array(rows.length);
      yield* computeWindowCall(c, rows, rc, out, orderAt[i]?.map((j) => orderVals[j]!));
      values.push(out);
      if (due(rc)) yield PAUSE;
    }
    const first = calls[0]!.slot;
    let batch: Row[] = [];
    for (let i = 0; i < rows.length; i++) {
      let row = rows[i]!;
      // The values go into the row's own environment (no new object per row) unless it holds
      // them already: an environment shared with a row before it, or one that went through this
      // call before (the same call text in an enclosing query). Then a child environment.
      if (Object.prototype.hasOwnProperty.call(row.env, first)) row = { ...row, env: childEnv(row.env) };
      const env = row.env;
      for (let j = 0; j < calls.length; j++) env[calls[j]!.slot] = values[j]![i];
      batch.push(row);
      if (batch.length === BATCH_SIZE) {
        yield batch;
        batch = [];
        if (due(rc)) yield PAUSE;
      }
    }
    if (batch.length) yield batch;
  }
}

function samePartition(a: Value[], b: Value[]): boolean {
  for (let i = 0; i < a.length; i++) if (collate(a[i], b[i]) !== 0) return false;
  return true;
}
