/**
 * The child process of tx-crash.test.ts: opens the file store in `argv[2]` and runs transactions
 * that each set the ten documents k0…k4 of buckets `a` and `b` to `{g: n}` (five UPSERTs per
 * bucket in one transaction, then COMMIT), while a compaction runs now and then. It appends to
 * the log `argv[5]`, synchronously, `B <n>` before COMMIT n is issued and `A <n>` once it is
 * acknowledged. `argv[4]` is the mode: `loop` (until the parent's SIGKILL); `commit-point` (one
 * transaction, and the process kills itself at the commit point: its commit record is durable,
 * none of its writes is in a data file); `before-commit` (kills itself after the transaction's
 * statements, before COMMIT). Prints READY once the store is open.
 */
import { openSync, writeSync } from 'node:fs';
import { Database } from '../../../src/index.js';

const [dir, seedText, mode, logPath] = process.argv.slice(2);
const log = openSync(logPath, 'a');
const record = (line: string): void => void writeSync(log, line + '\n');
let seed = Number(seedText) >>> 0 || 1;
const rand = (n: number): number => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed % n;
};

const db = await Database.open({ path: dir, logger: { warn: () => {}, error: () => {} } });
for (const b of ['a', 'b']) {
  await db.createBucket(b);
  if (!(await db.query(`SELECT RAW name FROM system:indexes WHERE keyspace_id = '${b}'`)).results.includes(`ix_${b}`)) await db.query(`CREATE INDEX ix_${b} ON ${b}(g)`);
}
let n = Number((await db.query('SELECT RAW MAX(g) FROM a')).results[0] ?? 0) + 1;
process.stdout.write('READY\n');

const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};

async function transaction(g: number, killBeforeCommit: boolean): Promise<void> {
  const txid = ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
  for (const b of ['a', 'b']) {
    for (let k = 0; k < 5; k++) await db.query(`UPSERT INTO ${b} VALUES ('k${k}', {'g': ${g}, 'pad': '${'p'.repeat(rand(300))}'})`, { txid });
  }
  if (killBeforeCommit) die();
  record(`B ${g}`);
  await db.query('COMMIT', { txid });
  record(`A ${g}`);
}

if (mode === 'commit-point') {
  db.transactions.hooks.onCommitPoint = die;
  await transaction(n, false);
} else if (mode === 'before-commit') {
  await transaction(n, true);
} else {
  void (async () => {
    for (;;) {
      await new Promise((r) => setTimeout(r, rand(40)));
      await db.compactBucket(rand(2) ? 'a' : 'b', { purgeIntervalDays: 0 });
    }
  })();
  for (;;) await transaction(n++, false);
}
