import type { Operator } from '../planner/index.js';
import { NO_INPUT, type RunOperator } from './operator-context.js';
import type { Row, RowStream } from './runtime.js';

/**
 * Per-operator statistics of `profile=timings` (couchbase/query `execution/base.go` `#stats`:
 * `#itemsIn`, `#itemsOut`, `execTime`): the rows each operator of the plan read from its input
 * and produced, and the time spent in the operator itself. Time is exclusive: while an operator
 * pulls a batch from another (its input, a child), the clock runs for that one, so a parent's
 * time does not include its children's. Operators are told apart by their plan node, so EXPLAIN's
 * tree of the same plan can carry them (`executionTimings`).
 */
export interface OperatorStats {
  /** Rows read from the input; undefined for operators without one (scans). */
  itemsIn?: number;
  itemsOut: number;
  /** Exclusive time, in milliseconds. */
  execMs: number;
  /** How many times the operator ran (a correlated subquery's operators run once per outer row). */
  runs: number;
}

/** The statistics of one request's operators, and the clock that charges time to the running one. */
export class OperatorTimings {
  readonly stats = new Map<Operator, OperatorStats>();
  private readonly running: { s: OperatorStats; since: number }[] = [];

  /** The statistics of a plan node (created on first use). */
  of(op: Operator): OperatorStats {
    let s = this.stats.get(op);
    if (!s) this.stats.set(op, (s = { itemsOut: 0, execMs: 0, runs: 0 }));
    return s;
  }

  /** Starts charging time to `s` (pausing the operator that was running). */
  enter(s: OperatorStats): void {
    const now = performance.now();
    const top = this.running[this.running.length - 1];
    if (top) top.s.execMs += now - top.since;
    this.running.push({ s, since: now });
  }

  /** Stops charging `s` and resumes the operator it interrupted. */
  leave(): void {
    const now = performance.now();
    const top = this.running.pop();
    if (top) top.s.execMs += now - top.since;
    const under = this.running[this.running.length - 1];
    if (under) under.since = now;
  }
}

/** Counts the rows an operator reads; the pull itself is charged to the input's operators. */
function* counted(input: RowStream, s: OperatorStats): RowStream {
  s.itemsIn ??= 0;
  for (const batch of input) {
    s.itemsIn += batch.length;
    yield batch;
  }
}

/** Runs a stream, charging the time of each pull to `s`. */
function* timed(stream: () => RowStream, s: OperatorStats, timings: OperatorTimings): RowStream {
  timings.enter(s);
  let it: Iterator<Row[]>;
  try {
    it = stream()[Symbol.iterator]();
  } finally {
    timings.leave();
  }
  for (;;) {
    timings.enter(s);
    let r: IteratorResult<Row[]>;
    try {
      r = it.next();
    } finally {
      timings.leave();
    }
    if (r.done) return;
    s.itemsOut += r.value.length;
    yield r.value;
  }
}

/**
 * Wraps a running operator so that, when the request asks for `profile=timings` (`rc.timings`),
 * its rows in and out and its exclusive time are recorded under its plan node. Without it the
 * operator runs unwrapped.
 */
export function withTimings(op: Operator, run: RunOperator): RunOperator {
  return (input, outer, rc) => {
    const timings = rc.timings;
    if (!timings) return run(input, outer, rc);
    const s = timings.of(op);
    s.runs++;
    return timed(() => run(input === NO_INPUT ? input : counted(input, s), outer, rc), s, timings);
  };
}
