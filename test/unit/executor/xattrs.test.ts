/**
 * Extended attributes: META().xattrs reads, INSERT/UPSERT OPTIONS {"xattrs": …}, UPDATE SET/UNSET
 * of META().xattrs paths, the 15-name limit. Expected values are the reference suite's
 * (test/gsi/test_cases/xattrs/case_xattrs.json and case_xattrs_bugs.json, in
 * ../shared/conformance/reference-suite/cases/gsi-xattrs.json).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('shellTest');
  await db.createKeyspace('product');
});
afterEach(async () => db.close());

const rows = async (q: string) => (await db.query(q)).results;
const read = "SELECT s, meta().xattrs.test, meta().xattrs.test2 FROM shellTest s USE KEYS['xattr_mutation_0']";

describe('DML on xattrs (case_xattrs.json #9–#18)', () => {
  it('INSERT and UPSERT set them, UPDATE sets and unsets paths in them', async () => {
    await rows("INSERT INTO shellTest VALUES('xattr_mutation_0',{'main':'inserted'},{'xattrs':{'test':'simple'}})");
    expect(await rows("SELECT s, meta().xattrs.test FROM shellTest s USE KEYS['xattr_mutation_0']")).toEqual([{ s: { main: 'inserted' }, test: 'simple' }]);
    await rows("UPSERT INTO shellTest VALUES('xattr_mutation_0',{'main':'upserted'},{'xattrs':{'test':{'composite':true}}})");
    expect(await rows("SELECT s, meta().xattrs.test FROM shellTest s USE KEYS['xattr_mutation_0']")).toEqual([{ s: { main: 'upserted' }, test: { composite: true } }]);
    await rows("UPDATE shellTest USE KEYS ['xattr_mutation_0'] SET main = 'updated', meta().xattrs.test.second = true, meta().xattrs.test2 = 'simple' UNSET meta().xattrs.test.composite");
    expect(await rows(read)).toEqual([{ s: { main: 'updated' }, test: { second: true }, test2: 'simple' }]);
    await rows("UPDATE shellTest USE KEYS ['xattr_mutation_0'] SET main = 'updated again' UNSET meta().xattrs.test");
    expect(await rows(read)).toEqual([{ s: { main: 'updated again' }, test2: 'simple' }]);
    await rows("UPDATE shellTest USE KEYS ['xattr_mutation_0'] SET main = 'updated another time', meta().xattrs.test2 = MISSING");
    expect(await rows(read)).toEqual([{ s: { main: 'updated another time' } }]);
  });

  it('an UPDATE of the body only keeps the xattrs; UPSERT without the option keeps them too', async () => {
    await db.upsert('product', 'p', { test_id: 'xattrs' }, { xattrs: { _sync: { name: 'Information about products', id: 231 } } });
    expect(await rows("update product SET new_val = meta().xattrs.`_sync`.name where test_id='xattrs' returning meta().id,new_val")).toEqual([
      { id: 'p', new_val: 'Information about products' },
    ]);
    await rows("UPSERT INTO product VALUES('p', {'test_id': 'xattrs'})");
    expect(await rows('SELECT META().xattrs.`_sync`.id FROM product')).toEqual([{ id: 231 }]);
  });
});

describe('reading xattrs (case_xattrs.json #0–#7)', () => {
  it('META().xattrs alone is MISSING; a name absent from a document is MISSING; $document is the virtual one', async () => {
    await db.upsert('product', 'a', { test_id: 'xattrs' }, { xattrs: { userAttr: ['Product 1', 'Product 10'] } });
    await db.upsert('product', 'b', { test_id: 'xattrs' });
    expect(await rows("select META().xattrs from product where test_id='xattrs'")).toEqual([{}, {}]);
    expect(await rows("SELECT META().xattrs.`$document`.deleted, META().xattrs.`userAttr` from product where test_id='xattrs' ORDER BY META().id")).toEqual([
      { deleted: false, userAttr: ['Product 1', 'Product 10'] },
      { deleted: false },
    ]);
  });

  it('reads up to 15 names per keyspace term, and raises the reference plan error past them', async () => {
    const names = [...'abcdefghijklmnop'];
    await db.upsert('product', 'p', {}, { xattrs: Object.fromEntries(names.map((n) => [n, 1])) });
    const q = (n: string[]) => `SELECT ${n.map((c) => `meta().xattrs.${c}`).join(', ')} FROM product where meta().id = 'p'`;
    expect(await rows(q(names.slice(0, 15)))).toEqual([Object.fromEntries(names.slice(0, 15).map((n) => [n, 1]))]);
    const fetch = JSON.stringify(await db.explain(q(names.slice(0, 15))));
    expect(fetch).toContain(`"subpaths":${JSON.stringify(names.slice(0, 15))}`);
    const err = await db.query(q(names)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).message).toContain('Plan error: Can only retrieve up to 15 xattrpaths per request');
  });

  it('a deleted document keeps its system xattrs, read by key (case_xattrs.json #1, #4)', async () => {
    await db.upsert('product', 'product0_xattrs', { test_id: 'xattrs' }, { xattrs: { _sync: { name: 'Information about products', id: 23 }, user: 1 } });
    await db.upsert('product', 'product1_xattrs', { test_id: 'xattrs' }, { xattrs: { userAttr: ['Product 1', 'Product 10'] } });
    await rows("delete from product where meta().id = 'product0_xattrs'");
    expect(await rows("select meta().xattrs.`_sync`, meta().xattrs.`$document`.deleted, product is null as DELETED from product use keys ['product0_xattrs']")).toEqual([
      { DELETED: true, _sync: { id: 23, name: 'Information about products' }, deleted: true },
    ]);
    expect(await rows('SELECT META().xattrs.`_sync`, META().xattrs.`user` from product use keys ["product0_xattrs","product1_xattrs"]')).toEqual([
      { _sync: { id: 23, name: 'Information about products' } },
      {},
    ]);
    // Without xattrs in the statement, the deleted document is gone.
    expect(await rows("select meta().id from product use keys ['product0_xattrs']")).toEqual([]);
  });

  it('a partial index on 16 xattrs covers the statement (case_xattrs_bugs.json #4): its condition fixes test_id', async () => {
    const names = [...'abcdefghijklmnop'].map((c) => c + '1');
    await db.upsert('product', 'product100_xattrs_dup', { test_id: 'xattrs' }, { xattrs: Object.fromEntries(names.map((n) => [n, 1])) });
    await db.upsert('product', 'other', { test_id: 'xattrs' }, { xattrs: { a1: 1 } });
    await rows(`create index idx2 on product(${names.map((n) => `meta().xattrs.${n}`).join(', ')}) where test_id = 'xattrs'`);
    const q = `SELECT ${names.map((n) => `meta().xattrs.${n}`).join(', ')} FROM product WHERE test_id="xattrs" AND ${names.map((n) => `meta().xattrs.${n} IS VALUED`).join(' AND ')}`;
    expect(await rows(q)).toEqual([Object.fromEntries(names.map((n) => [n, 1]))]);
    const scan = ((await db.explain(q)) as { '~children': { '#operator': string; covers?: string[] }[] })['~children'][0]!;
    expect(scan['#operator']).toBe('IndexScan3');
    expect(scan.covers).toHaveLength(17);
  });

  it('rejects an "xattrs" option that is not an object', async () => {
    const err = await db.query("INSERT INTO shellTest VALUES('k', {}, {'xattrs': 1})").catch((e: unknown) => e);
    expect((err as QueryError).code).toBe(5071);
  });
});
