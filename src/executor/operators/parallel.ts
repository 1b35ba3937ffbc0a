import type { Parallel } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';

/**
 * Parallel: runs its child on the one worker a request has here (the reference runs several
 * copies; the operators under a Parallel need no order between rows, so one copy gives the same rows).
 */
export function compileParallel(op: Parallel, cx: CompileContext): CompiledOperator {
  return cx.compile(op['~child'], cx);
}
