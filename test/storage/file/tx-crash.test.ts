/**
 * Transactions are all-or-nothing on the file store across a crash (docs/transactions.md
 * "Durability"). A child process runs transactions that set ten documents in two buckets to the
 * same generation `{g: n}` and is killed with SIGKILL: at random moments (also during
 * compactions), at a transaction's commit point (its commit record synced, none of its writes in
 * a data file yet), and before its COMMIT. After each kill the directory is reopened: the ten
 * documents always share one generation, which is the last acknowledged commit's or the one
 * commit in flight (never part of a transaction), the commit-point kill leaves all of that
 * transaction's writes, the kill before COMMIT none, and the indexes agree with the documents.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { recordingLogger, tempDir } from './helpers.js';

const ROUNDS = Number(process.env.TOKENQL_TX_CRASH_ROUNDS ?? 6);
const WRITER = fileURLToPath(new URL('./tx-crash-writer.ts', import.meta.url));

/** Runs the writer in `mode` until it dies (killed by the parent after a while in `loop`); returns the commits issued and acknowledged. */
function runWriter(dir: string, seed: number, mode: string): Promise<{ issued: number[]; acked: number[] }> {
  return new Promise((resolve, reject) => {
    const logPath = `${dir}.log`;
    rmSync(logPath, { force: true });
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir, String(seed), mode, logPath], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => {
      if (mode === 'loop' && chunk.toString().includes('READY')) setTimeout(() => child.kill('SIGKILL'), 150 + Math.floor(Math.random() * 600));
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited with ${code ?? signal}`));
      const lines = readFileSync(logPath, 'utf8').split('\n');
      lines.pop();
      rmSync(logPath, { force: true });
      resolve({
        issued: lines.filter((l) => l.startsWith('B ')).map((l) => Number(l.slice(2))),
        acked: lines.filter((l) => l.startsWith('A ')).map((l) => Number(l.slice(2))),
      });
    });
  });
}

/** The generation every document of both buckets has (undefined if none exists yet); fails if they differ or the indexes disagree. */
async function generation(db: Database): Promise<number | undefined> {
  const gs = new Set<number | undefined>();
  for (const b of ['a', 'b']) {
    for (let k = 0; k < 5; k++) gs.add((db.get(b, `k${k}`)?.value as { g?: number } | undefined)?.g);
  }
  expect([...gs], 'the ten documents of one transaction').toHaveLength(1);
  const g = [...gs][0];
  for (const b of ['a', 'b']) {
    const viaIndex = (await db.query(`SELECT RAW META().id FROM ${b} WHERE g >= 0 ORDER BY META().id`)).results;
    expect(viaIndex).toEqual(g === undefined ? [] : ['k0', 'k1', 'k2', 'k3', 'k4']);
  }
  return g;
}

describe('transactions across a crash (file store)', () => {
  it(`a transaction is all there or not at all after ${ROUNDS} random kills`, { timeout: 60_000 + ROUNDS * 15_000 }, async () => {
    const t = tempDir('tokenql-txcrash-');
    try {
      let last: number | undefined;
      let commits = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const { issued, acked } = await runWriter(t.dir, round * 7919 + 3, 'loop');
        commits += acked.length;
        const logger = recordingLogger();
        const db = await Database.open({ path: t.dir, logger });
        expect(logger.errors).toEqual([]);
        const g = await generation(db);
        const lastAcked = acked.at(-1) ?? last;
        const inFlight = issued.filter((n) => !acked.includes(n));
        expect(inFlight.length).toBeLessThanOrEqual(1);
        expect([lastAcked, ...inFlight]).toContain(g);
        last = g;
        await db.close();
      }
      expect(commits, 'transactions committed before the kills').toBeGreaterThan(0);
    } finally {
      t.cleanup();
    }
  });

  it('a kill at the commit point (commit record synced, no write applied) leaves every write of the transaction', { timeout: 60_000 }, async () => {
    const t = tempDir('tokenql-txcrash-');
    try {
      await runWriter(t.dir, 1, 'before-commit'); // opens the buckets; nothing committed
      const first = await Database.open({ path: t.dir });
      expect(await generation(first)).toBeUndefined();
      await first.close();
      const { issued, acked } = await runWriter(t.dir, 2, 'commit-point');
      expect(issued).toEqual([1]);
      expect(acked).toEqual([]);
      const logger = recordingLogger();
      const db = await Database.open({ path: t.dir, logger });
      expect(await generation(db)).toBe(1);
      expect(logger.warnings.join('\n')).toMatch(/was committed but 10 of its writes were not in the data files: redone/);
      await db.close();
      // Opened again: the redone writes are in the data files now, nothing is redone twice.
      const again = await Database.open({ path: t.dir, logger: recordingLogger() });
      expect(await generation(again)).toBe(1);
      await again.close();
    } finally {
      t.cleanup();
    }
  });

  it('a kill before COMMIT leaves none of the transaction\'s writes', { timeout: 60_000 }, async () => {
    const t = tempDir('tokenql-txcrash-');
    try {
      const seed = await Database.open({ path: t.dir });
      for (const b of ['a', 'b']) for (let k = 0; k < 5; k++) await seed.upsert(b, `k${k}`, { g: 7 });
      await seed.close();
      await runWriter(t.dir, 3, 'before-commit');
      const db = await Database.open({ path: t.dir });
      expect(await generation(db)).toBe(7);
      await db.close();
    } finally {
      t.cleanup();
    }
  });
});
