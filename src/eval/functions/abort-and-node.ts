/**
 * ABORT(v), MIN_VERSION() and NODE_NAME(): the reference's flow-control and node functions that
 * need no cluster. Source: couchbase/query `expression/func_registry.go` (names),
 * `func_control.go` (Abort), `func_meta.go` (MinVersion), `func_distributed.go` (NodeName);
 * values from the reference engine (n1ql-reference).
 */
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { FunctionDef } from './function-def.js';
import { marshalJSON } from './go-json.js';

export const abortAndNodeFunctions: FunctionDef[] = [
  {
    /**
     * ABORT(v): stops the statement with error 5011 `Abort: T. - cause: T`, T being `v` as text
     * (a string as it is, MISSING as `missing`, another value as its JSON text). Evaluated per
     * row, never folded at compile time: `SELECT ABORT(x) FROM [] x` returns no rows.
     */
    name: 'ABORT',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    volatile: true,
    fn: ([v]) => {
      const text = typeof v === 'string' ? v : v === undefined ? 'missing' : marshalJSON(v);
      throw new QueryError({ code: ErrorCode.ABORT, phase: 'execution', message: `Abort: ${text}. - cause: ${text}` });
    },
  },
  /** MIN_VERSION(): the oldest version of the engine in the cluster, "1.0.0" as the reference answers alone. */
  { name: 'MIN_VERSION', minArgs: 0, maxArgs: 0, nulls: 'strict', fn: () => '1.0.0' },
  /** NODE_NAME(): the name of the node running the statement; "" (tokenql is one process, the reference alone answers "" too). */
  { name: 'NODE_NAME', minArgs: 0, maxArgs: 0, nulls: 'strict', fn: () => '' },
];
