import type { FunctionCall } from '../../ast/index.js';
import { collate, type Value } from '../../values/index.js';
import { createAccumulator } from '../aggregates.js';
import { due, PAUSE, type Row, type RunContext } from '../runtime.js';
import type { Frames } from './frames.js';

/**
 * An aggregate function (SUM, COUNT, MIN, ARRAY_AGG …) over each row's frame, in O(n) for the
 * common frames instead of O(n · frame):
 * - the whole partition (no ORDER BY, or UNBOUNDED on both sides): computed once;
 * - SUM, AVG, COUNT, COUNTN and COUNT(*) (without DISTINCT) over any frame without EXCLUDE:
 *   a running state that adds the rows entering the frame and removes those leaving it;
 * - MIN and MAX (without DISTINCT) likewise, with a monotonic deque of the frame's candidates;
 * - any other aggregate over frames that start at the partition's first row (the default with
 *   ORDER BY): its accumulator fed once, its result read at each frame end;
 * - otherwise (DISTINCT or MEDIAN over sliding frames, EXCLUDE): recomputed over each distinct frame.
 * A row counts only if its FILTER is TRUE (`counted[i]`). The frames' bounds must not move back
 * for the running states; when they do (RANGE with MISSING/NULL keys placed last) the state is
 * rebuilt. Source: couchbase/query `execution/window_aggregate.go` (incremental aggregation with
 * CumulateRemove for ROWS frames), `algebra/agg_*.go`.
 */
export function* aggregateOverFrames(call: FunctionCall, values: Value[], counted: Uint8Array, frames: Frames, n: number, rc: RunContext, out: Value[]): Generator<Row[]> {
  const name = call.name.toLowerCase();
  const empty = (): Value => createAccumulator(call).result();
  const over = (s: number, e: number, i: number): Value => {
    const acc = createAccumulator(call);
    for (let j = s; j <= e; j++) if (counted[j] && !frames.excluded(i, j)) acc.add(values[j]);
    return acc.result();
  };
  if (frames.whole) {
    const acc = createAccumulator(call);
    for (let j = 0; j < n; j++) {
      if ((j & 4095) === 4095 && due(rc)) yield PAUSE;
      if (counted[j]) acc.add(values[j]);
    }
    const v = acc.result();
    for (let i = 0; i < n; i++) out[i] = v;
    return;
  }
  const running = !call.distinct && !frames.exclude ? runningState(name, !!call.star) : undefined;
  if (running) {
    let cs = 0;
    let ce = -1;
    for (let i = 0; i < n; i++) {
      if ((i & 1023) === 1023 && due(rc)) yield PAUSE;
      frames.at(i);
      const { s, e } = frames;
      if (s > e) {
        out[i] = running.empty();
        continue;
      }
      if (s < cs || e < ce || s > ce) {
        running.reset();
        cs = s;
        ce = s - 1;
      }
      while (ce < e) {
        ce++;
        if (counted[ce]) running.add(values[ce], ce);
      }
      while (cs < s) {
        if (counted[cs]) running.remove(values[cs], cs);
        cs++;
      }
      out[i] = running.result();
    }
    return;
  }
  const pure = name !== 'median' && name !== 'array_agg';
  if (frames.fromStart && !frames.exclude && pure) {
    const acc = createAccumulator(call);
    let ce = -1;
    let last: Value = empty();
    for (let i = 0; i < n; i++) {
      if ((i & 1023) === 1023 && due(rc)) yield PAUSE;
      frames.at(i);
      if (frames.e < ce) {
        out[i] = over(frames.s, frames.e, i);
        continue;
      }
      if (frames.e > ce) {
        while (ce < frames.e) {
          ce++;
          if (counted[ce]) acc.add(values[ce]);
        }
        last = acc.result();
      }
      out[i] = frames.e < 0 ? empty() : last;
    }
    return;
  }
  let ps = -1;
  let pe = -2;
  let pv: Value = undefined;
  for (let i = 0; i < n; i++) {
    if ((i & 255) === 255 && due(rc)) yield PAUSE;
    frames.at(i);
    const { s, e } = frames;
    if (s > e) out[i] = empty();
    // The same frame as the row before (peers share RANGE and GROUPS frames), and the same rows left out.
    else if (i > 0 && s === ps && e === pe && (!frames.exclude || (frames.exclude === 'GROUP' && frames.excluded(i, i - 1)))) out[i] = pv;
    else out[i] = over(s, e, i);
    ps = s;
    pe = e;
    pv = out[i];
  }
}

/** A running aggregate over a frame that rows enter and leave. */
interface Running {
  add(v: Value, i: number): void;
  remove(v: Value, i: number): void;
  result(): Value;
  empty(): Value;
  reset(): void;
}

function runningState(name: string, star: boolean): Running | undefined {
  if (star) return counter(() => true);
  switch (name) {
    case 'sum':
      return sum(false);
    case 'avg':
    case 'mean':
      return sum(true);
    case 'count':
      return counter((v) => v !== undefined && v !== null);
    case 'countn':
      return counter((v) => typeof v === 'number' || typeof v === 'bigint');
    case 'min':
      return extreme(false);
    case 'max':
      return extreme(true);
  }
  return undefined;
}

function counter(counts: (v: Value) => boolean): Running {
  let c = 0;
  return {
    add: (v) => void (counts(v) && c++),
    remove: (v) => void (counts(v) && c--),
    result: () => c,
    empty: () => 0,
    reset: () => void (c = 0),
  };
}

/**
 * SUM / AVG of the NUMBER values in the frame (NULL when there is none, or the sum overflows),
 * as doubles: a running sum adds and removes, so an int64 past 2^53 counts as its nearest double.
 */
function sum(avg: boolean): Running {
  let total = 0;
  let count = 0;
  return {
    add(x) {
      const v = typeof x === 'bigint' ? Number(x) : x;
      if (typeof v === 'number') {
        total += v;
        count++;
      }
    },
    remove(x) {
      const v = typeof x === 'bigint' ? Number(x) : x;
      if (typeof v === 'number') {
        total -= v;
        // No numbers left: drop the rounding the removals left behind.
        if (--count === 0) total = 0;
      }
    },
    result() {
      if (count === 0) return null;
      const r = avg ? total / count : total;
      return Number.isFinite(r) ? r : null;
    },
    empty: () => null,
    reset() {
      total = 0;
      count = 0;
    },
  };
}

/**
 * MIN / MAX by collation (MISSING and NULL skipped) with a monotonic deque of row numbers: the
 * front is the frame's extreme; a row entering drops the candidates it beats from the back.
 */
function extreme(max: boolean): Running {
  const sign = max ? 1 : -1;
  let rows: number[] = [];
  let vals: Value[] = [];
  let head = 0;
  return {
    add(v, i) {
      if (v === undefined || v === null) return;
      while (rows.length > head && sign * collate(vals[vals.length - 1], v) <= 0) {
        rows.pop();
        vals.pop();
      }
      rows.push(i);
      vals.push(v);
    },
    remove(_v, i) {
      if (rows.length > head && rows[head] === i) head++;
      if (head > 4096 && head * 2 > rows.length) {
        rows = rows.slice(head);
        vals = vals.slice(head);
        head = 0;
      }
    },
    result: () => (rows.length > head ? vals[head]! : null),
    empty: () => null,
    reset() {
      rows = [];
      vals = [];
      head = 0;
    },
  };
}
