/**
 * RETURNING of UPDATE and DELETE sees the statement's LET variables (besides the changed
 * document). Expected rows: the reference's literal answers (n1ql-reference, cbq-engine
 * 3582af6c) on the same two documents; the first is the suite's gsi/statements
 * case_update_tests.json#0; SET of the whole document is gsi/subqexp case_keyspace.json#4.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('customer');
  await db.upsert('customer', 'a', { id: 'a', firstName: 'Ella' });
  await db.upsert('customer', 'b', { id: 'b', firstName: 'Couch' });
});
afterEach(() => db.close());

describe('LET variables in RETURNING', () => {
  it('UPDATE … LET … RETURNING the variable and the new document', async () => {
    const r = await db.query('UPDATE customer LET orig = firstName SET firstName = UPPER(firstName), original = orig RETURNING orig, customer.firstName, original');
    expect(r.results).toEqual(
      expect.arrayContaining([
        { orig: 'Ella', firstName: 'ELLA', original: 'Ella' },
        { orig: 'Couch', firstName: 'COUCH', original: 'Couch' },
      ]),
    );
    expect(r.results).toHaveLength(2);
  });

  it('DELETE … LET … RETURNING the variable (after the UPDATE, as the reference ran it)', async () => {
    await db.query('UPDATE customer SET firstName = UPPER(firstName)');
    const r = await db.query("DELETE FROM customer LET n = LOWER(firstName) WHERE id = 'a' RETURNING n, firstName");
    expect(r.results).toEqual([{ n: 'ella', firstName: 'ELLA' }]);
  });
});

describe('SET alias = value replaces the whole document', () => {
  it('UPDATE … AS d USE KEYS … SET d = {…}', async () => {
    const r = await db.query("UPDATE customer AS d USE KEYS 'a' SET d = {'z':1} RETURNING d, meta(d).id");
    expect(r.results).toEqual([{ d: { z: 1 }, id: 'a' }]);
    expect((await db.query('SELECT RAW d FROM customer d ORDER BY meta(d).id')).results).toEqual([{ z: 1 }, { id: 'b', firstName: 'Couch' }]);
  });

  it('a non-object value, and later terms apply to the new document', async () => {
    expect((await db.query("UPDATE customer USE KEYS 'b' SET customer = 5 RETURNING customer")).results).toEqual([{ customer: 5 }]);
    expect((await db.query("UPDATE customer d USE KEYS 'a' SET d = {'q':1}, d.r = 2 RETURNING d")).results).toEqual([{ d: { q: 1, r: 2 } }]);
  });

  it('with positional parameters for the keyspace, keys and value (the suite case)', async () => {
    await db.query('UPDATE $1 AS d USE KEYS $2 SET d = $3', { params: ['customer', 'a', { type: 'order', a: 'o101' }] });
    expect((await db.query('SELECT d.a FROM $1 AS d USE KEYS $2', { params: ['customer', 'a'] })).results).toEqual([{ a: 'o101' }]);
  });
});

describe('DELETE … OFFSET … LIMIT pushed into the index scan', () => {
  it('skips OFFSET entries in the scan: the suite rows and its EXPLAIN check (gsi/statements case_delete_tests.json#0)', async () => {
    await db.query('CREATE INDEX index_custId_D ON customer(custId) WHERE test_id = "delete_statement"');
    for (let i = 1; i <= 15; i++) await db.upsert('customer', `${i}_delete_statement`, { custId: `customer${i}`, test_id: 'delete_statement' });
    const statement = 'DELETE FROM customer WHERE custId IS NOT MISSING AND test_id = "delete_statement" OFFSET 3 LIMIT 3 RETURNING custId';
    const plan = JSON.stringify((await db.query(`EXPLAIN ${statement}`)).results);
    expect(plan).toContain('"#operator":"IndexScan3"');
    expect(plan).toContain('"offset":"3"');
    expect(plan).not.toContain('"#operator":"Offset"');
    const r = await db.query(statement);
    expect(r.results).toEqual(expect.arrayContaining([{ custId: 'customer12' }, { custId: 'customer13' }, { custId: 'customer14' }]));
    expect(r.results).toHaveLength(3);
  });
});
