import { open, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Value } from '../../values/index.js';
import { AppendFile } from './append-file.js';
import type { FileKeyspace } from './file-keyspace.js';
import { syncDir } from './fsutil.js';
import { encodeRecord, RecordType } from './record.js';
import { scanRecords } from './scan.js';
import type { StoreLogger } from './types.js';

/** One write of a committed transaction: `value` undefined is a removal; `cas` was reserved in the bucket before the commit record. */
export interface CommitWrite {
  keyspace: string;
  key: string;
  cas: number;
  /** Absolute expiration in Unix seconds (0: never). */
  expiration: number;
  value?: Value;
  /** The document's extended attributes (none: absent). */
  xattrs?: Record<string, Value>;
}

const FILE = 'transactions.tql';

function fileRecord(): Buffer {
  return encodeRecord(RecordType.FILE, JSON.stringify({ format: 'tokenql-txlog', version: 1 }));
}

/**
 * The file store's commit log (docs/transactions.md "Durability"): the commit point of a
 * transaction is its TX_COMMIT record, synced, naming every write with the CAS reserved for it;
 * the writes then go to the buckets' data files, and a TX_DONE record follows once they are all
 * acknowledged. Opening the store redoes the writes of a TX_COMMIT without TX_DONE whose key's
 * current record is older than the write's CAS (a bucket's CAS only grows, and the committing
 * transaction held the key from the reservation to the write), so after a crash a transaction
 * is either entirely there (its commit record was synced) or not at all. The log is started
 * afresh at every open.
 */
export class CommitLog {
  private constructor(private readonly file: AppendFile) {}

  /**
   * Opens the log of `dir`: reads what a previous run left, redoes the unfinished committed
   * transactions into `spaces` (a torn last record is a transaction that did not commit), and
   * starts an empty log.
   */
  static async open(dir: string, spaces: ReadonlyMap<string, FileKeyspace>, logger: StoreLogger): Promise<CommitLog> {
    const path = join(dir, FILE);
    const existing = await stat(path).catch(() => undefined);
    if (existing) await redo(path, existing.size, spaces, logger);
    const tmp = `${path}.tmp`;
    const head = fileRecord();
    const out = await open(tmp, 'w');
    try {
      await out.write(head, 0, head.length, 0);
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(tmp, path);
    await syncDir(dir);
    const fh = await open(path, 'r+');
    // Always synced, even with `durability: 'batch'`: the commit record is what makes a transaction
    // all-or-nothing (a lost data record is redone from it; a lost commit record would not undo data records).
    return new CommitLog(new AppendFile(fh, path, head.length, 'fsync'));
  }

  /** Appends the commit record of `txid`; resolves once it is durable (the commit point). */
  commit(txid: string, writes: readonly CommitWrite[]): Promise<void> {
    const rows = writes.map((w) =>
      w.value === undefined ? [w.keyspace, w.key, w.cas, w.expiration] : w.xattrs ? [w.keyspace, w.key, w.cas, w.expiration, w.value, w.xattrs] : [w.keyspace, w.key, w.cas, w.expiration, w.value],
    );
    return this.file.append(encodeRecord(RecordType.TX_COMMIT, JSON.stringify([txid, rows])));
  }

  /** Records that every write of `txid` is acknowledged by its bucket. */
  done(txid: string): Promise<void> {
    return this.file.append(encodeRecord(RecordType.TX_DONE, JSON.stringify([txid])));
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}

/** Reads a previous log and redoes the writes of its committed, unfinished transactions. */
async function redo(path: string, size: number, spaces: ReadonlyMap<string, FileKeyspace>, logger: StoreLogger): Promise<void> {
  const fh = await open(path, 'r');
  const commits = new Map<string, CommitWrite[]>();
  try {
    const r = await scanRecords(fh, 0, size, (rec) => {
      try {
        const p = JSON.parse(rec.payload.toString('utf8')) as unknown[];
        if (rec.type === RecordType.TX_COMMIT) {
          const rows = p[1] as [string, string, number, number, Value?, Record<string, Value>?][];
          commits.set(String(p[0]), rows.map(([keyspace, key, cas, expiration, value, xattrs]) => ({ keyspace, key, cas, expiration, value, xattrs })));
        } else if (rec.type === RecordType.TX_DONE) commits.delete(String(p[0]));
      } catch {
        // the FILE record, or a payload that is not JSON (damage): not a commit
      }
    });
    if (r.damage) logger.warn(`${path}: torn tail at offset ${r.damage.offset} (${r.damage.why}): that transaction did not commit`);
  } finally {
    await fh.close();
  }
  const pending: Promise<unknown>[] = [];
  const touched = new Set<FileKeyspace>();
  for (const [txid, writes] of commits) {
    let redone = 0;
    for (const w of writes) {
      const ks = spaces.get(w.keyspace);
      if (!ks) continue; // the bucket was dropped since
      const cur = ks.recs.get(w.key);
      ks.casCounter = Math.max(ks.casCounter, w.cas);
      if (cur && cur.cas >= w.cas) continue; // written (and perhaps changed since)
      pending.push(ks.commitWrite(w.key, w.value, w.expiration, w.cas, w.xattrs));
      touched.add(ks);
      redone++;
    }
    if (redone > 0) logger.warn(`${path}: transaction ${txid} was committed but ${redone} of its writes were not in the data files: redone`);
  }
  await Promise.all(pending);
  // Synced before the log that names them is replaced (with `batch` durability an acknowledged write is not yet synced).
  for (const ks of touched) await ks.data.sync();
}
