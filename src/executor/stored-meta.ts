import { keyspaceSlot, metaSlot, type Env } from '../eval/index.js';
import type { StoredDocument } from '../storage/index.js';

/**
 * Binds documents read from one keyspace to one alias: the document's value under the alias, the
 * stored document itself under the alias's META slot (metaOf reads its `meta`: id, cas,
 * expiration, seqno, xattrs, the fields of a DocMeta; META().id its key), and the keyspace path (`default:ks`, what
 * META().keyspace shows) under its keyspace slot. Nothing is allocated per document: a query
 * that never reads META() pays two stores of pointers per row, not a metadata object. The slot
 * names are looked up once, when the operator is compiled. Used by Fetch and the lookup join.
 */
export class StoredBinder {
  /** The alias's META slot (eval/env.ts metaSlot). */
  readonly meta: string;
  /** The alias's keyspace slot (eval/env.ts keyspaceSlot). */
  readonly keyspace: string;

  constructor(
    readonly alias: string,
    /** `default:keyspace`. */
    readonly path: string,
  ) {
    this.meta = metaSlot(alias);
    this.keyspace = keyspaceSlot(alias);
  }

  /** Binds `d` in `env` (see the class). */
  bind(env: Env, d: StoredDocument): void {
    const e = env as Record<string, unknown>;
    e[this.alias] = d.value;
    // The document stands for its own metadata (eval/env.ts StoredMetaSource): META().id reads
    // its key, with no read of the metadata object (another cache line per row).
    e[this.meta] = d;
    e[this.keyspace] = this.path;
  }
}
