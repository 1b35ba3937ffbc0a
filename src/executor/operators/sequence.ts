import type { Sequence } from '../../planner/index.js';
import type { CompileContext, CompiledOperator, RunOperator } from '../operator-context.js';

/** Sequence: each child reads the stream of the one before; the first reads the Sequence's input. */
export function compileSequence(op: Sequence, cx: CompileContext): CompiledOperator {
  const runs: RunOperator[] = [];
  let c = cx;
  for (const child of op['~children']) {
    const compiled = cx.compile(child, c);
    runs.push(compiled.run);
    c = compiled.cx;
  }
  return {
    cx: c,
    run: (input, outer, rc) => {
      let s = input;
      for (const r of runs) s = r(s, outer, rc);
      return s;
    },
  };
}
