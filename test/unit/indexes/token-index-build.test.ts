import { describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';

const WORDS = ['alpha', 'beta', 'Gamma', 'delta', 'épsilon', 'zeta', 'ÉTA', 'theta', '北京', 'iota'];

/** A name made of a few words, sometimes with non-string tokens or no name at all. */
function nameOf(i: number): Value {
  if (i % 11 === 0) return undefined as unknown as Value;
  // `u<i>`: a token of one document (a range of one entry in the build's run).
  const words = [WORDS[i % 10], WORDS[(i * 7) % 10], `w${i % 997}`, ...(i % 4 === 0 ? [`u${i}`] : [])].join(' ');
  if (i % 13 === 0) return [words, i % 5, i % 2 === 0, null];
  return words;
}

function doc(i: number, variant = ''): Record<string, Value> {
  const name = nameOf(i);
  return name === undefined ? { n: i } : { n: i, name: variant ? [name, variant] : name };
}

const TOKENS_ASKED = ['alpha', 'Gamma', 'gamma', '北京', 'w5', 'w996', 'changed', 'added', 'ÉTA', 'éta'];

/** The rows of each token lookup: through the index (options {}), and as a full scan (non-equivalent options, spec §10.2). */
async function lookups(db: Database, options: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const t of [...TOKENS_ASKED, 0, 1, true, null]) {
    const r = await db.query(`SELECT RAW META().id FROM ks WHERE ANY v IN TOKENS(name${options}) SATISFIES v = $t END ORDER BY META().id`, { params: { t } });
    out.push(r.results);
  }
  // Every document with a token of its own, through a range span on the index.
  const u = await db.query(`SELECT RAW META().id FROM ks WHERE ANY v IN TOKENS(name${options}) SATISFIES v LIKE "u%" END ORDER BY META().id`);
  out.push(u.results);
  return out;
}

describe('TOKENS index builds', () => {
  it('index exactly the documents as they are at the end, when writes run during the build', async () => {
    const db = await Database.open();
    await db.createBucket('ks');
    const N = 120_000; // the build yields every slice of work (SLICE_MS), letting the writes in
    await db.load('ks', Array.from({ length: N }, (_, i) => ({ ...doc(i), k: i })), { key: 'k%k%' });
    const build = db.query('CREATE INDEX ix ON ks(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
    let finished = false;
    void build.then(() => (finished = true));
    let i = 0;
    let writesWhileBuilding = false;
    while (!finished) {
      const writes: Promise<unknown>[] = [];
      for (let b = 0; b < 300; b++, i++) {
        const k = (i * 7919) % N;
        if (i % 3 === 0) writes.push(db.upsert('ks', `k${k}`, doc(k + 1, 'changed')));
        else if (i % 3 === 1) writes.push(db.remove('ks', `k${k}`));
        else writes.push(db.upsert('ks', `new${i}`, doc(i, 'added')));
      }
      await Promise.all(writes);
      const state = await db.query('SELECT RAW state FROM system:indexes WHERE name = "ix"');
      writesWhileBuilding ||= state.results[0] === 'building';
      await new Promise((r) => setImmediate(r));
    }
    await build;
    expect(writesWhileBuilding).toBe(true);
    const plan = JSON.stringify(await db.explain('SELECT META().id FROM ks WHERE ANY v IN TOKENS(name) SATISFIES v = "x" END'));
    expect(plan).toContain('IndexScan3');
    const indexed = await lookups(db, '');
    expect(indexed).toEqual(await lookups(db, ', {"names": true}'));
    expect((indexed[6] as unknown[]).length + (indexed[7] as unknown[]).length).toBeGreaterThan(0);
    expect((indexed[indexed.length - 1] as unknown[]).length).toBeGreaterThan(N / 5);
    await db.close();
  }, 30_000); // 120k documents with writes between 1 ms build slices: about 6–8 s on a loaded 2-core machine

  it('index exactly the documents as they are at the end, when removals during the build compact the keyspace', async () => {
    const db = await Database.open();
    await db.createBucket('ks');
    const N = 120_000;
    await db.load('ks', Array.from({ length: N }, (_, i) => ({ ...doc(i), k: i })), { key: 'k%k%' });
    const build = db.query('CREATE INDEX ix ON ks(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
    // Runs when the build first yields (after 50,000 documents): two thirds of the documents go,
    // more than the keyspace's document table keeps as holes, so it compacts under the build.
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < N; i++) {
      if (i % 3 !== 0) writes.push(db.remove('ks', `k${i}`));
      else if (i % 9 === 0) writes.push(db.upsert('ks', `k${i}`, doc(i + 1, 'changed')));
    }
    for (let i = 0; i < 2000; i++) writes.push(db.upsert('ks', `new${i}`, doc(i, 'added')));
    const [state] = (await db.query('SELECT RAW state FROM system:indexes WHERE name = "ix"')).results;
    await Promise.all(writes);
    await build;
    expect(state).toBe('building');
    const indexed = await lookups(db, '');
    expect(indexed).toEqual(await lookups(db, ', {"names": true}'));
    expect((indexed[6] as unknown[]).length).toBeGreaterThan(0);
    expect((indexed[7] as unknown[]).length).toBeGreaterThan(0);
    expect((await db.query('SELECT RAW COUNT(*) FROM ks')).results).toEqual([N / 3 + 2000]);
    await db.close();
  }, 30_000);

  it('index only the live documents when some have expired unseen in an in-memory keyspace', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const db = await Database.open({ clock: () => clock.now });
    await db.createBucket('ks');
    for (let i = 0; i < 600; i++) await db.upsert('ks', `k${i}`, doc(i), i % 3 === 0 ? { expiration: 10 } : undefined);
    clock.now += 20_000; // every third document has expired, and no read has met it yet
    await db.query('CREATE INDEX ix ON ks(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
    const indexed = await lookups(db, '');
    expect(indexed).toEqual(await lookups(db, ', {"names": true}'));
    expect((indexed[0] as unknown[]).length).toBeGreaterThan(0);
    expect((await db.query('SELECT RAW COUNT(*) FROM ks')).results).toEqual([400]);
    await db.close();
  });
});
