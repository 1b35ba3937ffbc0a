import { randomUUID } from 'node:crypto';
import type { IndexManager } from '../indexes/index-manager.js';
import type { KeyspaceStore, Store, StoredDocument } from '../storage/index.js';
import type { Value } from '../values/index.js';
import { commitFailed, noSavepoint } from './errors.js';
import { TxIndex, type IndexSource } from './tx-index.js';
import { TxKeyspace, type UndoEntry } from './tx-keyspace.js';

/** One write a COMMIT makes: the key's new document (null: removal) and the CAS its committed document had when the transaction first wrote it (0: none). */
export interface PendingWrite {
  ks: KeyspaceStore;
  key: string;
  doc: StoredDocument | null;
  before: number;
}

/** Milliseconds as the reference prints a Go duration (`"15s"`, `"1m30s"`, `"250ms"`). */
export function goDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return `${m}m${s - m * 60}s`;
}

/** A time as the reference's system:transactions prints it (`2006-01-02T15:04:05.999Z07:00`, UTC). */
function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.?0*Z$/, 'Z').replace(/\.Z$/, 'Z');
}

/**
 * A transaction (docs/transactions.md): its id (the `txid`), its writes kept apart from the
 * store (one {@link TxKeyspace} per keyspace it touched, so only statements given its txid see
 * them), its undo log (savepoints, and a failed statement's writes) and its expiry. The store
 * and index views its statements run against are {@link store} and {@link indexTree}.
 */
export class Transaction {
  readonly id = randomUUID();
  readonly startedAt: number;
  readonly expiresAt: number;
  /** The request that runs a statement of it now (two at once: 17013). */
  busy = false;
  /** Number of statements run (system:transactions `uses`), and when the last one started. */
  uses = 1;
  lastUse: number;
  /** Set once COMMIT or ROLLBACK ended it (or it expired and was rolled back). */
  ended = false;
  private readonly undo: UndoEntry[] = [];
  private readonly savepoints = new Map<string, number>();
  private readonly spaces = new Map<string, TxKeyspace>();
  private readonly indexes = new Map<string, TxIndex>();
  private casCounter: number;

  /**
   * @param timeoutMs the txtimeout in milliseconds
   * @param durabilityLevel the request's `durability_level` (system:transactions shows it)
   */
  constructor(
    private readonly base: Store,
    private readonly indexManager: IndexManager,
    readonly timeoutMs: number,
    readonly clock: () => number,
    readonly implicit: boolean,
    readonly durabilityLevel: string,
  ) {
    this.startedAt = clock();
    this.lastUse = this.startedAt;
    this.expiresAt = this.startedAt + timeoutMs;
    this.casCounter = this.startedAt * 1000;
  }

  /** Whether the txtimeout has passed at `now` (milliseconds). */
  expired(now = this.clock()): boolean {
    return now >= this.expiresAt;
  }

  /** The keyspace as this transaction sees it (undefined if the store has none of that name). */
  keyspace(name: string): TxKeyspace | undefined {
    let ks = this.spaces.get(name);
    if (!ks) {
      const base = this.base.keyspace(name);
      if (!base) return undefined;
      ks = new TxKeyspace(base, this.undo, () => ++this.casCounter, this.clock);
      this.spaces.set(name, ks);
    }
    return ks;
  }

  /** The store as this transaction's statements see it (creating or dropping a keyspace is not transactional: it goes to the store itself). */
  readonly store: Store = {
    keyspace: (name) => this.keyspace(name),
    createKeyspace: (name) => this.base.createKeyspace(name).then(() => this.keyspace(name)!),
    dropKeyspace: (name) => this.base.dropKeyspace(name),
    keyspaceNames: () => this.base.keyspaceNames(),
    close: async () => {},
  };

  /** An online index as this transaction sees it: the committed entries with its own writes merged in. */
  indexTree(keyspace: string, name: string): IndexSource | undefined {
    const tree = this.indexManager.tree(keyspace, name);
    const ks = this.spaces.get(keyspace);
    if (!tree || !ks || ks.delta.size === 0) return tree;
    const info = this.indexManager.info(keyspace, name)!;
    const id = `${info.id}`;
    let ix = this.indexes.get(id);
    if (!ix) {
      ix = new TxIndex(tree, this.indexManager.entries(keyspace, name)!, info.keys.map((k) => k.desc ?? false), ks);
      this.indexes.set(id, ix);
    }
    return ix;
  }

  /** A point to roll back to (the undo log's length). */
  mark(): number {
    return this.undo.length;
  }

  /** Undoes every write after `mark`, newest first. */
  rollbackTo(mark: number): void {
    while (this.undo.length > mark) {
      const e = this.undo.pop()!;
      e.ks.undoWrite(e);
    }
    for (const [name, at] of this.savepoints) if (at > mark) this.savepoints.delete(name);
  }

  /** SAVEPOINT name (a name used again moves to now). */
  savepoint(name: string): void {
    this.savepoints.delete(name);
    this.savepoints.set(name, this.undo.length);
  }

  /** ROLLBACK TO SAVEPOINT name: 17009 if no SAVEPOINT defined it (the savepoint stays). */
  rollbackToSavepoint(name: string): void {
    const at = this.savepoints.get(name);
    if (at === undefined) throw noSavepoint(name);
    this.rollbackTo(at);
  }

  /** Every write COMMIT makes, by keyspace. @throws QueryError 17007 when a keyspace written to was dropped since. */
  writes(): PendingWrite[] {
    const out: PendingWrite[] = [];
    for (const ks of this.spaces.values()) {
      if (ks.delta.size > 0 && this.base.keyspace(ks.name) !== ks.base) throw commitFailed(`keyspace default:${ks.name} was dropped`);
      for (const [key, doc] of ks.delta) out.push({ ks: ks.base, key, doc, before: ks.before.get(key) ?? 0 });
    }
    return out;
  }

  /** Drops every write (ROLLBACK, expiry). */
  clear(): void {
    this.rollbackTo(0);
    this.savepoints.clear();
  }

  /** Its row of `system:transactions` (the members the reference shows for a transaction of this node). */
  row(): Value {
    return {
      id: this.id,
      timeout: goDuration(this.timeoutMs),
      durabilityLevel: this.durabilityLevel,
      isolationLevel: 'READ COMMITTED',
      scanConsistency: 'unbounded',
      ...(this.implicit ? { implicit: true } : {}),
      lastUse: isoTime(this.lastUse),
      expiryTime: isoTime(this.expiresAt),
      uses: this.uses,
      // The reference's status bits: 1 in use, 2 expired.
      status: (this.busy ? 1 : 0) | (this.expired() ? 2 : 0),
    };
  }
}
