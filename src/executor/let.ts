import { childEnv, type Evaluator } from '../eval/index.js';
import type { Row, RowStream, RunContext } from './runtime.js';

/** LET / LETTING: binds each variable, in order (a later binding sees the earlier ones). */
export function* letBindings(input: RowStream, bindings: { name: string; expr: Evaluator }[], rc: RunContext): RowStream {
  for (const batch of input) {
    const out: Row[] = new Array(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const env = childEnv(batch[i].env);
      for (const b of bindings) env[b.name] = b.expr(env, rc);
      out[i] = { env, out: batch[i].out };
    }
    yield out;
  }
}
