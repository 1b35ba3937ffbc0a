/**
 * The child process of kill.test.ts: opens the PostgreSQL store at `argv[2]` and upserts
 * documents `k<n>` = `{n, pad}` forever, 512 writes in flight, appending `<n>` to the log file
 * `argv[3]` with a synchronous write once write n is acknowledged (so a logged write was
 * acknowledged before the kill). Prints `READY` once writing; the parent kills it with SIGKILL.
 */
import { openSync, writeSync } from 'node:fs';
import { Database } from '../../../src/index.js';

const [url, logPath] = process.argv.slice(2);
const log = openSync(logPath!, 'a');
const db = await Database.open({ store: url });
await db.createBucket('b');
process.stdout.write('READY\n');
let n = 0;
const inFlight = new Set<Promise<void>>();
for (;;) {
  const id = n++;
  const p: Promise<void> = db.upsert('b', `k${id}`, { n: id, pad: 'p'.repeat(id % 300) }).then(() => {
    writeSync(log, `${id}\n`);
    inFlight.delete(p);
  });
  inFlight.add(p);
  if (inFlight.size >= 512) await Promise.race(inFlight);
}
