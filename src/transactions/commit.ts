import { DocumentKeyspace } from '../storage/document-keyspace.js';
import { PostgresKeyspace } from '../storage/postgres/postgres-keyspace.js';
import type { CommitWrite } from '../storage/file/commit-log.js';
import { commitFailed } from './errors.js';
import type { Transaction } from './transaction.js';

/** Where a durable store records its commit points (the file store's CommitLog). */
export interface CommitRecorder {
  commit(txid: string, writes: readonly CommitWrite[]): Promise<void>;
  done(txid: string): Promise<void>;
}

/**
 * COMMIT (docs/transactions.md): checks that no key the transaction wrote was changed by
 * another request since the transaction first wrote it (a write-write conflict raises 17007 and
 * changes nothing), then makes every write at once. With a `recorder` (the file store), the
 * keys are held and each write gets its CAS reserved, the commit record naming them is made
 * durable (the commit point: `onCommitPoint` runs there, for the crash tests), and only then are
 * the writes applied, all in one turn of the event loop, so no request sees part of them; the
 * promise settles once every write is acknowledged and the record is marked done.
 */
export async function commitTransaction(tx: Transaction, recorder: CommitRecorder | undefined, onCommitPoint?: () => void): Promise<void> {
  const writes = tx.writes().filter((w) => w.doc !== null || w.before !== 0);
  for (const w of writes) {
    const current = w.ks.peek(w.key)?.meta.cas ?? 0;
    if (current !== w.before) throw commitFailed(`write-write conflict on key ${w.key} of default:${w.ks.name}: it was changed by another request`);
  }
  if (writes.length === 0) return;
  const targets = writes.map((w) => {
    if (!(w.ks instanceof DocumentKeyspace) && !(w.ks instanceof PostgresKeyspace)) throw commitFailed(`keyspace ${w.ks.name} cannot take a transaction's writes`);
    return w.ks;
  });
  const cas = targets.map((ks) => ks.reserveCas());
  let release = (): void => {};
  if (recorder) {
    const held = new Promise<void>((r) => (release = r));
    const byKeyspace = new Map<DocumentKeyspace | PostgresKeyspace, string[]>();
    writes.forEach((w, i) => byKeyspace.set(targets[i], [...(byKeyspace.get(targets[i]) ?? []), w.key]));
    for (const [ks, keys] of byKeyspace) ks.lockKeys(keys, held);
    try {
      await recorder.commit(
        tx.id,
        writes.map((w, i) => ({ keyspace: w.ks.name, key: w.key, cas: cas[i], expiration: w.doc?.meta.expiration ?? 0, value: w.doc?.value, xattrs: w.doc?.meta.xattrs })),
      );
    } catch (e) {
      release();
      throw commitFailed(e instanceof Error ? e.message : String(e));
    }
    onCommitPoint?.();
  }
  const acks = writes.map((w, i) => targets[i].commitWrite(w.key, w.doc?.value, w.doc?.meta.expiration ?? 0, cas[i], w.doc?.meta.xattrs));
  release();
  await Promise.all(acks);
  if (recorder) await recorder.done(tx.id);
}
