import { compileExpr, rootEnv } from '../../eval/index.js';
import type { ValueScan } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { batched } from '../runtime.js';

/** ValueScan: the `(KEY, VALUE[, OPTIONS])` rows of INSERT … VALUES, evaluated. Source: couchbase/query `execution/scan_value.go`. */
export function compileValueScan(op: ValueScan, cx: CompileContext): CompiledOperator {
  const rows = op.values.map((v) => ({
    key: compileExpr(v.key, cx.base),
    value: v.value ? compileExpr(v.value, cx.base) : undefined,
    options: v.options ? compileExpr(v.options, cx.base) : undefined,
  }));
  return {
    cx,
    run: (_input, _outer, rc) =>
      // One environment per document: NEXT VALUE FOR gives each its own value (the same for its key and value).
      batched(
        rows.map((r) => {
          const env = rootEnv();
          return { env, pair: { key: r.key(env, rc), value: r.value?.(env, rc), ...(r.options ? { options: r.options(env, rc) } : {}) } };
        }),
      ),
  };
}
