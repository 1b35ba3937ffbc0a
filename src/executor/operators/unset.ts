import { cloneValue } from '../../values/index.js';
import type { Unset } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { applyPath, metaPath } from '../set-path.js';
import { compileUpdatePath, updateTarget } from '../xattrs.js';

/** Unset: removes each path from the copy. Source: couchbase/query `execution/unset.go`. */
export function compileUnset(op: Unset, cx: CompileContext): CompiledOperator {
  const alias = cx.starAliases[0];
  const paths = op.unset_terms.map((u) => (metaPath(u.path, alias, 'UNSET'), compileUpdatePath(u.path, alias, cx.scope)));
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      for (const batch of input) {
        for (const row of batch) {
          for (const p of paths) applyPath(updateTarget(row, alias, p.xattr), p.path, undefined, row.env, rc);
          // Deleting fields leaves objects in V8's dictionary mode (slow properties), and every
          // later read of the document would pay for it: copied back to ordinary objects.
          row.clone = cloneValue(row.clone);
        }
        yield batch;
      }
    },
  };
}
