import type { Expr, FrameBound, FunctionCall, OrderTerm, Subselect, WindowSpec } from '../ast/index.js';
import { walkExpr } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { isAggregateName, isWindowCall, WINDOW_FUNCTIONS } from '../eval/index.js';
import { near } from './analyze.js';

/**
 * The semantic checks of window function calls (`f(…) OVER (…)`), with the reference's codes
 * and messages (asked of the reference; couchbase/query `semantics/semantics_window.go`,
 * `algebra/window.go`):
 * - allowed only in the projection and ORDER BY: 4000 "Window Aggregates not allowed in WHERE
 *   (near line 1, column 26)." (also LET, GROUP BY, LETTING, HAVING), and not inside another
 *   window function: 4000 "Window aggregates are not allowed inside Window Aggregates";
 * - per function: arity (3000), ORDER BY required and frame not allowed (3220), RESPECT|IGNORE
 *   NULLS only for the value functions (3000), LAG/LEAD/NTH_VALUE's offset a positive integer
 *   constant (3220);
 * - frames (3220): not without ORDER BY, a valid start/end pair, a RANGE offset needs exactly
 *   one ORDER BY term, an offset a non-negative constant (an integer for ROWS and GROUPS).
 */
export function checkWindows(s: Subselect, orderBy: OrderTerm[] | undefined): void {
  const nowhere: [string, Expr | undefined][] = [
    ...(s.let ?? []).map((l): [string, Expr] => ['LET', l.expr]),
    ['WHERE', s.where],
    ...(s.groupBy?.keys ?? []).map((k): [string, Expr] => ['GROUP BY', k.expr]),
    ...(s.groupBy?.letting ?? []).map((l): [string, Expr] => ['LETTING', l.expr]),
    ['HAVING', s.groupBy?.having],
  ];
  for (const [clause, e] of nowhere) {
    const w = e && firstWindowCall(e);
    if (w) throw semanticError(ErrorCode.PLAN, near(`Window Aggregates not allowed in ${clause}`, w.loc), w);
  }
  const exprs = [...s.projection.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])), ...(orderBy ?? []).map((o) => o.expr)];
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (!isWindowCall(x)) return true;
      const inner = [...x.args, ...(x.filter ? [x.filter] : []), ...x.over.partitionBy, ...(x.over.orderBy ?? []).map((o) => o.expr)];
      if (inner.some((i) => firstWindowCall(i))) throw semanticError(ErrorCode.PLAN, near('Window aggregates are not allowed inside Window Aggregates', x.loc), x);
      checkWindowCall(x);
      return false;
    });
  }
}

function firstWindowCall(e: Expr): FunctionCall | undefined {
  let found: FunctionCall | undefined;
  walkExpr(e, (x) => {
    if (found) return false;
    if (isWindowCall(x)) found = x;
    return !found;
  });
  return found;
}

const semanticError = (code: number, message: string, e: Expr | undefined) => new QueryError({ code, phase: 'semantic', message, position: e?.loc });
const windowError = (name: string, what: string) => new QueryError({ code: ErrorCode.WINDOW_SEMANTIC, phase: 'semantic', message: `${name.toUpperCase()} window function ${what}.` });

/** The checks of one window function call and its window. */
export function checkWindowCall(call: FunctionCall & { over: WindowSpec }): void {
  const name = call.name.toLowerCase();
  const NAME = name.toUpperCase();
  const def = WINDOW_FUNCTIONS.get(name);
  const aggregate = isAggregateName(name);
  if (!def && !aggregate) throw semanticError(ErrorCode.UNKNOWN_FUNCTION, `Invalid function ${call.name}`, call);
  if (call.ignoreNulls && !def?.nullsTreatment) throw semanticError(ErrorCode.SYNTAX, near(`RESPECT|IGNORE NULLS syntax is not valid for function ${NAME}`, call.loc), call);
  if (call.fromLast && name !== 'nth_value') throw semanticError(ErrorCode.SYNTAX, near(`FROM FIRST|LAST syntax is not valid for function ${NAME}`, call.loc), call);
  const w = call.over;
  if (def) {
    if (call.distinct || call.star) throw semanticError(ErrorCode.SYNTAX, near(`Invalid aggregate function ${NAME}`, call.loc), call);
    const n = call.args.length;
    if (n < def.minArgs || n > def.maxArgs) {
      const range = def.minArgs === def.maxArgs ? `${def.minArgs}` : `between ${def.minArgs} and ${def.maxArgs}`;
      // The reference points at the first argument (no position without arguments).
      const at = call.args[0]?.loc;
      const message = `Number of arguments to function ${name === 'nth_value' ? name : NAME} must be ${range}`;
      throw semanticError(ErrorCode.WRONG_ARITY, at ? near(message, at) : `${message}.`, call);
    }
    if (def.needsOrder && !w.orderBy?.length) throw windowError(name, 'ORDER BY clause is required');
    if (def.noFrame && w.frame) throw windowError(name, 'window frame is not allowed');
    if ((name === 'lag' || name === 'lead' || name === 'nth_value') && call.args.length > 1 && !positiveIntegerOrParam(call.args[1])) {
      const n2 = call.args[1]!;
      // NTH_VALUE(x, 0) (or a negative integer) is the reference's run-time error.
      if (name === 'nth_value' && n2.kind === 'Literal' && Number.isInteger(n2.value)) {
        throw new QueryError({ code: ErrorCode.WINDOW_EVALUATION, phase: 'semantic', message: `Error evaluating Window function. - cause: ${near('nth_value() second argument', n2.loc, '')} must evaluate to a positive integer.` });
      }
      throw windowError(name, 'second value must be positive non zero integer');
    }
  }
  if (w.frame) checkFrame(name, w);
}

function checkFrame(name: string, w: WindowSpec): void {
  const f = w.frame!;
  if (!w.orderBy?.length) throw windowError(name, 'window frame is not allowed without ORDER BY');
  if (!f.end) {
    if (f.start.kind === 'UNBOUNDED FOLLOWING' || f.start.kind === 'FOLLOWING') throw windowError(name, 'invalid frame');
  } else {
    const s = f.start.kind;
    const e = f.end.kind;
    if (s === 'UNBOUNDED FOLLOWING' || e === 'UNBOUNDED PRECEDING' || (s === 'CURRENT ROW' && e === 'PRECEDING') || (s === 'FOLLOWING' && (e === 'CURRENT ROW' || e === 'PRECEDING'))) {
      throw windowError(name, 'invalid window frame');
    }
  }
  for (const b of [f.start, f.end]) {
    if (b && 'offset' in b && !validOffset(b, f.unit === 'RANGE')) throw windowError(name, 'window frame value expression is invalid');
  }
  const rangeOffset = f.unit === 'RANGE' && [f.start, f.end].some((b) => b && 'offset' in b);
  if (rangeOffset && w.orderBy.length > 1) throw windowError(name, 'multiple ORDER BY terms are not allowed');
}

/** A frame offset: a non-negative number (an integer unless RANGE) or a parameter (checked when run). */
function validOffset(b: FrameBound & { offset: Expr }, range: boolean): boolean {
  const e = b.offset;
  if (e.kind === 'NamedParam' || e.kind === 'PositionalParam') return true;
  return e.kind === 'Literal' && typeof e.value === 'number' && e.value >= 0 && (range || Number.isInteger(e.value));
}

function positiveIntegerOrParam(e: Expr): boolean {
  if (e.kind === 'NamedParam' || e.kind === 'PositionalParam') return true;
  return e.kind === 'Literal' && typeof e.value === 'number' && e.value > 0 && Number.isInteger(e.value);
}
