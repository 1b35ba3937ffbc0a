import type { FunctionCall } from '../ast/index.js';
import { containsTokenMatcher } from '../tokens/contains-token.js';
import { parseTokenOptions, tokenOptionProblems } from '../tokens/options.js';
import { isObject, type Value } from '../values/index.js';
import { constantValue, NOT_CONSTANT } from './compile-call.js';
import type { Compile } from './compile-path.js';
import type { Evaluator, Scope } from './scope.js';

/**
 * `CONTAINS_TOKEN(x, t [, o])` (alias HAS_TOKEN) whose token `t` is a constant other than
 * MISSING and NULL and whose options `o` are absent or a constant object: the matcher for `t`
 * and `o` is made once (tokens/contains-token.ts `containsTokenMatcher`) and each row only
 * evaluates `x` — MISSING → MISSING, NULL → NULL, else the search, with the options' warnings,
 * as the function itself (src/eval/functions/token.ts, spec §2 and §6). Returns undefined for
 * any other call, which is compiled as a plain function call.
 */
export function compileContainsTokenCall(e: FunctionCall, scope: Scope, compile: Compile): Evaluator | undefined {
  if (e.args.length < 2 || e.args.length > 3) return undefined;
  const token = constantValue(e.args[1]);
  if (token === NOT_CONSTANT || token === undefined || token === null) return undefined;
  const o: Value | typeof NOT_CONSTANT = e.args.length === 3 ? constantValue(e.args[2]) : undefined;
  if (o === NOT_CONSTANT || (e.args.length === 3 && !isObject(o))) return undefined;
  const problems = tokenOptionProblems(o);
  const matches = containsTokenMatcher(token, parseTokenOptions(o));
  const subject = compile(e.args[0], scope);
  return (env, ctx) => {
    const x = subject(env, ctx);
    if (x === undefined) return undefined;
    if (x === null) return null;
    for (let i = 0; i < problems.length; i++) ctx.warn(problems[i]!);
    return matches(x);
  };
}
