/**
 * Property: ORDER BY … LIMIT k (the Order operator's top-k, which drops a row that sorts after
 * the k-th kept one) returns the first k rows of the same ORDER BY without LIMIT (a full, stable
 * sort), OFFSET included, for random rows of mixed types with many ties (MISSING, NULL, numbers,
 * strings, arrays, objects), ascending and descending, NULLS FIRST / LAST.
 * Runs: TOKENQL_PROPERTY_RUNS (default 40).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { literal, propertyRuns } from '../../src/testing/index.js';
import { Mulberry32 } from '../../src/demo/mulberry32.js';

const RUNS = propertyRuns(40);

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

/** The values a sort key takes: few, so that ties are many. */
const small: fc.Arbitrary<Value[]> = fc.array(
  fc.oneof(fc.constantFrom<Value>(undefined, null, true, false, 0, 1, -1, 2.5, 'a', 'b', 'B', '', [], [1], { a: 1 }), fc.integer({ min: -1000, max: 1000 })),
  { minLength: 1, maxLength: 40 },
);

const term = fc.record({
  field: fc.constantFrom('a', 'b'),
  dir: fc.constantFrom('', ' ASC', ' DESC'),
  nulls: fc.constantFrom('', ' NULLS FIRST', ' NULLS LAST'),
});

describe('ORDER BY … LIMIT k ≡ the first k rows of the full ORDER BY', () => {
  it('for random rows with ties and mixed types', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        // Rows: more than a batch (256) so that the top-k cuts happen while rows still arrive.
        fc.integer({ min: 0, max: 900 }),
        fc.integer(),
        small,
        fc.array(term, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 5 }),
        async (count, seed, pool, terms, k, offset) => {
          const prng = new Mulberry32(seed);
          const rows = Array.from({ length: count }, () => ({ a: prng.pick(pool), b: prng.pick(pool) }));
          const docs = rows.map((r, i) => {
            const fields = [`"i": ${i}`];
            if (r.a !== undefined) fields.push(`"a": ${literal(r.a)}`);
            if (r.b !== undefined) fields.push(`"b": ${literal(r.b)}`);
            return `{${fields.join(', ')}}`;
          });
          const order = terms.map((t) => `d.${t.field}${t.dir}${t.nulls}`).join(', ');
          const base = `SELECT RAW d.i FROM [${docs.join(', ')}] AS d ORDER BY ${order}`;
          const all = (await db.query(base)).results;
          const top = (await db.query(`${base} LIMIT ${k} OFFSET ${offset}`)).results;
          expect(top, `${base} LIMIT ${k} OFFSET ${offset}`).toEqual(all.slice(offset, offset + k));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
