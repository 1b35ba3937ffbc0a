import { someExpr, type Expr } from '../ast/index.js';
import { lookupFunction } from '../eval/functions/registry.js';
import { isStatic } from '../semantic/static-expr.js';

/** What a predicate is NULL-rejecting in: a variable's name, or a test for the expression (an index key). */
export type Subject = string | ((e: Expr) => boolean);

function isSubject(e: Expr, v: Subject): boolean {
  return typeof v === 'string' ? e.kind === 'Identifier' && e.name === v : v(e);
}

/**
 * True if `e` is built from the subject `v` and static values only through operations that
 * give MISSING or NULL when `v` is NULL (strict functions, arithmetic, `||`, paths), so it is
 * never MISSING for a valued `v` either … except through paths, which `allowPaths` admits.
 */
export function strictOf(e: Expr, v: Subject, allowPaths: boolean): boolean {
  if (isSubject(e, v)) return true;
  if (isStatic(e)) return true;
  switch (e.kind) {
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
 * True if the predicate can only be TRUE when the subject `v` is not NULL: a comparison,
 * LIKE, IN or BETWEEN that mentions `v` and whose operands depend on it only strictly, or an
 * AND with such a part.
 * Used to decide that a non-exact ANY scan may skip NULL index entries (spec §10.1).
 */
export function nullRejecting(pred: Expr, v: Subject): boolean {
  if (pred.kind === 'Binary' && pred.op === 'AND') return nullRejecting(pred.left, v) || nullRejecting(pred.right, v);
  // A part that does not mention the subject (`1 = 1`, `$p = 1`) rejects nothing.
  return someExpr(pred, (e) => isSubject(e, v)) && rejectsNull(pred, v);
}

/** {@link nullRejecting} of one predicate that mentions the subject. */
function rejectsNull(pred: Expr, v: Subject): boolean {
  switch (pred.kind) {
    case 'Binary':
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
