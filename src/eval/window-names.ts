import { stripLoc, type Expr, type FunctionCall } from '../ast/index.js';
import { int64Replacer } from '../values/index.js';

/** What a window-only function accepts. Source: couchbase/query `algebra/agg_*.go`, `semantics/semantics_window.go`. */
export interface WindowFunctionDef {
  minArgs: number;
  maxArgs: number;
  /** ORDER BY is required ("RANK window function ORDER BY clause is required."). */
  needsOrder: boolean;
  /** A frame is not allowed ("ROW_NUMBER window function window frame is not allowed."). */
  noFrame: boolean;
  /** RESPECT|IGNORE NULLS is allowed. */
  nullsTreatment: boolean;
}

const rank = { minArgs: 0, maxArgs: 0, needsOrder: true, noFrame: true, nullsTreatment: false };

/** The window-only functions (lower-case names); every aggregate function is a window function too. */
export const WINDOW_FUNCTIONS: ReadonlyMap<string, WindowFunctionDef> = new Map<string, WindowFunctionDef>([
  ['row_number', { ...rank, needsOrder: false }],
  ['rank', rank],
  ['dense_rank', rank],
  ['percent_rank', rank],
  ['cume_dist', rank],
  ['ntile', { ...rank, minArgs: 1, maxArgs: 1 }],
  ['lag', { minArgs: 1, maxArgs: 3, needsOrder: true, noFrame: true, nullsTreatment: true }],
  ['lead', { minArgs: 1, maxArgs: 3, needsOrder: true, noFrame: true, nullsTreatment: true }],
  ['first_value', { minArgs: 1, maxArgs: 1, needsOrder: false, noFrame: false, nullsTreatment: true }],
  ['last_value', { minArgs: 1, maxArgs: 1, needsOrder: false, noFrame: false, nullsTreatment: true }],
  ['nth_value', { minArgs: 2, maxArgs: 2, needsOrder: false, noFrame: false, nullsTreatment: true }],
  ['ratio_to_report', { minArgs: 1, maxArgs: 1, needsOrder: false, noFrame: false, nullsTreatment: false }],
]);

/** True if `e` is a window function call (a call with `OVER`). */
export function isWindowCall(e: Expr): e is FunctionCall & { over: NonNullable<FunctionCall['over']> } {
  return e.kind === 'FunctionCall' && e.over !== undefined;
}

/**
 * The reserved name under which a WindowAggregate binds a window function call's value in the
 * row (the call's canonical text, without positions; it cannot be written in N1QL: it starts
 * with NUL). The projection and ORDER BY read it there.
 */
export function windowSlot(call: FunctionCall): string {
  return '\u0000win:' + JSON.stringify(stripLoc(call), int64Replacer);
}
