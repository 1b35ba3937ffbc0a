/**
 * The child process of crash.test.ts: opens the file store in `argv[2]`, then writes forever
 * (8 writes in flight) while compacting now and then. It appends one line per write event to
 * the log file `argv[5]` with a synchronous write (so a line is in the file before the write it
 * announces is issued, and survives the kill): `B <n> <op> <key> <value|->` before write n is
 * issued, `A <n>` once it is acknowledged. On stdout it prints `READY`, and `C` / `D` when a
 * compaction starts / ends (the parent times its kills by them). The parent kills it with SIGKILL. Each writer
 * has its own keys, so the writes to one key are issued and applied one at a time.
 */
import { openSync, writeSync } from 'node:fs';
import { Database } from '../../../src/index.js';

const [dir, seedText, durability, logPath] = process.argv.slice(2);
const log = openSync(logPath, 'a');
const record = (line: string): void => void writeSync(log, line + '\n');
let seed = Number(seedText) >>> 0 || 1;
const rand = (n: number): number => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed % n;
};
const out = (line: string): void => void process.stdout.write(line + '\n');

const db = await Database.open({ path: dir, durability: durability === 'batch' ? 'batch' : 'fsync', logger: { warn: () => {}, error: () => {} } });
await db.createBucket('b');
if (!(await db.query('SELECT RAW name FROM system:indexes')).results.includes('ix')) await db.query('CREATE INDEX ix ON b(n)');
let n = Number((await db.query('SELECT RAW MAX(n) FROM b')).results[0] ?? 0) + 1;
out('READY');

async function writer(w: number): Promise<never> {
  for (;;) {
    const id = n++;
    const key = `k${w + 8 * rand(20)}`;
    if (rand(4) === 0) {
      record(`B ${id} del ${key} -`);
      await db.remove('b', key);
    } else {
      const value = { n: id, pad: 'p'.repeat(rand(400)) };
      record(`B ${id} put ${key} ${JSON.stringify(value)}`);
      await db.upsert('b', key, value);
    }
    record(`A ${id}`);
  }
}

async function compactor(): Promise<never> {
  for (;;) {
    await new Promise((r) => setTimeout(r, rand(30)));
    out('C');
    await db.compactBucket('b', { purgeIntervalDays: 0 });
    out('D');
  }
}

for (let w = 0; w < 8; w++) void writer(w);
void compactor();
