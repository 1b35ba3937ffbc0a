import { aggregateSlot, childEnv, childScope, rootEnv } from '../../eval/index.js';
import type { FinalGroup } from '../../planner/index.js';
import { aggregateKey } from '../../planner/aggregate-calls.js';
import { createAccumulator } from '../aggregates.js';
import { AggregateSlots, type CompileContext, type CompiledOperator } from '../operator-context.js';
import type { Row, RowStream } from '../runtime.js';

/**
 * FinalGroup: one row per group, binding each aggregate's value (for the projection, LETTING,
 * HAVING and ORDER BY) and the GROUP BY aliases. Without GROUP BY keys there is one group even
 * for no input (`SELECT COUNT(*)` over nothing gives 0). Source: couchbase/query `execution/final_group.go`.
 */
export function compileFinalGroup(op: FinalGroup, cx: CompileContext): CompiledOperator {
  const slots = new AggregateSlots(op.aggregates, aggregateKey);
  const aliases = op._aliases ?? [];
  const names = [...aliases.filter((a): a is string => a !== null), ...(op._group_as !== undefined ? [op._group_as] : [])];
  return {
    cx: { ...cx, scope: { ...childScope(cx.scope, names), aggregates: slots } },
    run: function* (input, outer): RowStream {
      let any = false;
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        const out: Row[] = new Array(batch.length);
        for (let i = 0; i < batch.length; i++) {
          any = true;
          const g = batch[i].group!;
          const env = childEnv(batch[i].env);
          for (let j = 0; j < g.accs.length; j++) env[aggregateSlot(j)] = g.accs[j].result();
          aliases.forEach((a, j) => {
            if (a !== null) env[a] = g.keys[j];
          });
          if (op._group_as !== undefined) env[op._group_as] = g.groupAs ?? [];
          out[i] = { env };
        }
        yield out;
      }
      if (!any && op.group_keys.length === 0) {
        const env = childEnv(outer ? childEnv(outer) : rootEnv());
        op.aggregates.forEach((c, j) => (env[aggregateSlot(j)] = createAccumulator(c).result()));
        yield [{ env }];
      }
    },
  };
}
