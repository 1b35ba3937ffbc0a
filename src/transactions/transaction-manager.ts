import type { IndexManager } from '../indexes/index-manager.js';
import type { Store } from '../storage/index.js';
import type { Value } from '../values/index.js';
import { commitTransaction, type CommitRecorder } from './commit.js';
import { transactionExpired, transactionNotPresent } from './errors.js';
import { Transaction } from './transaction.js';

/** The reference's default `txtimeout` (15 s). */
export const DEFAULT_TX_TIMEOUT_MS = 15_000;

/** How long an expired transaction stays known (answering 17010) before its txid is forgotten (17004). */
const EXPIRED_KEPT_MS = 60_000;

/** How a transaction starts: its `txtimeout` (ms), whether it is implicit (`tximplicit`), its `durability_level`. */
export interface BeginOptions {
  timeoutMs?: number;
  implicit?: boolean;
  durabilityLevel?: string;
}

/**
 * The open transactions of a database by txid (couchbase/query `transactions/tran_cache.go`):
 * BEGIN adds one, COMMIT and ROLLBACK end it, and one whose txtimeout passed is rolled back
 * (at its deadline, or when a statement names it: 17010, after which its txid is unknown, 17004).
 */
export class TransactionManager {
  private readonly open = new Map<string, Transaction>();

  constructor(
    private readonly store: Store,
    private readonly indexes: IndexManager,
    private readonly recorder: () => CommitRecorder | undefined,
    private readonly clock: () => number = Date.now,
    /** Test hook: runs at a file-store commit's commit point (the crash tests kill the process there). */
    readonly hooks: { onCommitPoint?: () => void } = {},
  ) {}

  /** Starts a transaction. */
  begin(options: BeginOptions = {}): Transaction {
    const timeoutMs = options.timeoutMs && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_TX_TIMEOUT_MS;
    const tx = new Transaction(this.store, this.indexes, timeoutMs, this.clock, options.implicit ?? false, options.durabilityLevel ?? 'majority');
    this.open.set(tx.id, tx);
    // Past its deadline an idle transaction is rolled back (its writes freed) but stays known, so
    // that the next statement naming it gets 17010; a minute later it is forgotten (17004), as
    // the reference's cleanup does. A busy one is rolled back when its statement ends.
    const timer = setTimeout(() => {
      if (tx.busy || this.open.get(tx.id) !== tx) return;
      tx.clear();
      tx.ended = true;
      const forget = setTimeout(() => this.open.get(tx.id) === tx && this.open.delete(tx.id), EXPIRED_KEPT_MS);
      forget.unref?.();
    }, timeoutMs + 10);
    timer.unref?.();
    return tx;
  }

  /** The open transaction `txid`: 17004 if there is none, 17010 (and rolled back) if it expired. */
  get(txid: string): Transaction {
    const tx = this.open.get(txid);
    if (!tx) throw transactionNotPresent(txid);
    if (tx.expired()) {
      this.end(tx);
      throw transactionExpired();
    }
    return tx;
  }

  /** COMMIT: ends the transaction whether it succeeds or fails (a failed commit changes nothing). */
  async commit(tx: Transaction): Promise<void> {
    if (tx.expired()) {
      this.end(tx);
      throw transactionExpired();
    }
    try {
      await commitTransaction(tx, this.recorder(), this.hooks.onCommitPoint);
    } finally {
      this.end(tx);
    }
  }

  /** ROLLBACK: drops every write and ends the transaction. */
  rollback(tx: Transaction): void {
    this.end(tx);
  }

  private end(tx: Transaction): void {
    tx.clear();
    tx.ended = true;
    this.open.delete(tx.id);
  }

  /** Rows of `system:transactions`: the open transactions, oldest first. */
  rows(): Value[] {
    return [...this.open.values()].map((t) => t.row());
  }
}
