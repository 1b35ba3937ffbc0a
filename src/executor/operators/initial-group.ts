import { compileExpr, type Evaluator } from '../../eval/index.js';
import type { InitialGroup } from '../../planner/index.js';
import { canonicalKey, type Value } from '../../values/index.js';
import { checkAggregateCall, createAccumulator, type Accumulator } from '../aggregates.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { batched, due, PAUSE, type Row, type RowStream } from '../runtime.js';

/**
 * InitialGroup: groups its input by the GROUP BY values (equivalence) and accumulates every
 * aggregate of the block per group; emits one row per group, carrying the group's keys and
 * accumulators, in the environment of the group's first row. Source: couchbase/query
 * `execution/initial_group.go`.
 */
export function compileInitialGroup(op: InitialGroup, cx: CompileContext): CompiledOperator {
  const keys: Evaluator[] = op.group_keys.map((k) => compileExpr(k, cx.scope));
  const args = op.aggregates.map((call) => {
    checkAggregateCall(call);
    return call.star ? undefined : compileExpr(call.args[0], cx.scope);
  });
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      const groups = new Map<string, Row & { group: { keys: Value[]; accs: Accumulator[] } }>();
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        for (const row of batch) {
          const kv = keys.map((k) => k(row.env, rc));
          const id = keys.length ? canonicalKey(kv) : '';
          let g = groups.get(id);
          if (!g) {
            g = { env: row.env, group: { keys: kv, accs: op.aggregates.map((c) => createAccumulator(c)) } };
            groups.set(id, g);
          }
          const accs = g.group.accs;
          for (let i = 0; i < args.length; i++) {
            const a = args[i];
            accs[i].add(a ? a(row.env, rc) : null);
          }
        }
        if (due(rc)) yield PAUSE;
      }
      yield* batched(groups.values());
    },
  };
}
