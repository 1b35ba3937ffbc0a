/**
 * The child process of sequence-crash.test.ts: opens the file store in `argv[2]`, creates the
 * sequence `b.s.n` (CACHE `argv[3]`) if missing, then takes NEXT VALUEs forever, appending each
 * value it was handed to the log file `argv[4]` with a synchronous write (a logged value was
 * handed out before the kill). Prints `V` after the first values are logged; the parent then kills it with SIGKILL.
 */
import { openSync, writeSync } from 'node:fs';
import { Database } from '../../../src/index.js';

const [dir, cache, logPath] = process.argv.slice(2);
const log = openSync(logPath, 'a');
const db = await Database.open({ path: dir, logger: { warn: () => {}, error: () => {} } });
await db.createBucket('b');
await db.query(`CREATE SEQUENCE IF NOT EXISTS b.s.n CACHE ${Number(cache)}`);
let told = false;
for (;;) {
  const r = await db.query('SELECT RAW NEXT VALUE FOR b.s.n FROM array_range(0, 7) i');
  writeSync(log, (r.results as number[]).join('\n') + '\n');
  if (!told) process.stdout.write('V\n');
  told = true;
}
