/**
 * The child process of kill-index.test.ts: opens the PostgreSQL store at `argv[2]`. Mode
 * `argv[3]`:
 * - `writes`: creates the index `ix_n` on `b(n)` (if missing), then upserts documents `k<i>` =
 *   `{n: i % 1000}` forever (with an existing key every so often), 256 writes in flight,
 *   printing `ACK <i>` once write i is acknowledged;
 * - `build`: loads 20,000 documents `k<i>` = `{n: i}` (if `b` is empty), prints `BUILDING` at
 *   the first progress report of `CREATE INDEX ix_b ON b(n)` and goes on building.
 * The parent kills it with SIGKILL.
 */
import { Database } from '../../../src/index.js';

const [url, mode] = process.argv.slice(2);
const db = await Database.open({ store: url });
await db.createBucket('b');
if (mode === 'writes') {
  await db.query('CREATE INDEX ix_n IF NOT EXISTS ON b(n)').catch(() => db.query('CREATE INDEX ix_n ON b(n)').catch(() => undefined));
  let i = 0;
  const inFlight = new Set<Promise<void>>();
  for (;;) {
    const id = i++;
    const key = `k${id % 3 === 0 ? id % 5000 : id}`;
    const p: Promise<void> = db.upsert('b', key, { n: id % 1000 }).then(() => {
      process.stdout.write(`ACK ${id}\n`);
      inFlight.delete(p);
    });
    inFlight.add(p);
    if (inFlight.size >= 256) await Promise.race(inFlight);
  }
} else {
  if (db.count('b') === 0) {
    for (let i = 0; i < 20_000; i += 1000) {
      await Promise.all(Array.from({ length: 1000 }, (_, j) => db.upsert('b', `k${i + j}`, { n: i + j })));
    }
  }
  let told = false;
  await db.query('CREATE INDEX ix_b ON b(n)', {
    onProgress: () => {
      if (told) return;
      told = true;
      process.stdout.write('BUILDING\n');
    },
  });
  process.stdout.write('BUILT\n');
  await new Promise(() => {});
}
