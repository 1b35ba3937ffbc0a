import { childEnv, childScope, compileExpr } from '../../eval/index.js';
import type { Unnest } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { BATCH_SIZE, due, PAUSE, type Row, type RowStream } from '../runtime.js';

/**
 * Unnest: one row per element of the array, bound to the alias; OUTER keeps a row whose array
 * is MISSING or empty. Output comes in batches of at most BATCH_SIZE rows however long the
 * arrays are, with a pause whenever a slice of work is used up (a row with a 10,000-element
 * array never holds the loop). Source: couchbase/query `execution/unnest.go`.
 */
export function compileUnnest(op: Unnest, cx: CompileContext): CompiledOperator {
  const expr = compileExpr(op.expr, cx.scope);
  const alias = op.as;
  const outerJoin = !!op.outer;
  return {
    cx: { ...cx, scope: childScope(cx.scope, [alias], true), starAliases: [...cx.starAliases, alias] },
    run: function* (input, _outer, rc): RowStream {
      let out: Row[] = [];
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        for (let bi = 0, bn = batch.length; bi < bn; bi++) {
          const row = batch[bi]!;
          const v = expr(row.env, rc);
          if (Array.isArray(v) && v.length > 0) {
            for (let i = 0; i < v.length; i++) {
              const env = childEnv(row.env);
              env[alias] = v[i];
              out.push({ env });
              if (out.length >= BATCH_SIZE) {
                yield out;
                out = [];
                if (due(rc)) yield PAUSE;
              }
            }
          } else if (outerJoin) {
            out.push({ env: childEnv(row.env) });
          }
        }
        if (out.length) {
          yield out;
          out = [];
        }
      }
    },
  };
}
