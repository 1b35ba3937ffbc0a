/**
 * No stalls outside the executor (issue 22 §4): CREATE INDEX on a durable store (the index
 * file's reconcile with the documents) and reopening the store let the event loop run while they
 * work, and writes that land in between stay exact in the index.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Database, parseStatement } from '../../../src/index.js';

const N = 30_000;
const dir = mkdtempSync(join(tmpdir(), 'tokenql-nostall-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Longest time between two ticks of a 2 ms timer while `work` runs. */
async function longestGap<T>(work: () => Promise<T>): Promise<{ gap: number; value: T; ticks: number }> {
  let gap = 0;
  let ticks = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    ticks++;
  }, 2);
  try {
    const value = await work();
    gap = Math.max(gap, performance.now() - last);
    return { gap, value, ticks };
  } finally {
    clearInterval(timer);
  }
}

describe('durable CREATE INDEX and reopen', () => {
  it('let other work run, and writes made meanwhile are in the index', async () => {
    let db = await Database.open({ path: dir, durability: 'batch' });
    await db.load('ks', (function* () {
      for (let i = 0; i < N; i++) yield { i, name: `n${i % 1000}` };
    })(), { key: 'k#MONO_INCR#' });
    let writes = 0;
    // The parser computes an alternation's lookahead the first time a statement takes it (a
    // one-time cost of up to ~1 s for CREATE, whose alternatives are many): parsed once before
    // the index build is timed, as a running server has.
    parseStatement('CREATE INDEX ix_warm ON ks(name)');
    const build = await longestGap(async () => {
      const creating = db.query('CREATE INDEX ix_name ON ks(name)');
      // Writes while the index is built and its file reconciled.
      let done = false;
      void creating.finally(() => (done = true));
      while (!done) {
        await db.upsert('ks', `w${writes}`, { name: 'written' });
        writes++;
        await new Promise((r) => setTimeout(r, 5));
      }
      return creating;
    });
    // Yielding: the timer ticked throughout (one 400 ms block before), with room for a GC pause.
    expect(build.ticks).toBeGreaterThan(3);
    expect(build.gap).toBeLessThan(250);
    const viaIndex = await db.query("SELECT RAW COUNT(*) FROM ks WHERE name = 'written'");
    expect(viaIndex.results).toEqual([writes]);
    await db.close();
    const reopen = await longestGap(() => Database.open({ path: dir }));
    db = reopen.value;
    expect(reopen.gap).toBeLessThan(250);
    expect((await db.query("SELECT RAW COUNT(*) FROM ks WHERE name = 'written'")).results).toEqual([writes]);
    expect((await db.query("SELECT RAW COUNT(*) FROM ks WHERE name = 'n7'")).results).toEqual([N / 1000]);
    await db.close();
  }, 120_000);
});
