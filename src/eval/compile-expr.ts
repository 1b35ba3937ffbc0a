import type { Expr } from '../ast/index.js';
import { compileArrayConstruct, compileCall, compileLiteral, compileMetaId, compileObjectConstruct, compileSubquery } from './compile-call.js';
import { compileArrayFor, compileCollection, compileObjectFor } from './compile-collection.js';
import { compileBetween, compileBinary, compileCase, compileExists, compileIn, compileIs, compileLikeOp, compileUnary } from './compile-operators.js';
import {
  compileDynamicField,
  compileElement,
  compileField,
  compileIdentifier,
  compileNamedParam,
  compilePositionalParam,
  compileSlice,
} from './compile-path.js';
import type { Evaluator, Scope } from './scope.js';
import { compileSequenceValue } from './compile-sequence.js';
import { compileXattrsField } from './compile-xattrs.js';
import { rootEnv } from './env.js';
import { setExpressionTextEvaluator } from './functions/expression-text.js';
import { parseExpression } from '../syntax/parse.js';

type CompilerMap = { [K in Expr['kind']]: (e: Extract<Expr, { kind: K }>, scope: Scope) => Evaluator };

/** One compiler per expression kind; a new kind without one fails to compile (exhaustive map). */
const COMPILERS: CompilerMap = {
  Literal: (e) => compileLiteral(e),
  ArrayConstruct: (e, s) => compileArrayConstruct(e, s, compileExpr),
  ObjectConstruct: (e, s) => compileObjectConstruct(e, s, compileExpr),
  Identifier: (e, s) => compileIdentifier(e, s),
  Self: (_e, s) => {
    const alias = s.defaultAlias;
    return alias === undefined ? () => undefined : (env) => env[alias];
  },
  Field: (e, s) => compileXattrsField(e, s) ?? compileMetaId(e, s) ?? compileField(e, s, compileExpr),
  DynamicField: (e, s) => compileDynamicField(e, s, compileExpr),
  Element: (e, s) => compileElement(e, s, compileExpr),
  Slice: (e, s) => compileSlice(e, s, compileExpr),
  NamedParam: (e) => compileNamedParam(e),
  PositionalParam: (e) => compilePositionalParam(e),
  Unary: (e, s) => compileUnary(e, s, compileExpr),
  Binary: (e, s) => compileBinary(e, s, compileExpr),
  Like: (e, s) => compileLikeOp(e, s, compileExpr),
  In: (e, s) => compileIn(e, s, compileExpr),
  Between: (e, s) => compileBetween(e, s, compileExpr),
  Is: (e, s) => compileIs(e, s, compileExpr),
  Case: (e, s) => compileCase(e, s, compileExpr),
  Collection: (e, s) => compileCollection(e, s, compileExpr),
  ArrayFor: (e, s) => compileArrayFor(e, s, compileExpr),
  ObjectFor: (e, s) => compileObjectFor(e, s, compileExpr),
  Exists: (e, s) => compileExists(e, s, compileExpr),
  FunctionCall: (e, s) => compileCall(e, s, compileExpr),
  Subquery: (e, s) => compileSubquery(e, s),
  SequenceValue: (e) => compileSequenceValue(e),
};

/**
 * Compiles an expression into a closure over a row environment. Raises QueryError in phase
 * `semantic` for unknown functions and wrong arity (3000, as the reference's parser raises them)
 * and misplaced aggregates (4000); the closure raises QueryError 5010 for evaluation errors
 * (e.g. invalid patterns).
 */
export function compileExpr(e: Expr, scope: Scope): Evaluator {
  return (COMPILERS[e.kind] as (e: Expr, scope: Scope) => Evaluator)(e, scope);
}

/** Name under which OBJECT_FIELD's document is bound (unwritable in N1QL: it starts with NUL). */
const TEXT_ITEM = '\u0000item';

// OBJECT_FIELD evaluates expression text against an object (functions/expression-text.ts).
setExpressionTextEvaluator((text, item, fctx) => {
  const scope: Scope = { names: new Set([TEXT_ITEM]), defaultAlias: TEXT_ITEM, keyspaceAliases: [] };
  const evaluate = compileExpr(parseExpression(text), scope);
  const env = rootEnv();
  env[TEXT_ITEM] = item;
  return evaluate(env, { named: {}, positional: [], warn: (m) => fctx.warn(m), now: Date.now() });
});
