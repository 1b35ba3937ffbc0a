import type { Expr } from '../ast/index.js';
import { someExpr } from '../ast/index.js';
import { compileExpr, constantValue, NOT_CONSTANT, rootEnv, type ExecContext } from '../eval/index.js';
import { lookupFunction } from '../eval/functions/registry.js';
import type { Value } from '../values/index.js';

/**
 * True if an expression's value is the same for every document: literals, parameters (unless
 * `withParameters` is false), constructors and non-volatile functions of those. Such
 * expressions can bound an index span.
 */
export function isStatic(e: Expr, withParameters = true): boolean {
  return !someExpr(e, (x) => {
    switch (x.kind) {
      case 'NamedParam':
      case 'PositionalParam':
        return !withParameters;
      case 'Identifier':
      case 'Self':
      case 'Subquery':
      case 'Collection':
      case 'ArrayFor':
      case 'ObjectFor':
      case 'SequenceValue':
        return true;
      case 'FunctionCall': {
        const name = x.name.toLowerCase();
        if (name === 'meta') return true;
        const def = lookupFunction(name);
        return !def || !!def.volatile;
      }
      default:
        return false;
    }
  });
}

/** True if the expression mentions the variable `v` (outside nested rebindings it may shadow). */
export function mentionsVariable(e: Expr, v: string): boolean {
  return someExpr(e, (x) => x.kind === 'Identifier' && x.name === v);
}

/** The context constant folding evaluates in: no parameters, nothing to warn about. */
const FOLD_CONTEXT: ExecContext = { named: {}, positional: [], warn: () => {}, now: 0 };

/**
 * The value of a constant expression, folded (spec §10.2: options "built from foldable
 * expressions" compare by value, so `{"case": "UP" || "PER"}` is `{"case": "UPPER"}`): literals
 * and constructors as `constantValue` reads them, else a static expression without parameters
 * (operators and non-volatile functions of constants), evaluated once. NOT_CONSTANT for anything
 * that depends on a document, a variable or a parameter, and when the evaluation fails.
 */
export function foldedConstant(e: Expr): Value | typeof NOT_CONSTANT {
  const c = constantValue(e);
  if (c !== NOT_CONSTANT || e.kind === 'Identifier' || e.kind === 'NamedParam' || e.kind === 'PositionalParam') return c;
  if (!isStatic(e, false)) return NOT_CONSTANT;
  try {
    return compileExpr(e, { names: new Set(), keyspaceAliases: [] })(rootEnv(), FOLD_CONTEXT);
  } catch {
    return NOT_CONSTANT;
  }
}
