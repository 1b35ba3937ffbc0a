/**
 * Property: array indexes serving UNNEST and ANY, and covering scans over them, never change a
 * result. Random documents with an array of small objects (duplicates, NULL and MISSING members
 * included), random scalar fields; database A has array and composite indexes (an ALL and a
 * DISTINCT array key, one with a WHEN, array keys beside scalar keys, an expression key on the
 * UNNEST expression), database B none: every statement gives the same rows on both. The
 * statements are those whose plans use the indexes (UNNEST predicates sarged as ANY, `!=` as two
 * spans, an OR as a UnionScan, covering scans whose spans decide an ANY conjunct, UNNESTs
 * answered from an ALL key with duplicate elements, an UNNEST's conjuncts as the index filter).
 * Runs: TOKENQL_PROPERTY_RUNS (default 60 scenarios × every statement).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { literal, propertyParameters, sameRows } from '../../src/testing/index.js';
import type { Value } from '../../src/values/index.js';

const small = fc.constantFrom<Value>(null, 0, 1, 2, 'a');
const member = fc.record({ x: small, y: small }, { requiredKeys: [] });
const doc = fc.record(
  {
    arr: fc.oneof(fc.array(fc.oneof(member, small), { maxLength: 4 }), small),
    arr2: fc.array(small, { maxLength: 3 }),
    a: small,
    b: small,
    c1: small,
    ref: fc.constantFrom<Value>('k0', 'k1', 'k2', null),
  },
  { requiredKeys: [] },
);

const INDEXES = [
  'CREATE INDEX ix_all ON ks(ALL ARRAY u.x FOR u IN arr END)',
  'CREATE INDEX ix_dy ON ks(DISTINCT ARRAY u.y FOR u IN arr END)',
  'CREATE INDEX ix_da ON ks(DISTINCT ARRAY u.x FOR u IN arr END, a, c1)',
  'CREATE INDEX ix_when ON ks(DISTINCT ARRAY u.x FOR u IN arr WHEN u.y = 1 END)',
  'CREATE INDEX ix_self ON ks(ALL arr2, b)',
  'CREATE INDEX ix_c1 ON ks(c1, arr)',
  'CREATE INDEX ix_cat ON ks(ARRAY_CONCAT(arr2, arr2))',
  'CREATE INDEX ix_ref ON ks(b, ref)',
  'CREATE INDEX ix_arr2 ON ks(arr2, a)',
];

const STATEMENTS = [
  'SELECT META(d).id, u FROM ks AS d UNNEST d.arr AS u WHERE u.x = 1',
  'SELECT META(d).id, u.x FROM ks AS d UNNEST d.arr AS u WHERE u.x > 0 ORDER BY u.x, META(d).id',
  'SELECT u.x, d.a FROM ks AS d UNNEST d.arr AS u WHERE u.x = 1 OR u.y = 2',
  'SELECT d.c1, u FROM ks AS d UNNEST d.arr AS u WHERE d.c1 != 1 AND d.c1 = u.x',
  'SELECT arr2, d.b FROM ks AS d UNNEST d.arr2 WHERE arr2 = 1',
  'SELECT d.b, v FROM ks AS d UNNEST ARRAY_CONCAT(d.arr2, d.arr2) AS v',
  'SELECT META().id, a, c1 FROM ks WHERE ANY v IN arr SATISFIES v.x = 1 END AND a != 0',
  'SELECT META().id, c1 FROM ks WHERE ANY v IN arr SATISFIES v.x = 2 END AND c1 IS NOT NULL',
  'SELECT RAW META().id FROM ks WHERE ANY v IN arr SATISFIES v.x > 0 AND v.y = 1 END',
  'SELECT META().id, b FROM ks WHERE ANY v IN arr2 SATISFIES v = 1 END',
  'SELECT META().id, arr FROM ks WHERE c1 = 1 AND ANY v IN arr SATISFIES v.x IS NOT NULL END',
  'SELECT COUNT(*) AS n FROM ks AS d UNNEST d.arr AS u WHERE u.x >= 1',
  // WHERE conjuncts on the first term alone: a Filter before the UNNEST, or a covering scan's filter.
  'SELECT d.a, u FROM ks AS d UNNEST d.arr AS u WHERE d.a = 1 AND u.x = 1',
  'SELECT d.c1, u FROM ks AS d UNNEST d.arr AS u WHERE d.c1 = 1',
  'SELECT d.c1, u FROM ks AS d UNNEST d.arr AS u WHERE d.c1 >= 0 AND d.c1 != 1 AND u IS NOT NULL',
  'SELECT RAW COUNT(*) FROM (SELECT d.c1 FROM ks AS d UNNEST d.arr AS u WHERE d.c1 = 1 LIMIT 2 OFFSET 1) AS s',
  'SELECT d.b, d.ref, e.a FROM ks AS d JOIN ks AS e ON KEYS d.ref WHERE d.b = 1',
  'SELECT d.b, e.c1 FROM ks AS d LEFT JOIN ks AS e ON KEYS d.ref WHERE d.b >= 0 AND d.ref != "k1"',
  // x >= [] and x < {} are exact spans.
  'SELECT RAW META().id FROM ks WHERE arr2 >= [] AND arr2 < {}',
  'SELECT META().id, a FROM ks WHERE arr2 < {} AND a = 1',
  'SELECT META().id FROM ks WHERE arr2 >= [] LIMIT 3',
  // Covering UNNEST scans (an ALL key answers the UNNEST: one row per occurrence of an entry).
  'SELECT u.x, COUNT(1) AS n FROM ks AS d UNNEST d.arr AS u WHERE u.x IS NOT NULL GROUP BY u.x',
  'SELECT v, d.b FROM ks AS d UNNEST d.arr2 AS v WHERE v >= 0 AND d.b != 2',
  'SELECT META(d).id, u.x FROM ks AS d UNNEST d.arr AS u WHERE u.x = 1 OR u.x = 2',
  'SELECT RAW u.x FROM ks AS d UNNEST d.arr AS u WHERE u.x BETWEEN 0 AND 1 ORDER BY u.x',
  // An UNNEST's index filter on a scan that does not cover (conjuncts on the element, per entry).
  'SELECT META(d).id, u, d.a FROM ks AS d UNNEST d.arr AS u WHERE u.x >= 0 AND u.x != 1',
  'SELECT META(d).id, u FROM ks AS d UNNEST d.arr AS u WHERE u.x LIKE "%a%"',
  'SELECT d.a, u FROM ks AS d UNNEST d.arr AS u WHERE ABS(u.x) = 1 AND u.x IS NOT NULL',
  // Correlated subqueries that read the covered row only through its keys.
  'SELECT d.c1, (SELECT RAW x FROM d.arr AS x) AS xs FROM ks AS d WHERE d.c1 = 1',
  'SELECT d.c1, (SELECT RAW META(d).id || "-" || META(e).id FROM ks AS e USE KEYS META(d).id) AS s FROM ks AS d WHERE d.c1 >= 0',
];

describe('array indexes for UNNEST and ANY, covering (property)', { timeout: 600_000 }, () => {
  it('every statement has the same rows with and without the indexes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(doc, { minLength: 1, maxLength: 10 }), async (docs) => {
        const [a, b] = [await Database.open(), await Database.open()];
        try {
          for (const db of [a, b]) {
            await db.createKeyspace('ks');
            for (let i = 0; i < docs.length; i++) await db.query(`INSERT INTO ks (KEY, VALUE) VALUES ("k${i}", ${literal(docs[i] as Value)})`);
          }
          for (const s of INDEXES) await a.query(s);
          for (const text of STATEMENTS) {
            const ordered = /ORDER BY/.test(text);
            const [ra, rb] = [(await a.query(text)).results, (await b.query(text)).results];
            // Any rows will do under a LIMIT without ORDER BY: their number must agree.
            if (/LIMIT/.test(text) && !/COUNT/.test(text)) {
              expect(ra.length, text).toBe(rb.length);
              continue;
            }
            expect(sameRows(ra, rb, ordered), `${text}: ${JSON.stringify(ra)} vs ${JSON.stringify(rb)}`).toBe(true);
          }
        } finally {
          await a.close();
          await b.close();
        }
      }),
      propertyParameters(60),
    );
  });

  /** The statements above really use the indexes: array index scans for UNNEST, and covering scans. */
  it('plans index scans for the UNNEST statements and covering scans for the ANY ones', async () => {
    const db = await Database.open();
    await db.createKeyspace('ks');
    for (const s of INDEXES) await db.query(s);
    const plan = async (i: number) => JSON.stringify(await db.explain(STATEMENTS[i]!));
    for (const i of [0, 1, 4]) expect(await plan(i)).toContain('"IndexScan3"');
    expect(await plan(2)).toContain('"UnionScan"');
    for (const i of [28, 29]) expect(await plan(i), STATEMENTS[i]).toMatch(/^\{"#operator":"Sequence","~children":\[\{"#operator":"IndexScan3","as":"d","covers"/);
    // The UNNEST's index filter: printed on the scan of a block that fetches.
    for (const i of [25, 26]) expect(await plan(i), STATEMENTS[i]).toMatch(/"DistinctScan".*"filter":.*"Fetch"/);
    // Covering UNNEST scans: no DistinctScan, Fetch or Unnest.
    for (const i of [1, 4, 11, 21, 24]) {
      const p = await plan(i);
      expect(p, STATEMENTS[i]).toMatch(/"IndexScan3","as":"d","covers"/);
      for (const op of ['DistinctScan', 'Fetch', 'Unnest']) expect(p, STATEMENTS[i]).not.toContain(`"${op}"`);
    }
    // d.c1 != 1: the two spans below and above 1.
    expect(await plan(3)).toMatch(/"index":"ix_c1".*"spans":\[\{.*"inclusion":0.*\},\{.*"inclusion":0/);
    // Without ix_all (chosen before ix_da on a tie), the ANY statements are covered by ix_da and ix_self.
    await db.query('DROP INDEX ks.ix_all');
    // The covering scans' filters: the WHERE on the first term before the UNNEST and the lookup join.
    for (const i of [13, 16]) expect(await plan(i)).toMatch(/"IndexScan3".*"covers".*"filter"/);
    for (const i of [6, 7, 9]) {
      const p = await plan(i);
      expect(p, STATEMENTS[i]).toContain('"covers"');
      expect(p, STATEMENTS[i]).not.toContain('"Fetch"');
    }
    await db.close();
  });
});
