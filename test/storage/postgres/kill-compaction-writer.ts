/**
 * The child process of kill-compaction.test.ts: opens the PostgreSQL store at `argv[2]`, makes
 * bucket `b` with the index `ix_n` on `b(n)` and 20,000 documents (when empty), then at once
 * (a) writes forever, 256 writes in flight: write `i` is {@link opOf}(i) — an upsert of
 * `{n: i % 1000, v: i}` or, every tenth, a remove — appending `<i>` to the log file `argv[3]`
 * (a synchronous write) once it is acknowledged; and (b) compacts `b` in a loop with a purge
 * interval of 0 (every tombstone older than this second is purged) and an index threshold of 0
 * (every index past the minimum size is rebuilt with REINDEX CONCURRENTLY), printing `PROGRESS <p>`
 * as it goes. The parent kills it with SIGKILL mid-compaction.
 */
import { openSync, writeSync } from 'node:fs';
import { Database } from '../../../src/index.js';

export const DOCS = 20_000;

/** Write number `i`: its key and whether it removes the key (else it upserts `{n: i % 1000, v: i}`). */
export function opOf(i: number): { key: string; remove: boolean } {
  return { key: `k${(i * 7919) % DOCS}`, remove: i % 10 === 0 };
}

if (process.argv[1]?.endsWith('kill-compaction-writer.ts')) {
  const [url, logPath] = process.argv.slice(2);
  const log = openSync(logPath!, 'a');
  const db = await Database.open({ store: url });
  await db.createBucket('b');
  if (db.count('b') === 0) {
    await db.query('CREATE INDEX ix_n ON b(n)');
    await db.load('b', Array.from({ length: DOCS }, (_, j) => ({ k: `k${j}`, n: j % 1000, v: -1 })), { key: '%k%' });
  }
  void (async () => {
    for (;;) {
      await db.compactBucket('b', { purgeIntervalDays: 0, indexFragmentationPercent: 0, onProgress: (p) => process.stdout.write(`PROGRESS ${p}\n`) });
      process.stdout.write('COMPACTED\n');
    }
  })();
  let i = 0;
  const inFlight = new Set<Promise<void>>();
  for (;;) {
    const id = i++;
    const { key, remove } = opOf(id);
    const write = remove ? db.remove('b', key) : db.upsert('b', key, { k: key, n: id % 1000, v: id });
    const p: Promise<void> = write.then(() => {
      writeSync(log, `${id}\n`);
      inFlight.delete(p);
    });
    inFlight.add(p);
    if (inFlight.size >= 256) await Promise.race(inFlight);
  }
}
