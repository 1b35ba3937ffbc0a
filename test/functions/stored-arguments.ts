/**
 * A function table's rows through a statement on each store kind: the arguments of every row
 * are stored as the fields `a0`, `a1` … of one document (a MISSING argument is an absent field),
 * the store is restarted when it is durable (test/support/store-kinds.ts), and
 * `SELECT FN(d.a0, d.a1 …) AS r FROM args AS d USE KEYS "<row>"` must give the row's expected
 * value (or error code): the same expectations as the direct calls of table.ts, on the values
 * as each store gives them back. Rows with an argument a document cannot hold as it is (see
 * `storable`) and operators listed as functions (AND, IN, LIKE …: not callable by name) are
 * left to the direct calls.
 */
import { expect, it } from 'vitest';
import { QueryError } from '../../src/errors/index.js';
import { collate, kindOf, type Value } from '../../src/values/index.js';
import { parseExpression } from '../../src/syntax/index.js';
import { describeStores } from '../support/describe-stores.js';
import { openTestDatabase, reopenTestDatabase } from '../support/store-kinds.js';
import { Throws, type Row } from './table.js';

/**
 * Whether `v` is stored as it is: JSON has no MISSING inside an array or object, no NaN or
 * ±Infinity (stored as the strings "NaN" …) and no int64 past 2^53 (stored as a double), and a
 * negative zero comes back from the file store as 0 (the in-memory store keeps it).
 */
function storable(v: Value): boolean {
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v === 'bigint') return false;
  if (Array.isArray(v)) return v.every((x) => x !== undefined && storable(x));
  if (v !== null && typeof v === 'object') return Object.values(v).every((x) => x !== undefined && storable(x as Value));
  return true;
}

/** Whether `name(…)` is a function call in N1QL text (AND, IN, LIKE … are operators with their own syntax). */
function callable(name: string): boolean {
  try {
    parseExpression(`${name}(1)`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Registers, per store kind, one test running the rows of `rows` through a statement calling
 * `name`: every row whose arguments can be stored, when `name` is callable by name.
 */
export function storedArgumentsSuite(name: string, table: Row[], show: (v: Value) => string): void {
  const rows = table.filter(([args]) => args.every(storable));
  if (!callable(name) || rows.length === 0) return;
  describeStores(`${name} on arguments read from the store`, (kind) => {
    it('gives every row its expected value', async () => {
      let db = await openTestDatabase(kind);
      try {
        await db.createKeyspace('args');
        for (const [i, [args]] of rows.entries()) {
          const doc: Record<string, Value> = {};
          args.forEach((a, j) => {
            if (a !== undefined) doc[`a${j}`] = a;
          });
          await db.upsert('args', `r${i}`, doc);
        }
        db = await reopenTestDatabase(db);
        for (const [i, [args, expected]] of rows.entries()) {
          const call = `${name}(${args.map((_a, j) => `d.a${j}`).join(', ')})`;
          const statement = `SELECT ${call} AS r FROM args AS d USE KEYS "r${i}"`;
          const label = `${name}(${args.map(show).join(', ')}) [${kind} store]`;
          let results: Value[] | undefined;
          let err: unknown;
          try {
            results = (await db.query(statement)).results;
          } catch (e) {
            err = e;
          }
          if (expected instanceof Throws) {
            expect.soft(err, label).toBeInstanceOf(QueryError);
            expect.soft((err as QueryError | undefined)?.code, label).toBe(expected.code);
            continue;
          }
          expect.soft(err, label).toBeUndefined();
          if (err) continue;
          expect.soft(results, label).toHaveLength(1);
          const actual = (results![0] as Record<string, Value>).r;
          // table.ts's rule: MISSING and NULL exactly, else the same kind and collation.
          const same = expected === undefined || expected === null ? actual === expected : actual !== undefined && actual !== null && kindOf(actual) === kindOf(expected) && collate(actual, expected) === 0;
          if (!same) expect.soft(show(actual), label).toBe(show(expected));
        }
      } finally {
        await db.close();
      }
    });
  });
}
