import type { StoredDocument } from '../store.js';

/**
 * The documents a PostgreSQL keyspace has handed out in bulk (`documents()`, `documentColumns()`)
 * and that are still in use, each set held weakly (it lives as long as its holder: the
 * iteration's chunk, the columns). A read of a key whose row is the version handed out returns
 * the very object, as the in-memory keyspace does: an index build tells a document written
 * during the build by `ks.get(d.key) === d` (or `d.value !== values[i]`), and would otherwise
 * leave out every document it reads after the first write.
 */
export class HandedOut {
  private readonly sets = new Set<WeakRef<Map<string, StoredDocument>>>();

  /** Registers a set of documents handed out; returns what {@link release} takes. */
  add(docs: Map<string, StoredDocument>): WeakRef<Map<string, StoredDocument>> {
    for (const r of this.sets) if (!r.deref()) this.sets.delete(r);
    const ref = new WeakRef(docs);
    this.sets.add(ref);
    return ref;
  }

  /** Forgets a set (its chunk is done with). */
  release(ref: WeakRef<Map<string, StoredDocument>>): void {
    this.sets.delete(ref);
  }

  /** The document handed out for `key` at this `cas` and `seqno`, if one is still in use. */
  find(key: string, cas: number, seqno: number): StoredDocument | undefined {
    if (this.sets.size === 0) return undefined;
    for (const r of this.sets) {
      const d = r.deref()?.get(key);
      if (d && d.meta.cas === cas && d.meta.seqno === seqno) return d;
    }
    return undefined;
  }
}
