import { childEnv, type Evaluator } from '../eval/index.js';
import type { RowStream, RunContext, Row } from './runtime.js';

/**
 * UNNEST: one output row per element of the array `expr`, with the element bound to `alias`.
 * OUTER UNNEST keeps a row whose array is missing or empty (alias MISSING).
 * Source: couchbase/query `execution/unnest.go`.
 */
export function* unnest(input: RowStream, expr: Evaluator, alias: string, outer: boolean, rc: RunContext): RowStream {
  for (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      const v = expr(row.env, rc);
      if (Array.isArray(v) && v.length > 0) {
        for (const item of v) {
          const env = childEnv(row.env);
          env[alias] = item;
          out.push({ env });
        }
      } else if (outer) {
        out.push({ env: childEnv(row.env) });
      }
    }
    if (out.length) yield out;
  }
}
