/**
 * RETURNING of UPDATE and DELETE sees the statement's LET variables (besides the changed
 * document). Expected rows: the reference's literal answers (n1ql-reference, cbq-engine
 * 3582af6c) on the same two documents; the first is the suite's gsi/statements
 * case_update_tests.json#0.
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
