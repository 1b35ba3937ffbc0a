/**
 * The child process of lock-race.test.ts. Prints `READY`, then for each line on stdin:
 * `open`: opens the data directory `argv[2]` and prints `OPENED` (after writing the document
 * `<pid>-<n>` of bucket `b`, or `argv[3]` if given, and waiting for its acknowledgement) or
 * `REFUSED <message>`; `close`: closes it if it is open and prints `CLOSED`.
 * Exits when stdin ends.
 */
import { createInterface } from 'node:readline';
import { Database } from '../../../src/index.js';

let db: Database | undefined;
let n = 0;
process.stdout.write('READY\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'open') {
    try {
      db = await Database.open({ path: process.argv[2], logger: { warn: () => {}, error: () => {} } });
      if (process.argv[3]) await db.upsert('b', process.argv[3], { acknowledged: true });
      else await db.upsert('b', `${process.pid}-${n++}`, { pid: process.pid });
      process.stdout.write('OPENED\n');
    } catch (e) {
      process.stdout.write(`REFUSED ${(e as Error).message.replace(/\n/g, ' ')}\n`);
    }
  } else if (line === 'close') {
    await db?.close();
    db = undefined;
    process.stdout.write('CLOSED\n');
  }
}
