import type { Binary, Collection, Expr, FunctionCall } from '../ast/index.js';
import { containsToken, containsTokenMatcher } from '../tokens/contains-token.js';
import { parseTokenOptions, tokenOptionProblems, type TokenOptions } from '../tokens/options.js';
import { isObject, type Value } from '../values/index.js';
import { constantValue, NOT_CONSTANT } from './compile-call.js';
import type { Compile } from './compile-path.js';
import type { Evaluator, Scope } from './scope.js';

/**
 * True for an operand the early-exit form may evaluate once, outside the loop, in place of once
 * per token: a literal, a parameter, or a path of field steps (`a`, `a.b.c`, SELF) that does not
 * name the ANY's variable. Such an operand has one value per row and no side effect; a
 * parameter that is not given raises its error, and then the ANY is evaluated as written (which
 * evaluates the operand only when there is a token).
 */
function rowConstant(e: Expr, variable: string): boolean {
  switch (e.kind) {
    case 'Literal':
      return e.coveredCondition === undefined;
    case 'NamedParam':
    case 'PositionalParam':
    case 'Self':
      return true;
    case 'Identifier':
      return e.name !== variable;
    case 'Field':
      return e.coveredKey === undefined && rowConstant(e.target, variable);
    default:
      return false;
  }
}

/** The `TOKENS(x [, o])` call a binding ranges over, if it is a plain call of TOKENS. */
function tokensCall(e: Expr): FunctionCall | undefined {
  if (e.kind !== 'FunctionCall' || e.name.toLowerCase() !== 'tokens') return undefined;
  if (e.args.length < 1 || e.args.length > 2 || e.distinct || e.star || e.filter || e.over || e.pathOperator) return undefined;
  return e;
}

/** The operand compared with the variable in `v = c` or `c = v`, if the condition is one. */
function comparedOperand(e: Expr, variable: string): Expr | undefined {
  if (e.kind !== 'Binary' || (e as Binary).op !== '=') return undefined;
  const { left, right } = e as Binary;
  const isVar = (x: Expr): boolean => x.kind === 'Identifier' && x.name === variable;
  if (isVar(left) && rowConstant(right, variable)) return right;
  if (isVar(right) && rowConstant(left, variable)) return left;
  return undefined;
}

/**
 * `ANY v IN TOKENS(x [, o]) SATISFIES v = c END` (or `c = v`; SOME is ANY) compiled as the
 * early-exit CONTAINS_TOKEN search: no token array is built and the search stops at the first
 * token equal to `c`. Returns undefined for any other ANY, which is compiled as written.
 *
 * The value is the ANY's, row for row (issue 19 §4; reference answers in
 * test/eval/any-tokens-rewrite.test.ts):
 * - `x` or `o` MISSING → MISSING (TOKENS is MISSING, and ANY over MISSING is MISSING);
 * - `o` given and not an object → NULL (TOKENS is NULL, and ANY over NULL is NULL);
 * - otherwise TRUE exactly when some token of TOKENS(x, o) equals `c` (strings exactly, after
 *   the options' case folding; numbers by value; booleans by value), else FALSE — so FALSE for
 *   a NULL or MISSING `c`, and for `x` NULL (its one token is NULL, which equals nothing).
 * The options' warnings are those TOKENS gives. `c` is evaluated once per row (it cannot depend
 * on `v`); if it raises an error, or is NaN, the ANY is evaluated as written instead.
 * Source of the equivalence: TOKENS / CONTAINS_TOKEN (src/tokens/contains-token.ts, spec §6),
 * couchbase/query `expression/coll_any.go` (MISSING/NULL collection rules).
 */
export function compileAnyTokensEquals(e: Collection, scope: Scope, compile: Compile, asWritten: () => Evaluator): Evaluator | undefined {
  if (e.quantifier !== 'ANY' || e.bindings.length !== 1) return undefined;
  const [b] = e.bindings;
  if (b.within || b.nameVariable !== undefined) return undefined;
  const call = tokensCall(b.expr);
  const operand = call && comparedOperand(e.satisfies, b.variable);
  if (!call || !operand) return undefined;
  const subject = compile(call.args[0], scope);
  const optionsArg = call.args.length > 1 ? call.args[1] : undefined;
  const options = optionsArg ? compile(optionsArg, scope) : undefined;
  const constOptions = optionsArg ? constantValue(optionsArg) : NOT_CONSTANT;
  // Options given as a constant object are parsed once (parseTokenOptions does not cache).
  const parsedConst: TokenOptions | undefined = constOptions !== NOT_CONSTANT && isObject(constOptions) ? parseTokenOptions(constOptions) : undefined;
  const token = compile(operand, scope);
  // The ANY as written, for a compared value that raises an error or is NaN; a literal is
  // neither, so then it is not compiled (nor are its subexpressions compiled twice).
  const slow = operand.kind === 'Literal' ? undefined : asWritten();
  // A literal compared with the tokens and constant (or no) options: the search is made once.
  const constToken = operand.kind === 'Literal' ? constantValue(operand) : NOT_CONSTANT;
  const fixedOptions = optionsArg === undefined ? parseTokenOptions(undefined) : parsedConst;
  if (constToken !== NOT_CONSTANT && constToken !== undefined && constToken !== null && constToken === constToken && fixedOptions !== undefined) {
    const matches = containsTokenMatcher(constToken, fixedOptions);
    const problems = tokenOptionProblems(constOptions === NOT_CONSTANT ? undefined : constOptions);
    return (env, ctx) => {
      const x = subject(env, ctx);
      if (x === undefined) return undefined;
      for (let i = 0; i < problems.length; i++) ctx.warn(problems[i]!);
      return matches(x);
    };
  }
  return (env, ctx) => {
    const x = subject(env, ctx);
    let opts: TokenOptions;
    if (options) {
      const o: Value = options(env, ctx);
      if (x === undefined || o === undefined) return undefined;
      if (!isObject(o)) return null;
      for (const p of tokenOptionProblems(o)) ctx.warn(p);
      opts = parsedConst !== undefined && o === constOptions ? parsedConst : parseTokenOptions(o);
    } else {
      if (x === undefined) return undefined;
      opts = parseTokenOptions(undefined);
    }
    let c: Value;
    if (slow === undefined) c = token(env, ctx);
    else {
      try {
        c = token(env, ctx);
      } catch {
        return slow(env, ctx);
      }
    }
    if (c === undefined || c === null) return false;
    if (c !== c) return slow === undefined ? false : slow(env, ctx);
    return containsToken(x, c, opts);
  };
}
