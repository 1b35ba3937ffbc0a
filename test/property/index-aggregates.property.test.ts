/**
 * Property: aggregates answered from an index equal the same query without it (issue 19 §4).
 * Random documents (fields `k`, `v`, `w` MISSING, NULL, booleans, numbers with 0 and -0,
 * strings, small arrays and objects), random grouped or ungrouped SELECTs whose aggregates the
 * index can answer (COUNT, COUNTN, SUM, MIN, MAX, AVG, DISTINCT forms, COUNT(*), COUNT(1)) over
 * WHERE predicates on the leading key that the spans decide, some with ORDER BY on every group
 * key and LIMIT/OFFSET (compared in order; the index may serve it, `index_order` and `limit`):
 * the rows with the index `ikvw`
 * and the primary index (index_group_aggs, also over META().id on the primary index,
 * IndexCountDistinctScan2, IndexCountScan2 over the array index `iw` with ANY predicates) equal the rows of the same query over keyspace `ks2`, holding the same
 * documents without any index (a sequential scan, Filter and the group operators). A sanity test checks the
 * generated queries really are answered from the index. The statements that need neither the
 * primary index nor `iw` run on `ks3` too, whose one index is `ikvw` PARTITION BY HASH(v)
 * (`partial` groups); WHERE includes ORs on the leading key (ordered disjoint spans, whose index
 * order serves ORDER BY, OFFSET and LIMIT), and aggregates of one operand without WHERE scan
 * the index with `operand IS NOT NULL`.
 * Replay: `TOKENQL_PROPERTY_SEED=S TOKENQL_PROPERTY_PATH="P" npx vitest run test/property/index-aggregates.property.test.ts`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { propertyParameters, propertyRuns, sameRows } from '../../src/testing/index.js';

const RUNS = propertyRuns(150);

const scalar = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0, -0, 1.5, -2.25),
  fc.constantFrom('a', 'b', 'B', ''),
);
const value: fc.Arbitrary<Value | undefined> = fc.oneof({ weight: 6, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar.filter((x) => x !== undefined), { maxLength: 2 }) as fc.Arbitrary<Value> }, { weight: 1, arbitrary: fc.constantFrom({ a: 1, b: 2 }, { b: 2, a: 1 }, {}) as fc.Arbitrary<Value> });
const doc = fc.record({ k: value, v: value, w: value });
const docs = fc.array(doc, { maxLength: 25 });

const operand = fc.constantFrom('v', 'w', 'k', 'v + w', 'ABS(v)', 'META().id', '1');
const aggregate = fc.oneof(
  fc.tuple(fc.constantFrom('COUNT', 'COUNTN', 'SUM', 'AVG', 'MIN', 'MAX'), operand).map(([f, o]) => `${f}(${o})`),
  fc.tuple(fc.constantFrom('COUNT', 'COUNTN', 'SUM', 'AVG'), operand).map(([f, o]) => `${f}(DISTINCT ${o})`),
  fc.constant('COUNT(*)'),
);
const where = fc.constantFrom('k IS NOT MISSING', 'k IS NOT NULL', 'k > 0', 'k >= -1', 'k = 1', 'k < "b"', 'k BETWEEN -2 AND 2', 'k IN [0, 1, "a"]', 'k >= 1 AND k < 3', 'k = 1 OR k >= 2', 'k < 0 OR k > 1', '');
const groupBy = fc.constantFrom('', 'k', 'v', 'k, v', 'k + 1', 'LOWER(w)');
/** A statement for a keyspace-name suffix (`''`: ks, indexed; `'2'`: ks2, no index); `ordered` when it has an ORDER BY on every group key (no ties). */
type Statement = ((ix: string) => string) & { ordered?: boolean };
const query = fc.record({ aggs: fc.array(aggregate, { minLength: 1, maxLength: 3 }), where, groupBy, order: fc.constantFrom('', 'ASC', 'DESC'), page: fc.constantFrom('', ' LIMIT 2', ' LIMIT 1 OFFSET 1', ' OFFSET 2', ' LIMIT 0') }).map(({ aggs, where, groupBy, order, page }): Statement => {
  const groups = groupBy ? groupBy.split(', ') : [];
  const keys = groups.map((g, i) => `${g} AS g${i}`);
  const terms = [...keys, ...aggs.map((a, i) => `${a} AS a${i}`)].join(', ');
  const orderBy = order && groups.length ? ` ORDER BY ${groups.map((g) => `${g} ${order}`).join(', ')}${page}` : '';
  return Object.assign((ix: string) => `SELECT ${terms} FROM ks${ix}${where ? ` WHERE ${where}` : ''}${groupBy ? ` GROUP BY ${groupBy}` : ''}${orderBy}`, { ordered: !!orderBy });
});
const countDistinct = fc.constantFrom('k IS NOT MISSING', 'k IS NOT NULL', 'k > 0', 'k >= -1').map((w): Statement => (ix: string) => `SELECT COUNT(DISTINCT k) AS c FROM ks${ix} WHERE ${w}`);
/** COUNT(*) over an ANY the array index `iw` decides: each document counted once. */
const arrayCount = fc
  .constantFrom('x = 1', 'x = "a"', 'x >= 0', 'x IN [1, 2, "b"]', 'x < "b"', 'x IS NOT NULL')
  .map((c): Statement => (ix: string) => `SELECT COUNT(*) AS c FROM ks${ix} WHERE ANY x IN w SATISFIES ${c} END`);
/** Aggregates of one operand without WHERE or GROUP BY: scanned with `operand IS NOT NULL` (aggregate-constraint.ts). */
const oneOperand = fc
  .record({ fs: fc.array(fc.constantFrom('COUNT', 'COUNTN', 'SUM', 'AVG', 'MIN', 'MAX', 'COUNT(DISTINCT', 'SUM(DISTINCT'), { minLength: 1, maxLength: 3 }), x: fc.constantFrom('k', 'v') })
  .map(({ fs, x }): Statement => (ix: string) => `SELECT ${fs.map((f, i) => (f.includes('(') ? `${f} ${x})` : `${f}(${x})`) + ` AS a${i}`).join(', ')} FROM ks${ix}`);
/** Aggregates over META().id alone, answered from the primary index. */
const primaryQuery = fc
  .record({
    aggs: fc.array(fc.constantFrom('COUNT(META().id)', 'MIN(META().id)', 'MAX(META().id)', 'SUM(LENGTH(META().id))', 'AVG(DISTINCT LENGTH(META().id))', 'COUNT(*)', 'COUNT(1)'), { minLength: 1, maxLength: 3 }),
    groupBy: fc.constantFrom('', 'META().id', 'SUBSTR(META().id, 0, 2)'),
  })
  .map(({ aggs, groupBy }): Statement => (ix: string) => `SELECT ${[...(groupBy ? [`${groupBy} AS g`] : []), ...aggs.map((a, i) => `${a} AS a${i}`)].join(', ')} FROM ks${ix}${groupBy ? ` GROUP BY ${groupBy}` : ''}`);

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('ks');
  await db.createKeyspace('ks2');
  await db.query('CREATE PRIMARY INDEX ON ks');
  await db.query('CREATE INDEX ikvw ON ks(k, v, w)');
  await db.query('CREATE INDEX iw ON ks(ALL ARRAY x FOR x IN w END)');
  // The same index partitioned on a non-leading key: its groups are `partial` (index-group-aggs.ts), the rows the same.
  await db.createKeyspace('ks3');
  await db.query('CREATE INDEX ikvw3 ON ks3(k, v, w) PARTITION BY HASH(v)');
});
afterAll(async () => db.close());

/** The documents into `ks` (indexed) and `ks2` (no index at all: sequential scans). */
async function fill(ds: readonly Record<string, Value | undefined>[]): Promise<void> {
  for (const ks of ['ks', 'ks2', 'ks3']) {
    await db.query(`DELETE FROM ${ks}`);
    for (let i = 0; i < ds.length; i++) {
      const d: Record<string, Value> = {};
      for (const [f, x] of Object.entries(ds[i])) if (x !== undefined) d[f] = x;
      await db.upsert(ks, `d${i}`, d);
    }
  }
}

describe('index aggregates vs the same query without the index (property)', { timeout: 600_000 }, () => {
  it('gives the same rows', async () => {
    await fc.assert(
      fc.asyncProperty(docs, fc.array(fc.oneof({ weight: 5, arbitrary: query }, { weight: 1, arbitrary: countDistinct }, { weight: 1, arbitrary: primaryQuery }, { weight: 1, arbitrary: arrayCount }, { weight: 1, arbitrary: oneOperand }), { minLength: 1, maxLength: 4 }), async (ds, qs) => {
        await fill(ds);
        for (const q of qs) {
          const without = (await db.query(q('2'))).results;
          // ks3 (partitioned index) has no primary index nor `iw`: only the statements its index can serve.
          for (const ix of q('').includes('META()') || q('').includes('ANY x') ? [''] : ['', '3']) {
            const withIndex = (await db.query(q(ix))).results;
            if (!sameRows(withIndex, without, !!q.ordered)) throw new Error(`${q(ix)}\nwith index: ${JSON.stringify(withIndex)}\nwithout: ${JSON.stringify(without)}`);
          }
        }
      }),
      propertyParameters(RUNS),
    );
  });

  it('answers most generated queries from the index', async () => {
    let pushed = 0;
    const sample = fc.sample(fc.oneof(query, countDistinct, primaryQuery, arrayCount, oneOperand), { numRuns: 100, seed: 20261127 });
    for (const q of sample) {
      const plan = JSON.stringify(await db.explain(q('')));
      if (plan.includes('index_group_aggs') || plan.includes('IndexCountDistinctScan2') || plan.includes('CountScan')) pushed++;
    }
    expect(pushed).toBeGreaterThan(60);
  });
});
