import { ErrorCode, QueryError } from '../../errors/index.js';
import type { IntermediateGroup } from '../../planner/index.js';
import { canonicalKey } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';

/**
 * IntermediateGroup: merges the partial groups of the InitialGroups before it. A request runs
 * one InitialGroup here (Parallel has one worker), so each group arrives once and passes on; a
 * group arriving twice would mean partial groups to merge, which this executor never makes
 * (error 5040, the reference's E_DUPLICATE_FINAL_GROUP). Source: couchbase/query
 * `execution/intermediate_group.go`.
 */
export function compileIntermediateGroup(op: IntermediateGroup, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: function* (input): RowStream {
      const seen = new Set<string>();
      for (const batch of input) {
        for (let bi = 0, bn = batch.length; bi < bn; bi++) {
          const row = batch[bi]!;
          const id = op.group_keys.length ? canonicalKey(row.group!.keys) : '';
          if (seen.has(id)) throw new QueryError({ code: ErrorCode.INTERNAL, phase: 'execution', message: 'Duplicate Final Group.' });
          seen.add(id);
        }
        yield batch;
      }
    },
  };
}
