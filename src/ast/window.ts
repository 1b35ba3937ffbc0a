import type { Expr } from './expr.js';
import type { OrderTerm } from './statement.js';

/**
 * A window function's window (`OVER (…)`), as couchbase/query `algebra/window.go` WindowTerm:
 * `PARTITION BY` expressions, `ORDER BY` terms and the frame. `name` is the window it was
 * written on (`OVER w` or `OVER (w ORDER BY …)`): the builder resolves it against the block's
 * WINDOW clause, so the planner and executor only see resolved windows; it is kept for errors.
 */
export interface WindowSpec {
  name?: string;
  partitionBy: Expr[];
  orderBy?: OrderTerm[];
  frame?: WindowFrame;
}

/** `ROWS|RANGE|GROUPS BETWEEN start AND end [EXCLUDE …]`; without BETWEEN, `end` is CURRENT ROW. */
export interface WindowFrame {
  unit: 'ROWS' | 'RANGE' | 'GROUPS';
  start: FrameBound;
  /** Absent for the short form `ROWS start` (the reference prints it without BETWEEN). */
  end?: FrameBound;
  exclude?: 'CURRENT ROW' | 'GROUP' | 'TIES' | 'NO OTHERS';
}

/** One end of a frame: `UNBOUNDED PRECEDING|FOLLOWING`, `CURRENT ROW`, or `offset PRECEDING|FOLLOWING`. */
export type FrameBound =
  | { kind: 'UNBOUNDED PRECEDING' }
  | { kind: 'UNBOUNDED FOLLOWING' }
  | { kind: 'CURRENT ROW' }
  | { kind: 'PRECEDING' | 'FOLLOWING'; offset: Expr };

/** `name AS (spec)` of a SELECT block's WINDOW clause. */
export interface NamedWindow {
  name: string;
  spec: WindowSpec;
}

/** The expressions of a window (partition keys, order keys, frame offsets), in source order. */
export function windowExprs(w: WindowSpec): Expr[] {
  const out = [...w.partitionBy, ...(w.orderBy ?? []).map((o) => o.expr)];
  for (const b of [w.frame?.start, w.frame?.end]) if (b && 'offset' in b) out.push(b.offset);
  return out;
}
