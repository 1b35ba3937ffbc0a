import type { Expr } from '../ast/index.js';
import { someExpr } from '../ast/index.js';
import { lookupFunction } from '../eval/functions/registry.js';

/**
 * True if an expression's value is the same for every document: literals, parameters,
 * constructors and non-volatile functions of those. Such expressions can bound an index span.
 */
export function isStatic(e: Expr): boolean {
  return !someExpr(e, (x) => {
    switch (x.kind) {
      case 'Identifier':
      case 'Self':
      case 'Subquery':
      case 'Collection':
      case 'ArrayFor':
      case 'ObjectFor':
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
