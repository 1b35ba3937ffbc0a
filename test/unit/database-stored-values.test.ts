/**
 * A document written through the API (upsert, insert, replace, load of values) is stored in the
 * JSON form N1QL mutations store, on every store kind and after a restart: NaN and ±Infinity as
 * the strings "NaN", "+Infinity", "-Infinity" (n1ql-reference: `UPSERT … {"nan": NaN(), "pinf":
 * POSINF(), "ninf": NEGINF()}` then `SELECT ks.*, TYPE(ks.nan)` gives "NaN", "+Infinity",
 * "-Infinity", "string"), an int64 past 2^53 as its nearest double (docs/compatibility.md), a
 * MISSING array element as null. Before, the in-memory store kept the raw values and the file
 * store wrote NaN as null and refused a bigint with a TypeError.
 */
import { expect, it } from 'vitest';
import type { Value } from '../../src/index.js';
import { describeStores } from '../support/describe-stores.js';
import { openTestDatabase, reopenTestDatabase } from '../support/store-kinds.js';

const RAW: Value = { nan: NaN, pinf: Infinity, ninf: -Infinity, big: 9007199254740993n, arr: [1, undefined, NaN], n: 1.5 };
const STORED = { nan: 'NaN', pinf: '+Infinity', ninf: '-Infinity', big: 9007199254740992, arr: [1, null, 'NaN'], n: 1.5 };
const QUERY = 'SELECT RAW [META(t).id, t, TYPE(t.nan), TYPE(t.big)] FROM t ORDER BY META(t).id';
const ROW = (id: string) => [id, STORED, 'string', 'number'];

describeStores('documents written through the API', (kind) => {
  it('are stored as JSON: NaN and ±Infinity as strings, int64 as a double, MISSING elements as null', async () => {
    let db = await openTestDatabase(kind);
    try {
      await db.createKeyspace('t');
      await db.upsert('t', 'a', RAW);
      await db.insert('t', 'b', RAW);
      await db.upsert('t', 'c', { n: 0 });
      await db.replace('t', 'c', RAW);
      expect((await db.load('t', [RAW], { key: () => 'd' })).failures).toEqual([]);
      const expected = [ROW('a'), ROW('b'), ROW('c'), ROW('d')];
      expect((await db.query(QUERY)).results).toEqual(expected);
      expect(db.get('t', 'a')?.value).toEqual(STORED);
      db = await reopenTestDatabase(db);
      expect((await db.query(QUERY)).results).toEqual(expected);
    } finally {
      await db.close();
    }
  });
});
