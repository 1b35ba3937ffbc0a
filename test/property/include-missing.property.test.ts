/**
 * Property: an index whose leading key is `INCLUDE MISSING` never changes a result (DESIGN §7
 * "an index scan and a full scan always agree"). Random documents whose keys `a`, `b`, `c` are
 * MISSING, NULL, booleans, numbers or strings; a random such index (`a INCLUDE MISSING [DESC]`,
 * then `b`, `c`, maybe partial `WHERE c IS VALUED`); random predicates on the keys (IS MISSING,
 * IS NULL, IS NOT VALUED, comparisons, ORs), none, or one on a non-key field; projections,
 * ORDER BY the leading key with LIMIT and OFFSET (also under DISTINCT and over an UNNEST), COUNT. Every statement must return the same
 * rows on database A (the index, no primary index: it must serve every query it can) and on
 * database B (a primary index only). Memory store. Runs: TOKENQL_PROPERTY_RUNS (default 300).
 */
import fc from 'fast-check';
import { expect, it, describe } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { propertyParameters, sameRows, canonical } from '../../src/testing/index.js';

const scalar: fc.Arbitrary<Value | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom('', 'a', 'b', 'c'),
);

const arr: fc.Arbitrary<Value | undefined> = fc.oneof(fc.constant(undefined), fc.constant(null), fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }));

const doc = fc.record({ a: scalar, b: scalar, c: scalar, z: fc.integer({ min: 0, max: 2 }), arr }).map((r) => {
  const d: Record<string, Value> = {};
  for (const [k, v] of Object.entries(r)) if (v !== undefined) d[k] = v;
  return d;
});

const lit = (v: Value): string => JSON.stringify(v);
const value = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -2, max: 3 }), fc.constantFrom('', 'a', 'b', 'c'));

const atom: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('IS MISSING', 'IS NOT MISSING', 'IS NULL', 'IS NOT NULL', 'IS VALUED', 'IS NOT VALUED')).map(([k, t]) => `${k} ${t}`),
  fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('=', '<', '<=', '>', '>=', '!='), value).map(([k, op, v]) => `${k} ${op} ${lit(v)}`),
  fc.integer({ min: 0, max: 2 }).map((n) => `z = ${n}`),
);

const where: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  atom,
  fc.tuple(atom, atom).map(([x, y]) => `${x} AND ${y}`),
  fc.tuple(atom, atom).map(([x, y]) => `${x} OR ${y}`),
  fc.tuple(atom, atom, atom).map(([x, y, z]) => `(${x} OR ${y}) AND ${z}`),
);

/** A statement and whether its rows are compared in order (ORDER BY on the whole projection). */
const statement: fc.Arbitrary<{ q: string; ordered: boolean }> = fc
  .tuple(where, fc.constantFrom('ids', 'keys', 'order', 'count', 'distinct', 'unnest', 'unnest distinct'), fc.boolean(), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 }))
  .map(([w, shape, desc, limit, offset]) => {
    const wh = w ? ` WHERE ${w}` : '';
    const page = ` LIMIT ${limit} OFFSET ${offset}`;
    switch (shape) {
      case 'distinct':
        return { q: `SELECT DISTINCT a FROM ks${wh} ORDER BY a${desc ? ' DESC' : ''}${page}`, ordered: true };
      case 'unnest':
      case 'unnest distinct':
        // The UNNEST's rows follow their document's: ordered by the document's key.
        return { q: `SELECT ${shape === 'unnest' ? '' : 'DISTINCT '}t.a FROM ks AS t UNNEST t.arr AS u ORDER BY t.a${desc ? ' DESC' : ''}${page}`, ordered: true };
      case 'ids':
        return { q: `SELECT META().id FROM ks${wh}`, ordered: false };
      case 'keys':
        return { q: `SELECT META().id, a, b, c FROM ks${wh}`, ordered: false };
      case 'count':
        return { q: `SELECT COUNT(1) AS n, COUNT(a) AS na FROM ks${wh}`, ordered: false };
      default:
        // Only the ordered key is projected: entries with equal keys may come in any order.
        return { q: `SELECT a FROM ks${wh} ORDER BY a${desc ? ' DESC' : ''} LIMIT ${limit} OFFSET ${offset}`, ordered: true };
    }
  });

const index = fc.tuple(fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 3 })).map(([desc, partial, n]) => {
  const keys = ['a INCLUDE MISSING' + (desc ? ' DESC' : ''), 'b', 'c'].slice(0, n);
  return `CREATE INDEX ixm ON ks(${keys.join(', ')})${partial ? ' WHERE c IS VALUED' : ''}`;
});

async function open(docs: Record<string, Value>[], ddl: string): Promise<Database> {
  const db = await Database.open();
  await db.createKeyspace('ks');
  for (let i = 0; i < docs.length; i++) await db.upsert('ks', `k${i}`, docs[i]!);
  await db.query(ddl);
  return db;
}

const RUNS = 300;

describe('INCLUDE MISSING index vs primary scan (property)', () => {
  it('every statement returns the same rows with the INCLUDE MISSING index and with the primary index only', async () => {
    let indexed = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(doc, { maxLength: 12 }), index, fc.array(statement, { minLength: 1, maxLength: 6 }), async (docs, ddl, statements) => {
        const a = await open(docs, ddl);
        const b = await open(docs, 'CREATE PRIMARY INDEX ON ks');
        try {
          for (const { q, ordered } of statements) {
            total++;
            if (JSON.stringify(await a.explain(q)).includes('"index":"ixm"')) indexed++;
            const ra = (await a.query(q)).results;
            const rb = (await b.query(q)).results;
            if (!sameRows(ra, rb, ordered)) expect({ ddl, q, rows: ra.map(canonical) }).toEqual({ ddl, q, rows: rb.map(canonical) });
          }
        } finally {
          await a.close();
          await b.close();
        }
      }),
      propertyParameters(RUNS),
    );
    // The property is only worth something if the index serves many of the statements.
    expect(indexed).toBeGreaterThan(total / 3);
  }, 600_000);
});
