import type { FunctionCall, WindowSpec } from '../../ast/index.js';
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { Evaluator } from '../../eval/index.js';
import { collate, truth, type Value } from '../../values/index.js';
import { due, PAUSE, type Row, type RunContext } from '../runtime.js';
import { aggregateOverFrames } from './frame-aggregate.js';
import { Frames } from './frames.js';
import { Peers } from './peers.js';

/** A window function call compiled for a WindowAggregate: its expressions as evaluators. */
export interface CompiledWindowCall {
  call: FunctionCall & { over: WindowSpec };
  /** Where the row's value is bound (eval's windowSlot). */
  slot: string;
  args: Evaluator[];
  filter?: Evaluator;
  orderKeys: Evaluator[];
  /** The frame's start and end offsets, when they are expressions. */
  offsets: [Evaluator | undefined, Evaluator | undefined];
}

/** Error 5340 "Error evaluating Window function. - cause: …" (reference E_WINDOW_EVALUATION). */
export function windowEvaluationError(cause: string): QueryError {
  return new QueryError({ code: ErrorCode.WINDOW_EVALUATION, phase: 'execution', message: `Error evaluating Window function. - cause: ${cause}` });
}

/**
 * Computes one window function call for every row of a partition (rows sorted by the call's
 * ORDER BY) into `out`. Source of each function's rules: couchbase/query `algebra/agg_*.go`
 * (row_number, rank, dense_rank, percent_rank, cume_dist, ntile, lag, lead, first_value,
 * last_value, nth_value, ratio_to_report) and `execution/window_aggregate.go`, checked against
 * the reference's answers. `ordered`: the rows' ORDER BY values (one array per term), when the
 * caller has them; else they are evaluated here.
 */
export function* computeWindowCall(c: CompiledWindowCall, rows: Row[], rc: RunContext, out: Value[], ordered?: Value[][]): Generator<Row[]> {
  const n = rows.length;
  const { call } = c;
  const name = call.name.toLowerCase();
  // ROW_NUMBER, NTILE, LAG and LEAD go by row position only: no ORDER BY values, no peers.
  switch (name) {
    case 'row_number':
      for (let i = 0; i < n; i++) out[i] = i + 1;
      return;
    case 'ntile':
      ntile(c.args[0]!(rows[0]!.env, rc), n, out);
      return;
    case 'lag':
    case 'lead':
      lagLead(c, rows, rc, name === 'lag' ? -1 : 1, out);
      return;
  }
  const orderVals: Value[][] = ordered ?? [];
  if (!ordered) for (const k of c.orderKeys) orderVals.push(yield* evaluateAll(k, rows, rc));
  const peers = new Peers(n, orderVals);
  switch (name) {
    case 'rank':
      for (let i = 0; i < n; i++) out[i] = peers.start(i) + 1;
      return;
    case 'dense_rank':
      for (let i = 0; i < n; i++) out[i] = peers.group[i]! + 1;
      return;
    case 'percent_rank':
      for (let i = 0; i < n; i++) out[i] = n > 1 ? peers.start(i) / (n - 1) : 0;
      return;
    case 'cume_dist':
      for (let i = 0; i < n; i++) out[i] = (peers.end(i) + 1) / n;
      return;
  }
  const frames = new Frames(call.over, frameOffsets(c, rows[0]!, rc), n, peers, rangeKeys(call.over, orderVals));
  const values = c.args.length && !call.star ? yield* evaluateAll(c.args[0]!, rows, rc) : new Array<Value>(n).fill(null);
  if (name === 'first_value' || name === 'last_value' || name === 'nth_value') {
    yield* valueFunction(c, name, values, peers, frames, rows, rc, out);
    return;
  }
  const counted = new Uint8Array(n);
  if (!c.filter) counted.fill(1);
  else for (const [i, v] of (yield* evaluateAll(c.filter, rows, rc)).entries()) counted[i] = truth(v) ? 1 : 0;
  if (name === 'ratio_to_report') {
    const sums: Value[] = new Array(n);
    yield* aggregateOverFrames({ ...call, name: 'sum' }, values, counted, frames, n, rc, sums);
    for (let i = 0; i < n; i++) {
      const x = values[i];
      const s = sums[i];
      const r = typeof x === 'number' && typeof s === 'number' ? x / s : null;
      out[i] = r !== null && Number.isFinite(r) ? r : null;
    }
    return;
  }
  yield* aggregateOverFrames(call, values, counted, frames, n, rc, out);
}

/** NTILE(k): k buckets (k from the partition's first row), the first n % k of them one row larger. */
function ntile(k: Value, n: number, out: Value[]): void {
  if (typeof k !== 'number') {
    out.fill(null, 0, n);
    return;
  }
  const buckets = Math.trunc(k);
  if (buckets <= 0) throw windowEvaluationError(`ntile Invalid argument: ${k}.`);
  const q = Math.floor(n / buckets);
  const r = n % buckets;
  const big = r * (q + 1);
  for (let i = 0; i < n; i++) out[i] = i < big ? Math.floor(i / (q + 1)) + 1 : r + Math.floor((i - big) / q) + 1;
}

/** A positive integer constant argument (LAG/LEAD's offset, NTH_VALUE's n), evaluated once. */
function positiveArg(e: Evaluator | undefined, row: Row, rc: RunContext, name: string, fallback: number): number {
  if (!e) return fallback;
  const v = e(row.env, rc);
  if (typeof v !== 'number' || v <= 0 || !Number.isInteger(v)) throw windowEvaluationError(`${name}() second argument must evaluate to a positive integer.`);
  return v;
}

/**
 * LAG / LEAD: the value `offset` rows before / after (with IGNORE NULLS, the offset-th row whose
 * value is neither MISSING nor NULL), else the default (evaluated on the current row; NULL).
 */
function lagLead(c: CompiledWindowCall, rows: Row[], rc: RunContext, direction: -1 | 1, out: Value[]): void {
  const n = rows.length;
  const k = positiveArg(c.args[1], rows[0]!, rc, c.call.name.toLowerCase(), 1);
  const values = rows.map((r) => c.args[0]!(r.env, rc));
  const fallback = (i: number): Value => (c.args[2] ? c.args[2](rows[i]!.env, rc) : null);
  if (!c.call.ignoreNulls) {
    for (let i = 0; i < n; i++) {
      const j = i + direction * k;
      out[i] = j >= 0 && j < n ? values[j] : fallback(i);
    }
    return;
  }
  // The rows with a value, and for each row how many of them come before it.
  const valued: number[] = [];
  const before = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    before[i] = valued.length;
    if (values[i] !== undefined && values[i] !== null) valued.push(i);
  }
  for (let i = 0; i < n; i++) {
    const self = values[i] !== undefined && values[i] !== null ? 1 : 0;
    const at = direction < 0 ? before[i]! - k : before[i]! + self + k - 1;
    out[i] = at >= 0 && at < valued.length ? values[valued[at]!] : fallback(i);
  }
}

/**
 * FIRST_VALUE, LAST_VALUE, NTH_VALUE(x, n) [FROM LAST]: the first / last / n-th row of the
 * frame (EXCLUDE rows skipped; with IGNORE NULLS, rows whose value is MISSING or NULL too);
 * NULL when there is none. With ORDER BY and a RANGE or GROUPS frame, peers are taken in the
 * collation order of their values (ascending from the first, descending from the last), as the
 * reference does, so that ties give one answer whatever order the sort left them in.
 */
function* valueFunction(c: CompiledWindowCall, name: string, values: Value[], peers: Peers, frames: Frames, rows: Row[], rc: RunContext, out: Value[]): Generator<Row[]> {
  const n = rows.length;
  const k = name === 'nth_value' ? positiveArg(c.args[1], rows[0]!, rc, 'nth_value', 1) : 1;
  const fromLast = name === 'last_value' || (name === 'nth_value' && !!c.call.fromLast);
  const ties = !!c.call.over.orderBy?.length && c.call.over.frame?.unit !== 'ROWS';
  const ignore = !!c.call.ignoreNulls;
  const takes = (i: number, j: number) => !frames.excluded(i, j) && (!ignore || (values[j] !== undefined && values[j] !== null));
  let ps = -1;
  let pe = -2;
  for (let i = 0; i < n; i++) {
    if ((i & 255) === 255 && due(rc)) yield PAUSE;
    frames.at(i);
    const { s, e } = frames;
    if (i > 0 && s === ps && e === pe && !frames.exclude) {
      out[i] = out[i - 1];
      continue;
    }
    ps = s;
    pe = e;
    let found: Value = null;
    let seen = 0;
    if (!ties) {
      for (let j = fromLast ? e : s; fromLast ? j >= s : j <= e; j += fromLast ? -1 : 1) {
        if (takes(i, j) && ++seen === k) {
          found = values[j];
          break;
        }
      }
    } else {
      let j = fromLast ? e : s;
      while (fromLast ? j >= s : j <= e) {
        const a = fromLast ? Math.max(s, peers.start(j)) : j;
        const b = fromLast ? j : Math.min(e, peers.end(j));
        const run: number[] = [];
        for (let x = a; x <= b; x++) if (takes(i, x)) run.push(x);
        if (seen + run.length >= k) {
          // Row numbers are sorted, not values: Array.sort puts MISSING (undefined) last without asking.
          run.sort((p, q) => (fromLast ? collate(values[q], values[p]) : collate(values[p], values[q])));
          found = values[run[k - seen - 1]!];
          break;
        }
        seen += run.length;
        j = fromLast ? a - 1 : b + 1;
      }
    }
    out[i] = found;
  }
}

/** The frame's offsets, evaluated on the partition's first row: numbers ≥ 0 (integers unless RANGE). */
function frameOffsets(c: CompiledWindowCall, row: Row, rc: RunContext): [number | undefined, number | undefined] {
  const range = c.call.over.frame?.unit === 'RANGE';
  return c.offsets.map((e) => {
    if (!e) return undefined;
    const v = e(row.env, rc);
    if (typeof v !== 'number' || v < 0 || (!range && !Number.isInteger(v))) {
      // The reference's message, typo included.
      throw new QueryError({ code: ErrorCode.WINDOW_EVALUATION, phase: 'execution', message: 'Error inital setup - cause: value_expr must be a constant or expression and must evaluate to a positive numeric value.' });
    }
    return v;
  }) as [number | undefined, number | undefined];
}

/** RANGE with an offset compares the first ORDER BY term's values. */
function rangeKeys(w: WindowSpec, orderVals: Value[][]): { values: Value[]; desc: boolean } | undefined {
  const f = w.frame;
  if (!f || f.unit !== 'RANGE' || !w.orderBy?.length) return undefined;
  return { values: orderVals[0]!, desc: w.orderBy[0]!.desc };
}

/** An expression's value on every row of the partition, pausing when the time slice is used up. */
function* evaluateAll(e: Evaluator, rows: Row[], rc: RunContext): Generator<Row[], Value[]> {
  const out: Value[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    if ((i & 4095) === 4095 && due(rc)) yield PAUSE;
    out[i] = e(rows[i]!.env, rc);
  }
  return out;
}
