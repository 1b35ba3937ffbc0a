/** Shared helpers of the syntax tests: parse without locations, print after parse. */
import type { Expr, Statement } from '../../../src/ast/index.js';
import { parseExpression, parseStatement, printExpr, printStatement } from '../../../src/syntax/index.js';

/** A deep copy of `x` without `loc` and `aliasLoc` members (and without `undefined` members). */
export function stripLoc<T>(x: T): T {
  if (Array.isArray(x)) return x.map(stripLoc) as T;
  if (x === null || typeof x !== 'object') return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (k !== 'loc' && k !== 'aliasLoc' && v !== undefined) out[k] = stripLoc(v);
  return out as T;
}

/** The AST of a statement, without locations. */
export const stmt = (s: string): Statement => stripLoc(parseStatement(s));
/** The AST of an expression, without locations. */
export const expr = (s: string): Expr => stripLoc(parseExpression(s));
/** An expression parsed and printed (fully parenthesised). */
export const show = (s: string): string => printExpr(parseExpression(s));
/** A statement parsed and printed. */
export const showStatement = (s: string): string => printStatement(parseStatement(s));

/** Shorthands for expected AST fragments. */
export const id = (name: string): Expr => ({ kind: 'Identifier', name });
export const lit = (value: unknown): Expr => ({ kind: 'Literal', value }) as Expr;
export const call = (name: string, ...args: Expr[]): Expr => ({ kind: 'FunctionCall', name, args });
export const field = (target: Expr, name: string): Expr => ({ kind: 'Field', target, name });
export const bin = (op: string, left: Expr, right: Expr): Expr => ({ kind: 'Binary', op, left, right }) as Expr;
