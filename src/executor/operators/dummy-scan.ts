import { childEnv, rootEnv } from '../../eval/index.js';
import type { DummyScan } from '../../planner/index.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';

/** DummyScan: one empty row (in the enclosing query's environment, for a subquery). */
export function compileDummyScan(_op: DummyScan, cx: CompileContext): CompiledOperator {
  return {
    cx: { ...cx, scope: blockScope(cx.base, [], undefined, false), starAliases: [] },
    run: (_input, outer) => [[{ env: outer ? childEnv(outer) : rootEnv() }]],
  };
}
