import type { SetOp } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { compileSetTerms } from '../set-path.js';

/**
 * Set: every value is computed from the document as read, then written into the copy; `SET
 * META().expiration = n` gives the row the expiration SendUpdate writes. Source: couchbase/query
 * `execution/set.go`.
 */
export function compileSet(op: SetOp, cx: CompileContext): CompiledOperator {
  const alias = cx.starAliases[0];
  const sets = compileSetTerms(op.set_terms, alias, cx.scope);
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      for (const batch of input) {
        for (const row of batch) {
          const r = sets(row.env, rc);
          r.apply(row.clone);
          if (r.expiration !== undefined) row.expiration = r.expiration;
        }
        yield batch;
      }
    },
  };
}
