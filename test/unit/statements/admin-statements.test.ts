/**
 * The statements tokenql parses (SANITIZE prints them) but does not run: bucket/scope/collection
 * DDL, ALTER INDEX, EXPLAIN FUNCTION, vector indexes, UNSET … FOR, EXPLAIN of a user/group/role
 * statement. Each raises 1020 "… is not supported" at execution; the parse keeps what the
 * reference prints (texts from the reference suite, gsi/sanitize_statement_function).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';
import { parseStatement } from '../../../src/syntax/parse.js';
import { printStatement } from '../../../src/ast/print.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('orders');
});
afterAll(async () => db.close());

// The user, group and role statements run (test/unit/security); under EXPLAIN they have no plan.
const refused = [
  'EXPLAIN CREATE GROUP IF NOT EXISTS group1 ROLES cluster_admin',
  'EXPLAIN GRANT admin,cluster_admin TO user1, local:user2',
  'CREATE BUCKET IF NOT EXISTS test_bucket WITH {"ramQuota": 256}',
  'ALTER BUCKET orders WITH {"ramQuota": 512}',
  'DROP BUCKET IF EXISTS test_bucket',
  'CREATE SCOPE orders.sc1',
  'DROP SCOPE IF EXISTS orders.sc1',
  'CREATE COLLECTION IF NOT EXISTS orders._default.col1',
  'FLUSH COLLECTION orders._default.col1',
  'ALTER INDEX ix1 ON orders WITH {"action": "move", "nodes": ["192.168.10.11:8091"]}',
  'EXPLAIN FUNCTION dummyfunc',
  'CREATE VECTOR INDEX iv ON orders(v VECTOR) WITH {"dimension": 3, "similarity": "L2"}',
  'UPDATE orders UNSET a FOR x IN t END',
];

describe('administration statements', () => {
  for (const s of refused) {
    it(`${s} → 1020`, async () => {
      const err = await db.query(s).then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).code).toBe(1020);
      expect((err as QueryError).message).toMatch(/is not supported$/);
    });
  }

  it('prints them in the reference form (passwords hidden)', () => {
    const p = (s: string) => printStatement(parseStatement(s));
    expect(p('CREATE GROUP IF NOT EXISTS groupone WITH "added by admin" NO ROLES')).toBe('CREATE GROUP IF NOT EXISTS `groupone` WITH "added by admin" NO ROLES');
    expect(p('ALTER USER joe PASSWORD "secret" WITH "Joe" GROUPS g1, g2')).toBe('ALTER USER `joe` PASSWORD "****" WITH "Joe" GROUPS `g1`, `g2`');
    expect(p('REVOKE cluster_admin FROM GROUPS g1,g2')).toBe('REVOKE `cluster_admin` FROM GROUPS `g1`, `g2`');
    expect(p('DROP BUCKET IF EXISTS b')).toBe('DROP BUCKET IF EXISTS `b`');
  });

  it('still runs DELETE/UPDATE with USE INDEX and PARTITION BY HASH indexes', async () => {
    await db.query('INSERT INTO orders (KEY, VALUE) VALUES ("k1", {"a": 1}), ("k2", {"a": 2})');
    await db.query('CREATE INDEX ixa ON orders(a) PARTITION BY HASH(a)');
    await db.query('UPDATE orders USE INDEX (ixa) SET b = 1 WHERE a = 1');
    expect((await db.query('SELECT RAW b FROM orders USE KEYS "k1"')).results).toEqual([1]);
    await db.query('DELETE FROM orders USE INDEX (ixa) WHERE a = 2');
    expect((await db.query('SELECT RAW META().id FROM orders')).results).toEqual(['k1']);
  });
});
