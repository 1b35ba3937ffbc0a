/**
 * Storage of the replication endpoints (docs/replication.md). The winning body of a live
 * document is the plain JSON in the configured bucket under the document id, so N1QL sees it.
 * The revision metadata (tree, sequence, the bodies of the other leaves) is one document of
 * keyspace `_gateway_revs` keyed `<db>::<docid>`; the sequence counter is the document `<db>`
 * of keyspace `_gateway_seq`. An in-memory B+ tree seq → docid, built from `_gateway_revs` on
 * first use and kept up to date by the writes, serves the changes feed in O(changes).
 */
import { createRequire } from 'node:module';
import type { Database, ObjectValue } from '../../../index.js';
import type { GatewayDbContext } from '../context.js';
import { winner, type RevDoc, type RevTree } from './revisions.js';

export const REVS_KEYSPACE = '_gateway_revs';
export const SEQ_KEYSPACE = '_gateway_seq';

/** The stored metadata of one document (bodies: every leaf's but the live winner's). */
export interface StoredMeta {
  db: string;
  id: string;
  seq: number;
  tree: RevTree;
  bodies: Record<string, ObjectValue>;
}

/** A document with its tree and every leaf body (the live winner's read from the bucket). */
export interface DocState {
  id: string;
  seq: number;
  doc: RevDoc;
  winner: string;
  deleted: boolean;
}

/** What an edit function returns: its result, and whether it changed the tree. */
export type EditOutcome<R> = { result: R; changed: boolean };

interface SeqTree {
  set(key: number, value: string): boolean;
  delete(key: number): boolean;
  entries(lowestKey?: number): IterableIterator<[number, string]>;
  entriesReversed(highestKey?: number): IterableIterator<[number, string]>;
}
// sorted-btree ships CommonJS with the class as `exports.default`.
const BTree = (createRequire(import.meta.url)('sorted-btree') as { default: new () => SeqTree }).default;
const stores = new WeakMap<Database, Map<string, DocStore>>();

/** The document store of a configured database (one per database, bucket and process). */
export function docStore(ctx: GatewayDbContext): DocStore {
  const byDb = stores.get(ctx.db) ?? new Map<string, DocStore>();
  stores.set(ctx.db, byDb);
  const name = `${ctx.dbName}\u0000${ctx.bucket}`;
  let s = byDb.get(name);
  if (!s) byDb.set(name, (s = new DocStore(ctx.db, ctx.dbName, ctx.bucket)));
  return s;
}

export class DocStore {
  private seq = 0;
  private live = 0;
  private deletedCount = 0;
  private index: SeqTree | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly waiters = new Set<() => void>();

  constructor(readonly db: Database, readonly dbName: string, readonly bucket: string) {}

  private key(id: string): string {
    return `${this.dbName}::${id}`;
  }

  /** Builds the sequence index on first use. */
  private ready(): SeqTree {
    if (this.index) return this.index;
    const index = new BTree();
    const counter = this.db.get(SEQ_KEYSPACE, this.dbName)?.value as { seq?: number } | undefined;
    let seq = counter?.seq ?? 0;
    for (const meta of this.scan()) {
      index.set(meta.seq, meta.id);
      seq = Math.max(seq, meta.seq);
      this.count(meta.tree[winner(meta.tree)]!.d === true, 1);
    }
    this.seq = seq;
    this.index = index;
    return index;
  }

  /** Counts a live (deleted false) or deleted document in or out; undefined: nothing. */
  private count(deleted: boolean | undefined, by: number): void {
    if (deleted === true) this.deletedCount += by;
    else if (deleted === false) this.live += by;
  }

  /** The current update sequence. */
  updateSeq(): number {
    this.ready();
    return this.seq;
  }

  /** Live and deleted document counts. */
  counts(): { docCount: number; deletedCount: number } {
    this.ready();
    return { docCount: this.live, deletedCount: this.deletedCount };
  }

  /** The stored metadata of every document of this database, in docid (code point) order. */
  *scan(): Iterable<StoredMeta> {
    const prefix = `${this.dbName}::`;
    for (const d of this.db.scan(REVS_KEYSPACE)) {
      if (d.key < prefix) continue;
      if (!d.key.startsWith(prefix)) break;
      yield d.value as unknown as StoredMeta;
    }
  }

  /**
   * A document with all its leaf bodies, from stored metadata. The tree and the bodies are the
   * store's frozen values, shared, not copied: a reader only reads them, and {@link edit} edits a copy.
   */
  materialize(stored: StoredMeta): DocState {
    const w = winner(stored.tree);
    const deleted = stored.tree[w]!.d === true;
    const bodies = { ...stored.bodies };
    if (!deleted) bodies[w] = (this.db.get(this.bucket, stored.id)?.value as ObjectValue | undefined) ?? {};
    return { id: stored.id, seq: stored.seq, doc: { tree: stored.tree, bodies }, winner: w, deleted };
  }

  /** A document, or undefined when the gateway never saw it. */
  load(id: string): DocState | undefined {
    const stored = this.db.get(REVS_KEYSPACE, this.key(id))?.value as StoredMeta | undefined;
    return stored ? this.materialize(stored) : undefined;
  }

  /** Runs `fn` alone among the writes of this database. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Edits one document under the write lock: `fn` mutates the tree and bodies; when it
   * reports a change, the document gets the next sequence, the winner goes to the bucket
   * (or leaves it when deleted) and the metadata is saved.
   */
  edit<R>(id: string, fn: (doc: RevDoc, before: DocState | undefined) => EditOutcome<R>): Promise<R> {
    return this.exclusive(async () => {
      const index = this.ready();
      const before = this.load(id);
      // Edits add revisions, replace nodes and drop bodies, never change a node or a body in place
      // (applyEdit, mergeRevision): copies of the two maps will do; the frozen nodes and bodies
      // are shared, and db.upsert copies what it stores.
      const doc: RevDoc = before ? { tree: { ...before.doc.tree }, bodies: { ...before.doc.bodies } } : { tree: {}, bodies: {} };
      const out = fn(doc, before);
      if (!out.changed) return out.result;
      const seq = ++this.seq;
      await this.db.upsert(SEQ_KEYSPACE, this.dbName, { seq });
      const w = winner(doc.tree);
      const deleted = doc.tree[w]!.d === true;
      const bodies = { ...doc.bodies };
      if (!deleted) {
        await this.db.upsert(this.bucket, id, bodies[w] ?? {});
        delete bodies[w];
      } else if (!before || !before.deleted) {
        await this.db.remove(this.bucket, id);
      }
      const meta: StoredMeta = { db: this.dbName, id, seq, tree: doc.tree, bodies };
      await this.db.upsert(REVS_KEYSPACE, this.key(id), meta as unknown as ObjectValue);
      if (before) index.delete(before.seq);
      index.set(seq, id);
      this.count(before?.deleted, -1);
      this.count(deleted, 1);
      for (const wake of [...this.waiters]) wake();
      return out.result;
    });
  }

  /** The (seq, docid) pairs after `since`, in sequence order (descending: newest first). */
  changes(since: number, limit: number, descending = false): Array<[number, string]> {
    const index = this.ready();
    const out: Array<[number, string]> = [];
    const it = descending ? index.entriesReversed() : index.entries(since + 1);
    for (const [seq, id] of it) {
      if (seq <= since) break;
      out.push([seq, id]);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Resolves when the sequence passes `since`, after `ms`, or when `signal` aborts. */
  waitForChange(since: number, ms: number, signal: AbortSignal): Promise<void> {
    if (this.updateSeq() > since || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
