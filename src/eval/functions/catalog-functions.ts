import { ErrorCode, QueryError } from '../../errors/index.js';
import { inferOptions, inferSchema } from '../../infer/infer-schema.js';
import type { Value } from '../../values/index.js';
import type { FunctionContext, FunctionDef } from './function-def.js';

/**
 * Functions that read the database's catalogue through `ctx.catalog` (the engine's): INFER (the
 * `#INFER_*` functions INFER statements and `(INFER …)` subqueries are read as, syntax/visit-infer.ts)
 * and EXTRACTDDL. They are volatile: the catalogue changes between statements.
 */

function catalog(ctx: FunctionContext, what: string) {
  if (!ctx.catalog) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: `${what} is not supported here` });
  return ctx.catalog;
}

/** EXTRACTDDL's flags: every kind when absent (couchbase/query `expression/func_extractddl.go`). */
const DDL_KINDS = ['bucket', 'scope', 'collection', 'index', 'sequence', 'function', 'prepared'];

export const catalogFunctions: FunctionDef[] = [
  {
    // INFER [KEYSPACE] ks [WITH options]: the flavors of up to sample_size documents.
    name: '#INFER_KEYSPACE',
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    volatile: true,
    fn: ([ks, opts], ctx) => {
      const o = inferOptions(opts);
      return inferSchema(catalog(ctx, 'INFER').sampleDocuments(String(ks), o.sampleSize), o);
    },
  },
  {
    // INFER expression [WITH options]: the value is the one document.
    name: '#INFER_VALUE',
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    volatile: true,
    fn: ([v, opts]) => inferSchema(v === undefined ? [] : [v], inferOptions(opts)),
  },
  {
    /**
     * EXTRACTDDL(bucket [, {"flags": [kinds]}]): the statements that recreate a bucket's
     * objects, as an array of strings ending in `;`. `""` names the cluster's global objects
     * (global functions). A bucket that does not exist gives an empty array; NULL → NULL.
     */
    name: 'EXTRACTDDL',
    minArgs: 1,
    maxArgs: 2,
    nulls: 'strict',
    volatile: true,
    fn: ([bucket, opts], ctx) => {
      if (typeof bucket !== 'string') return null;
      let flags = DDL_KINDS;
      if (opts !== undefined) {
        if (typeof opts !== 'object' || Array.isArray(opts)) return null;
        const f = (opts as Record<string, Value>).flags;
        if (f !== undefined) {
          if (!Array.isArray(f) || !f.every((x) => typeof x === 'string')) return null;
          flags = (f as string[]).map((x) => x.toLowerCase());
        }
      }
      return catalog(ctx, 'EXTRACTDDL').extractDdl(bucket, flags);
    },
  },
];
