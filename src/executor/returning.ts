import type { Returning } from '../ast/index.js';
import { bindDocument, rootEnv, type Scope } from '../eval/index.js';
import type { DocumentMeta } from '../storage/index.js';
import type { Value } from '../values/index.js';
import { compileProjection } from './project.js';
import type { RunContext } from './runtime.js';

/** Computes a RETURNING row for a mutated document (MISSING for a RAW term that is MISSING). */
export type CompiledReturning = (doc: Value, meta: DocumentMeta, keyspace: string, rc: RunContext) => Value;

/** Compiles `RETURNING terms` / `RETURNING RAW expr` in the scope of the mutated document. */
export function compileReturning(r: Returning, alias: string): CompiledReturning {
  const scope: Scope = { names: new Set([alias]), defaultAlias: alias, keyspaceAliases: [alias] };
  const p = compileProjection(r.terms, r.raw, scope, [alias]);
  return (doc, meta, keyspace, rc) => {
    const env = rootEnv();
    bindDocument(env, alias, doc, { id: meta.id, cas: meta.cas, expiration: meta.expiration, seqno: meta.seqno, keyspace: `default:${keyspace}` });
    return p.project({ env }, rc);
  };
}
