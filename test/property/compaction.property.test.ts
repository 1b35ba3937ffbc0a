/**
 * Compaction laws (fast-check), through the public Database API on each durable store kind
 * (test/support/store-kinds.ts: the file store, and PostgreSQL when it is there; the in-memory
 * store keeps no tombstones and has nothing to compact): after any
 * sequence of inserts, updates, deletes, expiring writes and clock moves, a compaction
 *  - leaves the answer of every query unchanged (and so does a restart after it),
 *  - reduces the data file's fragmentation to 0 and every index file's to 0,
 *  - purges exactly the tombstones (deleted or expired documents) older than the purge interval.
 * Runs: TOKENQL_PROPERTY_RUNS (default 40).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Database } from '../../src/index.js';
import { manualClock } from '../storage/file/helpers.js';
import { describeStores } from '../support/describe-stores.js';
import { DURABLE_KINDS, testStore, testStoreKinds } from '../support/store-kinds.js';

const RUNS = Number(process.env.TOKENQL_PROPERTY_RUNS ?? 40);
const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const WORDS = ['red', 'green', 'blue', 'spa', 'wifi'];

type Op =
  | { kind: 'upsert' | 'insert'; key: string; n: number; words: string[]; expiration: number }
  | { kind: 'remove'; key: string }
  | { kind: 'advance'; ms: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('upsert' as const, 'insert' as const),
    key: fc.constantFrom(...KEYS),
    n: fc.integer({ min: -5, max: 20 }),
    words: fc.subarray(WORDS),
    expiration: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 4 * 86400 })),
  }),
  fc.record({ kind: fc.constant('remove' as const), key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 3 * 86_400_000 }) }),
);

const QUERIES = [
  'SELECT META().id AS id, n, words FROM t ORDER BY META().id',
  'SELECT RAW META().id FROM t WHERE n > 3 ORDER BY META().id',
  'SELECT RAW META().id FROM t WHERE ANY w IN words SATISFIES w = "spa" END ORDER BY META().id',
  'SELECT COUNT(*) AS c, SUM(n) AS s FROM t',
  'SELECT RAW META().id FROM t WHERE CONTAINS_TOKEN(words, "red") ORDER BY META().id',
];

async function answers(db: Database): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const q of QUERIES) out.push((await db.query(q)).results);
  return out;
}

describeStores('compaction laws (property)', (kind) => {
  it('keeps every answer, reduces fragmentation to 0 and purges exactly the old tombstones', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), fc.constantFrom(0, 0.5, 1, 1.5, 3), async (ops, purgeIntervalDays) => {
        const store = await testStore(kind);
        const time = manualClock();
        const clock = time.now;
        let db = await store.open({ clock });
        try {
          await db.createBucket('t');
          await db.query('CREATE PRIMARY INDEX ON t');
          await db.query('CREATE INDEX by_n ON t(n)');
          await db.query('CREATE INDEX by_word ON t(DISTINCT ARRAY w FOR w IN words END) WITH {"design_doc": "words"}');
          // Model: live documents with their expiration, tombstones with their deletion time (seconds).
          const live = new Map<string, number>();
          const tombs = new Map<string, number>();
          const sec = (): number => Math.floor(clock() / 1000);
          const expire = (): void => {
            for (const [k, exp] of [...live]) if (exp !== 0 && exp <= sec()) (live.delete(k), tombs.set(k, exp));
          };
          for (const o of ops) {
            expire();
            if (o.kind === 'advance') time.advance(o.ms);
            else if (o.kind === 'remove') {
              const removed = await db.remove('t', o.key);
              expect(removed).toBe(live.has(o.key));
              if (removed) (live.delete(o.key), tombs.set(o.key, sec()));
            } else {
              if (o.kind === 'insert' && live.has(o.key)) {
                await expect(db.insert('t', o.key, { n: o.n })).rejects.toMatchObject({ reason: 'KEY_EXISTS' });
                continue;
              }
              await db[o.kind]('t', o.key, { n: o.n, words: o.words }, { expiration: o.expiration });
              live.set(o.key, o.expiration === 0 ? 0 : sec() + o.expiration);
              tombs.delete(o.key);
            }
          }
          expire();
          const before = await answers(db);
          const stats = db.bucketStats('t');
          expect(stats.itemCount).toBe(live.size);
          expect(stats.tombstones).toBe(tombs.size);
          const purgeBefore = sec() - Math.round(purgeIntervalDays * 86400);
          const old = [...tombs.values()].filter((t) => t < purgeBefore).length;
          const r = await db.compactBucket('t', { purgeIntervalDays });
          expect(r).toMatchObject({ cancelled: false, purgedTombstones: old });
          const after = db.bucketStats('t');
          expect(after.tombstones).toBe(tombs.size - old);
          expect(after.data.fragmentedBytes).toBe(0);
          for (const v of Object.values(after.views)) expect(v.fragmentedBytes).toBe(0);
          expect(await answers(db)).toEqual(before);
          await db.close();
          db = await store.open({ clock });
          expect(await answers(db)).toEqual(before);
          expect(db.bucketStats('t')).toEqual(after);
        } finally {
          await store.dispose();
        }
      }),
      { numRuns: RUNS },
    );
  });
}, { kinds: testStoreKinds().filter((k) => DURABLE_KINDS.includes(k)), timeout: 600_000 });
