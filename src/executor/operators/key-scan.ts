import { childEnv, compileExpr, rootEnv } from '../../eval/index.js';
import type { KeyScan } from '../../planner/index.js';
import type { Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { batched } from '../runtime.js';

/** USE KEYS values: a string or an array of strings (others are ignored), in the order given. */
function keysOf(v: Value): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((k): k is string => typeof k === 'string');
  return [];
}

/** KeyScan: the keys of USE KEYS (evaluated in the enclosing query's scope), for the Fetch after it. */
export function compileKeyScan(op: KeyScan, cx: CompileContext): CompiledOperator {
  const keys = compileExpr(op.keys, cx.base);
  return {
    cx,
    run: (_input, outer, rc) => batched(keysOf(keys(outer ?? rootEnv(), rc)).map((key) => ({ env: outer ? childEnv(outer) : rootEnv(), key }))),
  };
}
