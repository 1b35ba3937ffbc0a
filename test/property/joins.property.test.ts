/**
 * Properties of the join operators over random documents and equi-join conditions:
 * - HashJoin (build on either side) ≡ NestedLoopJoin ≡ the definition computed naively
 *   (pairs whose keys are equal, MISSING and NULL keys never matching), and so is the COUNT(*)
 *   of a join whose aliases nothing else reads (the hash join's unbound rows);
 * - with and without an index on the inner side's key the rows are the same (the planner then
 *   picks a NestedLoopJoin over an IndexScan3);
 * - LEFT JOIN keeps every outer row; NEST groups exactly the matches per outer row;
 * - an index join (`ON KEY r.o FOR l`) covered by its index gives exactly the naive pairs.
 * Runs: TOKENQL_PROPERTY_RUNS scenarios (default 60).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { propertyParameters } from '../../src/testing/index.js';
import type { Value } from '../../src/values/index.js';

/** Join key values: numbers (1 and 1.0 are equal in N1QL), strings, booleans, NULL and MISSING. */
const keyValue = fc.constantFrom<Value>(1, 1.0, 2, 3, 'a', 'b', true, null, undefined);
const doc = fc.record({ k: keyValue, v: fc.integer({ min: 0, max: 3 }) });
const side = fc.array(doc, { maxLength: 12 });

const present = (v: Value) => v !== undefined && v !== null;
/** N1QL `=` on the scalar key values used here: TRUE exactly when both are present and equal. */
const equal = (a: Value, b: Value) => present(a) && present(b) && typeof a === typeof b && a === b;

async function load(db: Database, ks: string, docs: { k: Value; v: number }[]): Promise<void> {
  await db.createKeyspace(ks);
  const rows = docs.map((d, i) => ({ ...(d.k === undefined ? {} : { k: d.k }), v: d.v, i }));
  await db.load(ks, rows, { key: ((_d: Value, i: number) => `${ks}${i}`) as never });
}

const pairs = (rows: Value[]) => rows.map((r) => `${(r as { a?: string }).a}|${(r as { b?: string }).b}`).sort();

describe('joins (property)', { timeout: 300_000 }, () => {
  it('hash join ≡ nested loop ≡ naive, with or without an inner index; LEFT JOIN keeps every outer row', async () => {
    await fc.assert(
      fc.asyncProperty(side, side, fc.boolean(), async (left, right, extra) => {
        const db = await Database.open();
        try {
          await load(db, 'l', left);
          await load(db, 'r', right);
          const cond = extra ? 'l.k = r.k AND r.v >= l.v' : 'l.k = r.k';
          const naive: string[] = [];
          left.forEach((a, i) =>
            right.forEach((b, j) => {
              if (equal(a.k, b.k) && (!extra || b.v >= a.v)) naive.push(`l${i}|r${j}`);
            }),
          );
          naive.sort();
          const q = (hint: string) => `SELECT META(l).id AS a, META(r).id AS b FROM l JOIN r ${hint} ON ${cond}`;
          for (const hint of ['USE HASH(BUILD)', 'USE HASH(PROBE)', 'USE NL', '']) {
            expect(pairs((await db.query(q(hint))).results), hint).toEqual(naive);
            // COUNT(*) alone reads neither alias: the hash join passes its rows on unbound.
            expect((await db.query(`SELECT COUNT(*) AS n FROM l JOIN r ${hint} ON ${cond}`)).results, hint).toEqual([{ n: naive.length }]);
          }
          // LEFT JOIN: every outer row at least once, and exactly the naive pairs besides.
          const leftRows = (await db.query(`SELECT META(l).id AS a, META(r).id AS b FROM l LEFT JOIN r ON ${cond}`)).results as { a: string; b?: string }[];
          expect(new Set(leftRows.map((r) => r.a)).size).toBe(left.length);
          expect(pairs(leftRows.filter((r) => r.b !== undefined))).toEqual(naive);
          // NEST: one row per outer row with matches, holding exactly its matches.
          const nest = (await db.query(`SELECT META(l).id AS a, ARRAY_LENGTH(r) AS n FROM l NEST r ON ${cond}`)).results as { a: string; n: number }[];
          const counts = new Map<string, number>();
          for (const p of naive) counts.set(p.split('|')[0], (counts.get(p.split('|')[0]) ?? 0) + 1);
          expect(Object.fromEntries(nest.map((r) => [r.a, r.n]))).toEqual(Object.fromEntries(counts));
          // An index on the inner key: a nested loop over an index scan, the same rows.
          await db.query('CREATE INDEX ix_rk ON r(k)');
          const plan = JSON.stringify((await db.query(`EXPLAIN ${q('')}`)).results);
          expect(plan).toContain('NestedLoopJoin');
          expect(pairs((await db.query(q(''))).results)).toEqual(naive);
        } finally {
          await db.close();
        }
      }),
      propertyParameters(60),
    );
  });

  it('a covered index join (ON KEY … FOR, read only through its index) ≡ the naive pairs; LEFT keeps every outer row', async () => {
    const owner = fc.constantFrom<Value>('l0', 'l1', 'l2', 'l3', null, undefined, 3);
    const inner = fc.array(fc.record({ o: owner, v: fc.integer({ min: 0, max: 3 }) }), { maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(side, inner, async (left, right) => {
        const db = await Database.open();
        try {
          await load(db, 'l', left);
          await db.createKeyspace('r');
          const docs = right.map((d, i) => ({ ...(d.o === undefined ? {} : { o: d.o }), v: d.v, i }));
          await db.load('r', docs, { key: ((_d: Value, i: number) => `r${i}`) as never });
          await db.query('CREATE INDEX ix_ro ON r(o, v)');
          const naive: string[] = [];
          left.forEach((_a, i) => right.forEach((b, j) => b.o === `l${i}` && naive.push(`l${i}|r${j}|${b.v}`)));
          naive.sort();
          const q = 'SELECT META(l).id AS a, META(r).id AS b, r.v AS v FROM l JOIN r ON KEY r.o FOR l';
          expect(JSON.stringify((await db.query(`EXPLAIN ${q}`)).results)).toMatch(/"IndexJoin".*"scan":\{"covers"/);
          const got = ((await db.query(q)).results as { a: string; b: string; v: number }[]).map((r) => `${r.a}|${r.b}|${r.v}`).sort();
          expect(got).toEqual(naive);
          const leftRows = (await db.query(q.replace(' JOIN ', ' LEFT JOIN '))).results as { a: string; b?: string }[];
          expect(new Set(leftRows.map((r) => r.a)).size).toBe(left.length);
          expect(leftRows.filter((r) => r.b !== undefined).length).toBe(naive.length);
        } finally {
          await db.close();
        }
      }),
      propertyParameters(60),
    );
  });
});
