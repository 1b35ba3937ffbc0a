import type { Expr } from '../ast/index.js';
import { lookupFunction } from '../eval/functions/registry.js';
import { isStatic } from './static-expr.js';

/**
 * True if `e` is built from the variable `v` and static values only through operations that
 * give MISSING or NULL when `v` is NULL (strict functions, arithmetic, `||`, paths), so it is
 * never MISSING for a valued `v` either … except through paths, which `allowPaths` admits.
 */
export function strictOf(e: Expr, v: string, allowPaths: boolean): boolean {
  if (isStatic(e)) return true;
  switch (e.kind) {
    case 'Identifier':
      return e.name === v;
    case 'FunctionCall': {
      const def = lookupFunction(e.name);
      return !!def && def.nulls === 'strict' && !def.volatile && e.args.every((a) => strictOf(a, v, allowPaths));
    }
    case 'Binary':
      return ['+', '-', '*', '/', '%', '||'].includes(e.op) && strictOf(e.left, v, allowPaths) && strictOf(e.right, v, allowPaths);
    case 'Unary':
      return e.op === 'NEG' && strictOf(e.operand, v, allowPaths);
    case 'Field':
      return allowPaths && strictOf(e.target, v, allowPaths);
    case 'Element':
      return allowPaths && strictOf(e.target, v, allowPaths) && isStatic(e.index);
    default:
      return false;
  }
}

/**
 * True if the predicate can only be TRUE when the variable `v` is not NULL: a comparison,
 * LIKE, IN or BETWEEN whose operands depend on `v` only strictly, or an AND with such a part.
 * Used to decide that a non-exact ANY scan may skip NULL index entries (spec §10.1).
 */
export function nullRejecting(pred: Expr, v: string): boolean {
  switch (pred.kind) {
    case 'Binary':
      if (pred.op === 'AND') return nullRejecting(pred.left, v) || nullRejecting(pred.right, v);
      if (!['=', '!=', '<', '<=', '>', '>='].includes(pred.op)) return false;
      return strictOf(pred.left, v, true) && strictOf(pred.right, v, true);
    case 'Like':
      return !pred.not && strictOf(pred.operand, v, true) && isStatic(pred.pattern);
    case 'In':
      return strictOf(pred.operand, v, true) && isStatic(pred.collection);
    case 'Between':
      return strictOf(pred.operand, v, true) && isStatic(pred.low) && isStatic(pred.high);
    case 'FunctionCall': {
      const def = lookupFunction(pred.name);
      return !!def && def.nulls === 'strict' && pred.args.every((a) => strictOf(a, v, true));
    }
    default:
      return false;
  }
}
