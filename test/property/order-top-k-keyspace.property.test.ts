/**
 * Property: ORDER BY … LIMIT k OFFSET o over a keyspace (the Order's top-k over the keyspace's
 * documents, executor/scan-top-k.ts, which reads them in write order and projects only the rows
 * it keeps) returns rows o..o+k-1 of the same ORDER BY without LIMIT (a full, stable sort of the
 * primary scan's rows, in document key order), and the rows of the same statement run with
 * profiling (every operator runs on every row). Random documents of mixed types with MISSING,
 * NULL, duplicates and nested fields, written in an order unrelated to their keys; one to three
 * sort terms over fields, a nested path and META().id, ASC/DESC, NULLS FIRST/LAST; RAW, `*` and
 * path projections.
 * Runs: TOKENQL_PROPERTY_RUNS (default 40).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { propertyRuns } from '../../src/testing/index.js';
import { Mulberry32 } from '../../src/demo/mulberry32.js';

const RUNS = propertyRuns(40);

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

/** The values a field takes: few, so that ties are many. */
const pool: fc.Arbitrary<Value[]> = fc.array(
  fc.oneof(fc.constantFrom<Value>(undefined, null, true, false, 0, 1, -1, 2.5, 'a', 'b', 'B', '', 'é', [], [1], { a: 1 }), fc.integer({ min: -50, max: 50 })),
  { minLength: 1, maxLength: 12 },
);

const term = fc.record({
  expr: fc.constantFrom('a', 'b', 'd.a', 'n.x', 'META().id', 'META(d).id'),
  dir: fc.constantFrom('', ' ASC', ' DESC'),
  nulls: fc.constantFrom('', ' NULLS FIRST', ' NULLS LAST'),
});

const projection = fc.constantFrom('RAW META().id', '*', 'RAW d', 'RAW META(d).id', 'd.a, d.b', 'a AS b, b AS a', 'META().id AS a, n', 'd.*', '*, a AS b');

let run = 0;

describe('ORDER BY … LIMIT over a keyspace ≡ the full ORDER BY, sliced', () => {
  it('for random documents with ties, mixed types, MISSING and NULL', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        // More than one batch (256) and a walk that cuts its kept documents many times.
        fc.integer({ min: 0, max: 1200 }),
        fc.integer(),
        pool,
        fc.array(term, { minLength: 1, maxLength: 3 }),
        projection,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 6 }),
        async (count, seed, values, terms, select, k, offset) => {
          const ks = `p${run++}`;
          const prng = new Mulberry32(seed);
          const field = (): Record<string, Value> => {
            const v = prng.pick(values);
            return v === undefined ? {} : { v };
          };
          // Keys in an order unrelated to the write order; a few keys written twice (an update keeps its slot).
          for (let i = 0; i < count; i++) {
            const doc: Record<string, Value> = { i };
            const a = field();
            const b = field();
            const x = field();
            if ('v' in a) doc.a = a.v;
            if ('v' in b) doc.b = b.v;
            if ('v' in x) doc.n = prng.next() < 0.5 ? { x: x.v } : x.v;
            await db.upsert(ks, `k${Math.floor(prng.next() * count * 2)}`, doc);
          }
          await db.createKeyspace(ks);
          const order = terms.map((t) => `${t.expr}${t.dir}${t.nulls}`).join(', ');
          const base = `SELECT ${select} FROM ${ks} AS d ORDER BY ${order}`;
          const all = (await db.query(base)).results;
          const statement = `${base} LIMIT ${k} OFFSET ${offset}`;
          const top = (await db.query(statement)).results;
          expect(top, statement).toEqual(all.slice(offset, offset + k));
          expect((await db.query(statement, { profile: 'timings' })).results, statement).toEqual(top);
          await db.dropBucket(ks);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
