import { IndexTree, type KeyRange } from '../storage/index.js';
import type { EntryFunction } from '../indexes/index-entries.js';
import type { Value } from '../values/index.js';
import type { TxKeyspace } from './tx-keyspace.js';

/** What an index scan reads (key-source.ts): `IndexTree.scan`. */
export type IndexSource = Pick<IndexTree, 'scan'> & { readonly version?: number };

/**
 * An index as a transaction sees it: the committed index `base` without the entries of the
 * documents the transaction wrote, merged in index order with the entries of the transaction's
 * own live documents (indexed by `entries` into a small tree of the same key order, rebuilt when
 * the transaction has written since). So an index scan inside a transaction reads its own
 * writes, and other requests' scans never see them.
 */
export class TxIndex implements IndexSource {
  private own: IndexTree | undefined;
  private ownVersion = -1;

  constructor(
    private readonly base: IndexTree,
    private readonly entries: EntryFunction,
    private readonly desc: readonly boolean[],
    private readonly ks: TxKeyspace,
  ) {}

  /** The tree of the transaction's own documents' entries. */
  private ownTree(): IndexTree {
    if (!this.own || this.ownVersion !== this.ks.version) {
      const t = new IndexTree(this.desc);
      for (const d of this.ks.delta.values()) if (d) for (const e of this.entries(d)) t.add(e, d.key);
      this.own = t;
      this.ownVersion = this.ks.version;
    }
    return this.own;
  }

  /**
   * The committed index's {@link IndexTree.version}: the transaction's own entries cannot change
   * while one of its statements is paused.
   */
  get version(): number {
    return this.base.version;
  }

  /** `IndexTree.scan` over the merged entries (`after`: resume past that key, as there). */
  scan(ranges: KeyRange[], visit: (key: Value[], docs: Iterable<string>) => boolean | void, after?: Value[]): void {
    const pending: { key: Value[]; docs: string[] }[] = [];
    this.ownTree().scan(ranges, (key, docs) => void pending.push({ key, docs: [...docs] }), after);
    const delta = this.ks.delta;
    let i = 0;
    let stopped = false;
    this.base.scan(ranges, (key, docs) => {
      while (i < pending.length && this.base.compareKeys(pending[i].key, key) < 0) {
        if (visit(pending[i].key, pending[i].docs) === false) return !(stopped = true);
        i++;
      }
      const kept: string[] = [];
      for (const id of docs) if (!delta.has(id)) kept.push(id);
      if (i < pending.length && this.base.compareKeys(pending[i].key, key) === 0) kept.push(...pending[i++].docs);
      if (kept.length === 0) return true;
      if (visit(key, kept) === false) return !(stopped = true);
      return true;
    }, after);
    if (stopped) return;
    for (; i < pending.length; i++) if (visit(pending[i].key, pending[i].docs) === false) return;
  }
}
