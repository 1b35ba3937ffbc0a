import { compileExpr } from '../../eval/index.js';
import type { SetOp } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { applyPath, compileSetTerms } from '../set-path.js';
import { compileUpdatePath, updateTarget, xattrSubpath } from '../xattrs.js';

/**
 * Set: every value is computed from the document as read, then written into the copy; `SET
 * META().expiration = n` gives the row the expiration SendUpdate writes, and `SET
 * META().xattrs.name = v` writes into the copy of the document's extended attributes.
 * Source: couchbase/query `execution/set.go`.
 */
export function compileSet(op: SetOp, cx: CompileContext): CompiledOperator {
  const alias = cx.starAliases[0];
  const isXattr = (t: SetOp['set_terms'][number]) => xattrSubpath(t.path, alias, cx.scope) !== undefined;
  const sets = compileSetTerms(op.set_terms.filter((t) => !isXattr(t)), alias, cx.scope);
  const xsets = op.set_terms.filter(isXattr).map((s) => ({ ...compileUpdatePath(s.path, alias, cx.scope), value: compileExpr(s.value, cx.scope) }));
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      for (const batch of input) {
        for (const row of batch) {
          const xvalues = xsets.map((s) => s.value(row.env, rc));
          const r = sets(row.env, rc);
          row.clone = r.apply(row.clone);
          xsets.forEach((s, i) => applyPath(updateTarget(row, alias, true), s.path, xvalues[i], row.env, rc));
          if (r.expiration !== undefined) row.expiration = r.expiration;
        }
        yield batch;
      }
    },
  };
}
