/**
 * Property: a FLATTEN_KEYS array index never changes a result (DESIGN §7 "an index scan and a
 * full scan always agree"). Random documents whose `arr` holds objects with fields `a` and `b`
 * (numbers, strings, NULL or MISSING; the array itself sometimes missing, empty or no array), one
 * random FLATTEN_KEYS index (DISTINCT or ALL, leading or after a scalar key, DESC keys, WHEN,
 * nested), and random queries: `ANY v IN arr SATISFIES <conjunction over v.a, v.b> END` (=,
 * ranges, IN, OR, IS NOT NULL, LIKE), ANY AND EVERY, EVERY, `UNNEST arr AS v WHERE …` and two
 * nested UNNESTs,
 * projecting META().id or the element's fields. Each query's rows on a database with the index
 * equal those on one without (multisets), on the in-memory store.
 *
 * Runs: TOKENQL_PROPERTY_RUNS scenarios (default 150, 6 queries each). Replay a failure with
 * TOKENQL_PROPERTY_SEED / TOKENQL_PROPERTY_PATH (src/testing/runs.ts).
 */
import fc from 'fast-check';
import { expect, it, describe } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { propertyParameters } from '../../src/testing/index.js';
import { canonical, sameRows } from '../support/compare.js';

const scalar = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom('x', 'xa', 'y'), fc.constant(null), fc.constant(undefined));
const element = fc.record({ a: scalar, b: scalar }).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Value);
const nested = fc.array(fc.record({ a: scalar, inner: fc.array(element, { maxLength: 3 }) }), { maxLength: 3 }).map((xs) => xs.map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Value));
const doc = fc.record({
  k: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.constant(undefined)),
  arr: fc.oneof({ weight: 6, arbitrary: fc.array(element, { maxLength: 4 }) }, { weight: 1, arbitrary: fc.constantFrom(undefined, 'no', null) }),
  grp: nested,
});

const INDEXES = [
  'CREATE INDEX ix ON ks(DISTINCT ARRAY FLATTEN_KEYS(v.a, v.b) FOR v IN arr END)',
  'CREATE INDEX ix ON ks(ALL ARRAY FLATTEN_KEYS(v.a DESC, v.b) FOR v IN arr END, k)',
  'CREATE INDEX ix ON ks(k, DISTINCT ARRAY FLATTEN_KEYS(v.a, v.b DESC) FOR v IN arr END)',
  'CREATE INDEX ix ON ks(k DESC, ALL ARRAY FLATTEN_KEYS(v.b, v.a) FOR v IN arr END)',
  'CREATE INDEX ix ON ks(DISTINCT ARRAY FLATTEN_KEYS(v.a, v.b) FOR v IN arr WHEN v.b >= 1 END)',
  'CREATE INDEX ix ON ks(ALL ARRAY FLATTEN_KEYS(v.a INCLUDE MISSING, v.b) FOR v IN arr END)',
  'CREATE INDEX ix ON ks(DISTINCT ARRAY (DISTINCT ARRAY FLATTEN_KEYS(w.a, o.a) FOR w IN o.inner END) FOR o IN grp END, k)',
  'CREATE INDEX ix ON ks(ALL ARRAY (ALL ARRAY FLATTEN_KEYS(w.a DESC, w.b, o.a) FOR w IN o.inner END) FOR o IN grp END, k)',
];

const term = (v: string) =>
  fc.oneof(
    fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom('=', '>=', '<', '!='), fc.integer({ min: 0, max: 4 })).map(([f, op, n]) => `${v}.${f} ${op} ${n}`),
    fc.constantFrom('a', 'b').map((f) => `${v}.${f} IN [1, 3, "x"]`),
    fc.constantFrom('a', 'b').map((f) => `${v}.${f} IS NOT NULL`),
    fc.constantFrom('a', 'b').map((f) => `${v}.${f} LIKE "x%"`),
    fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })).map(([x, y]) => `(${v}.a = ${x} OR ${v}.a = ${y})`),
    fc.constant(`${v}.b >= 1`),
  );
const conj = (v: string) => fc.array(term(v), { minLength: 1, maxLength: 3 }).map((ts) => ts.join(' AND '));
const kTerm = fc.constantFrom('', ' AND d.k = 1', ' AND d.k >= 0', ' AND d.k IS NOT MISSING');
const query = fc.oneof(
  fc.tuple(fc.constantFrom('ANY', 'ANY AND EVERY', 'EVERY'), conj('v'), kTerm).map(([q, c, k]) => `SELECT META(d).id FROM ks AS d WHERE ${q} v IN d.arr SATISFIES ${c} END${k}`),
  fc.tuple(conj('v'), kTerm).map(([c, k]) => `SELECT META(d).id, v.a, v.b FROM ks AS d UNNEST d.arr AS v WHERE ${c}${k}`),
  fc.tuple(conj('w'), kTerm).map(([c, k]) => `SELECT META(d).id FROM ks AS d WHERE ANY o IN d.grp SATISFIES (ANY w IN o.inner SATISFIES ${c} END) END${k}`),
  fc.tuple(conj('w'), fc.integer({ min: 0, max: 4 })).map(([c, n]) => `SELECT META(d).id FROM ks AS d WHERE ANY o IN d.grp SATISFIES o.a = ${n} AND (ANY w IN o.inner SATISFIES ${c} END) END`),
  fc.tuple(conj('w'), fc.integer({ min: 0, max: 4 })).map(([c, n]) => `SELECT META(d).id, o.a AS oa, w.a FROM ks AS d UNNEST d.grp AS o UNNEST o.inner AS w WHERE o.a >= ${n} AND ${c}`),
  kTerm.map((k) => `SELECT META(d).id FROM ks AS d WHERE d.k >= 0${k}`),
);

async function open(docs: Value[], ddl: string[]): Promise<Database> {
  const db = await Database.open();
  await db.createKeyspace('ks');
  for (let i = 0; i < docs.length; i++) await db.upsert('ks', `d${i}`, docs[i]);
  for (const s of ddl) await db.query(s);
  return db;
}

const clean = (d: Record<string, unknown>): Value => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as Value;

describe('FLATTEN_KEYS index scan vs full scan (property)', () => {
  it('every query has the same rows with and without a FLATTEN_KEYS index', async () => {
    let indexed = 0;
    let covered = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(doc, { maxLength: 12 }), fc.constantFrom(...INDEXES), fc.array(query, { minLength: 1, maxLength: 6 }), async (docs, ddl, queries) => {
        const values = docs.map((d) => clean(d));
        const [a, b] = [await open(values, [ddl]), await open(values, [])];
        try {
          for (const q of queries) {
            total++;
            const plan = JSON.stringify(await a.explain(q));
            if (plan.includes('"index":"ix"')) indexed++;
            if (plan.includes('"covers"')) covered++;
            const [ra, rb] = [(await a.query(q)).results, (await b.query(q)).results];
            if (!sameRows(ra, rb, false)) expect(ra.map(canonical), `${ddl}\n${q}`).toEqual(rb.map(canonical));
          }
        } finally {
          await a.close();
          await b.close();
        }
      }),
      propertyParameters(150),
    );
    // The property is only worth something if the index answers a fair share of the queries.
    expect(indexed).toBeGreaterThanOrEqual(Math.ceil(total * 0.2));
    console.info(`flatten-keys: ${indexed} of ${total} queries used the index, ${covered} covered`);
  }, 600_000);
});
