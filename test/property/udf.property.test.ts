/**
 * An inline user-defined function is its body with the arguments put for the parameters: for
 * any values (MISSING included), `f(d.a, d.b)` equals the body written with `d.a` and `d.b`, for
 * bodies whose MISSING/NULL rules differ (arithmetic, CONCAT, a constructor, comparison,
 * IFMISSING, a subquery reading the parameters). A JavaScript function of the same body gives
 * the same value for JSON numbers.
 * Runs: TOKENQL_PROPERTY_RUNS (default 40: each run is a write and six queries).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { anyValue } from '../../src/testing/documents.js';

const BODIES: [string, string][] = [
  ['fAdd', 'a + b'],
  ['fConcat', 'CONCAT(a, b)'],
  ['fArray', '[a, b]'],
  ['fEq', 'a = b'],
  ['fIfMissing', 'IFMISSING(a, b)'],
  ['fSub', '(SELECT RAW x FROM [a, b] AS x WHERE x IS VALUED)'],
];

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('ks');
  for (const [name, body] of BODIES) await db.query(`CREATE FUNCTION ${name}(a, b) { ${body} }`);
  await db.query('CREATE FUNCTION jsAdd(a, b) LANGUAGE JAVASCRIPT AS "function jsAdd(a, b) { return a + b; }"');
});
afterAll(async () => db.close());

const runs = Number(process.env.TOKENQL_PROPERTY_RUNS ?? 40);
const maybeMissing = fc.option(anyValue, { nil: undefined, freq: 4 });

describe('inline function ≡ its body', () => {
  it('for any arguments, MISSING and NULL included', async () => {
    await fc.assert(
      fc.asyncProperty(maybeMissing, maybeMissing, async (a, b) => {
        const doc: Record<string, Value> = {};
        if (a !== undefined) doc.a = a;
        if (b !== undefined) doc.b = b;
        await db.upsert('ks', 'k', doc);
        for (const [name, body] of BODIES) {
          const inlined = body.replace(/\ba\b/g, 'd.a').replace(/\bb\b/g, 'd.b');
          const [row] = (await db.query(`SELECT ${name}(d.a, d.b) AS udf, ${inlined} AS expr FROM ks d USE KEYS "k"`)).results as { udf?: Value; expr?: Value }[];
          expect(row!.udf, `${name}(${JSON.stringify(a)}, ${JSON.stringify(b)})`).toEqual(row!.expr);
        }
      }),
      { numRuns: runs },
    );
  });

  it('a JavaScript function adds numbers as N1QL does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), async (a, b) => {
        const [row] = (await db.query(`SELECT RAW [jsAdd(${a}, ${b}), ${a} + ${b}]`)).results as [Value, Value][];
        expect(row![0]).toEqual(row![1]);
      }),
      { numRuns: Math.max(1, runs / 2) },
    );
  });
});
