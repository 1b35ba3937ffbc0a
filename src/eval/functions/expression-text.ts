/**
 * Evaluating N1QL expression text inside a function (OBJECT_FIELD). The compiler registers the
 * evaluator at start-up (compile-expr.ts), so that the function families need not import the
 * compiler, which imports them.
 */
import type { Value } from '../../values/index.js';
import type { FunctionContext } from './function-def.js';

/** Parses `text` as an expression and evaluates it with `item` as the current document. */
export type ExpressionTextEvaluator = (text: string, item: Value, ctx: FunctionContext) => Value;

let evaluator: ExpressionTextEvaluator | undefined;

/** Installs the evaluator (called once by the compiler module). */
export function setExpressionTextEvaluator(e: ExpressionTextEvaluator): void {
  evaluator = e;
}

/** Evaluates expression text against `item`; see ExpressionTextEvaluator. */
export function evaluateExpressionText(text: string, item: Value, ctx: FunctionContext): Value {
  if (!evaluator) throw new Error('expression text evaluator not installed');
  return evaluator(text, item, ctx);
}
