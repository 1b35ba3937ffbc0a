import type { CreateIndexStatement } from '../ast/index.js';
import { bindDocument, compileExpr, rootEnv, type ExecContext, type Evaluator, type Scope } from '../eval/index.js';
import { canonicalKey } from '../executor/canonical-key.js';
import type { StoredDocument } from '../storage/index.js';
import { truth, type Value } from '../values/index.js';

/** Computes the index entries (composite keys) of one document. */
export type EntryFunction = (doc: StoredDocument) => Value[][];

const CTX: ExecContext = { named: {}, positional: [], warn: () => {}, now: 0 };

/**
 * Compiles an index definition into its entry function, with the reference's GSI rules:
 * a document is indexed only if it satisfies the partial-index WHERE and its leading key is
 * not MISSING; an array key (`DISTINCT|ALL ARRAY … END` or `DISTINCT|ALL expr`) gives one
 * entry per element (distinct elements for DISTINCT; MISSING mapped values are skipped) and no
 * entry when it is not a non-empty array. At most one array key per index.
 * Source: couchbase/query `datastore/index.go`, GSI array indexing.
 */
export function compileIndexEntries(def: Pick<CreateIndexStatement, 'keys' | 'where'>, alias: string, keyspace: string): EntryFunction {
  const scope: Scope = { names: new Set([alias]), defaultAlias: alias, keyspaceAliases: [alias] };
  const keys: { expr: Evaluator; array?: 'DISTINCT' | 'ALL'; unique?: boolean }[] = def.keys.map((k) => {
    // `ARRAY v FOR v IN TOKENS(…) END` is TOKENS(…) itself, whose elements are already distinct.
    const e = k.expr;
    if (k.array && e.kind === 'ArrayFor' && !e.first && !e.when && e.bindings.length === 1 && !e.bindings[0].within && !e.bindings[0].nameVariable) {
      const b = e.bindings[0];
      if (e.mapping.kind === 'Identifier' && e.mapping.name === b.variable && b.expr.kind === 'FunctionCall' && b.expr.name.toLowerCase() === 'tokens') {
        return { expr: compileExpr(b.expr, scope), array: k.array, unique: true };
      }
    }
    return { expr: compileExpr(e, scope), array: k.array };
  });
  const where = def.where ? compileExpr(def.where, scope) : undefined;
  const arrayAt = def.keys.findIndex((k) => k.array);
  return (d) => {
    const env = rootEnv();
    bindDocument(env, alias, d.value, { id: d.key, cas: d.meta.cas, expiration: d.meta.expiration, seqno: d.meta.seqno, keyspace: `default:${keyspace}` });
    if (where && !truth(where(env, CTX))) return [];
    const values = keys.map((k) => k.expr(env, CTX));
    if (arrayAt < 0) return values[0] === undefined ? [] : [values];
    const arr = values[arrayAt];
    if (!Array.isArray(arr) || arr.length === 0) return [];
    if (arrayAt > 0 && values[0] === undefined) return [];
    let elements: Value[] = arr;
    if (keys[arrayAt].array === 'DISTINCT' && !keys[arrayAt].unique) {
      const seen = new Set<string>();
      elements = [];
      for (const e of arr) {
        const k = typeof e === 'string' ? 's' + e : canonicalKey(e);
        if (!seen.has(k)) {
          seen.add(k);
          elements.push(e);
        }
      }
    }
    if (values.length === 1) return elements.map((e) => [e]);
    return elements.map((e) => {
      const entry = values.slice();
      entry[arrayAt] = e;
      return entry;
    });
  };
}
