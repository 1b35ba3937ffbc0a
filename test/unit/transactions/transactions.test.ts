/**
 * Transactions on the in-memory store (docs/transactions.md): BEGIN/START, read-your-writes
 * (index scans included), isolation from other requests, SAVEPOINT / ROLLBACK TO SAVEPOINT,
 * ROLLBACK, COMMIT and its write-write conflict, tximplicit, txtimeout, system:transactions.
 * Expected messages and plans are the reference's answers (../shared/reference/n1ql-reference,
 * cbq-engine 3582af6c) or its source's texts (couchbase/query errors/transactions.go).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, QueryError, type QueryOptions } from '../../../src/index.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('t');
  await db.query('CREATE INDEX ix1 ON t(a)');
  await db.query("INSERT INTO t VALUES ('tran000', {'a': 0, 'total': 0}), VALUES ('tran001', {'a': 1, 'total': 0})");
});
afterEach(async () => {
  await db.close();
});

const rows = async (statement: string, options: QueryOptions = {}) => (await db.query(statement, options)).results;
/** The documents with a >= 0, through the index ix1 (an IndexScan3 on a). */
const viaIndex = (options: QueryOptions = {}) => rows('SELECT META(d).id, d.* FROM t AS d WHERE d.a >= 0 ORDER BY d.a', options);
/** Every document, through a primary scan. */
const viaScan = (options: QueryOptions = {}) => rows('SELECT META(d).id, d.* FROM t AS d ORDER BY META(d).id', options);
const begin = async (statement = 'BEGIN WORK', options: QueryOptions = {}): Promise<string> => {
  const r = await rows(statement, options);
  expect(r).toHaveLength(1);
  const txid = (r[0] as { txid: string }).txid;
  expect(txid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  return txid;
};
const failure = async (statement: string, options: QueryOptions = {}): Promise<{ code: number; message: string }> => {
  try {
    await db.query(statement, options);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return { code: (e as QueryError).code, message: (e as QueryError).message };
  }
  throw new Error(`${statement} did not fail`);
};

describe('transaction statements', () => {
  it('BEGIN WORK, START TRANSACTION and BEGIN TRAN … ISOLATION LEVEL READ COMMITTED return one {txid} row', async () => {
    for (const s of ['BEGIN WORK', 'START TRANSACTION', 'BEGIN TRAN ISOLATION LEVEL READ COMMITTED', 'START WORK']) await begin(s);
  });

  it('EXPLAIN shows the reference operators', async () => {
    const plan = async (s: string) => ((await rows(`EXPLAIN ${s}`))[0] as { plan: unknown }).plan;
    // The reference's answers to EXPLAIN of each statement.
    expect(await plan('BEGIN WORK')).toEqual({ '#operator': 'Sequence', '~children': [{ '#operator': 'StartTransaction', isolation: 1 }] });
    expect(await plan('COMMIT')).toEqual({ '#operator': 'Sequence', '~children': [{ '#operator': 'CommitTransaction' }] });
    expect(await plan('SAVEPOINT s1')).toEqual({ '#operator': 'Sequence', '~children': [{ '#operator': 'Savepoint', savepoint: 's1' }] });
    expect(await plan('ROLLBACK TO SAVEPOINT s1')).toEqual({ '#operator': 'Sequence', '~children': [{ '#operator': 'RollbackTransaction', savepoint: 's1' }] });
    expect(await plan('SET TRANSACTION ISOLATION LEVEL READ COMMITTED')).toEqual({ '#operator': 'Sequence', '~children': [{ '#operator': 'TransactionIsolation', isolation: 1 }] });
  });

  it('COMMIT, ROLLBACK, SAVEPOINT and SET TRANSACTION outside a transaction: 17002 with the reference messages', async () => {
    // The reference's answers, statement by statement.
    expect(await failure('COMMIT')).toEqual({ code: 17002, message: 'COMMIT statement is not supported outside the transaction' });
    expect(await failure('COMMIT TRAN')).toEqual({ code: 17002, message: 'COMMIT statement is not supported outside the transaction' });
    expect(await failure('ROLLBACK TRANSACTION')).toEqual({ code: 17002, message: 'ROLLBACK statement is not supported outside the transaction' });
    expect(await failure('ROLLBACK WORK TO SAVEPOINT s1')).toEqual({ code: 17002, message: 'ROLLBACK_SAVEPOINT statement is not supported outside the transaction' });
    expect(await failure('SAVEPOINT s1')).toEqual({ code: 17002, message: 'SAVEPOINT statement is not supported outside the transaction' });
    expect(await failure('SET TRANSACTION ISOLATION LEVEL READ COMMITTED')).toEqual({
      code: 17002,
      message: 'SET_TRANSACTION_ISOLATION statement is not supported outside the transaction',
    });
  });

  it('ROLLBACK TO needs SAVEPOINT and SAVEPOINT needs a name: syntax errors (3000), as the reference', async () => {
    expect((await failure('ROLLBACK TRAN TO s1')).code).toBe(3000);
    expect((await failure('SAVEPOINT')).code).toBe(3000);
    expect((await failure('START WORK ISOLATION LEVEL SERIALIZABLE')).code).toBe(3000);
  });

  it('BEGIN inside a transaction and index DDL inside one: 17002 "… within the transaction"', async () => {
    const txid = await begin();
    expect(await failure('BEGIN WORK', { txid })).toEqual({ code: 17002, message: 'START_TRANSACTION statement is not supported within the transaction' });
    expect(await failure('CREATE INDEX ix2 ON t(b)', { txid })).toEqual({ code: 17002, message: 'CREATE_INDEX statement is not supported within the transaction' });
    // EXPLAIN is judged by the statement it explains; PREPARE and EXPLAIN of DML are allowed.
    expect(await failure('EXPLAIN BUILD INDEX ON t(ix1)', { txid })).toEqual({ code: 17002, message: 'BUILD_INDEX statement is not supported within the transaction' });
    expect(await rows('EXPLAIN SELECT 1', { txid })).toHaveLength(1);
    await rows('ROLLBACK', { txid });
  });

  it('with tximplicit, only queries and DML run (17002 "… in implicit transaction"), and COMMIT is outside a transaction', async () => {
    expect(await failure('CREATE INDEX ix2 ON t(b)', { tximplicit: true })).toEqual({ code: 17002, message: 'CREATE_INDEX statement is not supported in implicit transaction' });
    expect(await failure('COMMIT', { tximplicit: true })).toEqual({ code: 17002, message: 'COMMIT statement is not supported outside the transaction' });
  });

  it('two statements of one transaction at once: the second gets 17013', async () => {
    const txid = await begin();
    const first = db.query('SELECT RAW COUNT(*) FROM t', { txid });
    expect(await failure('SELECT 1', { txid })).toEqual({ code: 17013, message: 'Parallel execution of the statements are not allowed within the transaction' });
    expect((await first).results).toEqual([2]);
    await rows('ROLLBACK', { txid });
  });

  it('an unknown txid: 17004 "Transaction context error: transaction (x) is not present"', async () => {
    expect(await failure('SELECT 1', { txid: 'nope' })).toEqual({ code: 17004, message: 'Transaction context error: transaction (nope) is not present' });
  });
});

describe('isolation and read-your-writes', () => {
  it('a transaction reads its own writes through index and primary scans; other requests do not see them until COMMIT', async () => {
    const txid = await begin();
    await rows("INSERT INTO t VALUES ('tran002', {'a': 2, 'total': 0})", { txid });
    await rows('UPDATE t AS d SET d.b = 10 WHERE d.a = 1', { txid });
    await rows("DELETE FROM t USE KEYS 'tran000'", { txid });
    const inside = [
      { id: 'tran001', a: 1, b: 10, total: 0 },
      { id: 'tran002', a: 2, total: 0 },
    ];
    const before = [
      { id: 'tran000', a: 0, total: 0 },
      { id: 'tran001', a: 1, total: 0 },
    ];
    expect(await viaIndex({ txid })).toEqual(inside);
    expect(await viaScan({ txid })).toEqual(inside);
    expect(await rows('SELECT COUNT(*) AS n FROM t', { txid })).toEqual([{ n: 2 }]);
    expect(await rows("SELECT RAW META(d).id FROM t AS d USE KEYS ['tran000', 'tran002']", { txid })).toEqual(['tran002']);
    expect(await viaIndex()).toEqual(before);
    expect(await viaScan()).toEqual(before);
    await rows('COMMIT', { txid });
    expect(await viaIndex()).toEqual(inside);
    expect(await viaScan()).toEqual(inside);
  });

  it('an index scan with a pushed LIMIT and ORDER merges the transaction entries in index order', async () => {
    const txid = await begin();
    await rows("INSERT INTO t VALUES ('x', {'a': 0.5}), VALUES ('y', {'a': -1})", { txid });
    await rows("UPDATE t AS d SET d.a = 5 WHERE META(d).id = 'tran000'", { txid });
    expect(await rows('SELECT RAW META(d).id FROM t AS d WHERE d.a >= -5 ORDER BY d.a LIMIT 3', { txid })).toEqual(['y', 'x', 'tran001']);
    expect(await rows('SELECT RAW META(d).id FROM t AS d WHERE d.a >= -5 ORDER BY d.a DESC LIMIT 2', { txid })).toEqual(['tran000', 'tran001']);
    expect(await rows('SELECT RAW META(d).id FROM t AS d WHERE d.a >= -5 ORDER BY d.a LIMIT 3')).toEqual(['tran000', 'tran001']);
  });

  it('ROLLBACK TO SAVEPOINT undoes the writes after it; ROLLBACK undoes every write (the reference suite case_tx.json)', async () => {
    const txid = await begin('START WORK');
    await rows("INSERT INTO t VALUES ('tran002', {'a': 2, 'total': 0})", { txid });
    await rows('SAVEPOINT s1', { txid });
    await rows('UPDATE t AS d SET d.b = 10 WHERE d.a > 1', { txid });
    expect(await viaIndex({ txid })).toEqual([
      { a: 0, id: 'tran000', total: 0 },
      { a: 1, id: 'tran001', total: 0 },
      { a: 2, b: 10, id: 'tran002', total: 0 },
    ]);
    await rows('ROLLBACK TRAN TO SAVEPOINT s1', { txid });
    expect(await viaIndex({ txid })).toEqual([
      { a: 0, id: 'tran000', total: 0 },
      { a: 1, id: 'tran001', total: 0 },
      { a: 2, id: 'tran002', total: 0 },
    ]);
    expect((await failure('ROLLBACK TO SAVEPOINT s9', { txid })).code).toBe(17009);
    expect((await failure('ROLLBACK TO SAVEPOINT s9', { txid })).message).toBe('s9 savepoint is not defined');
    await rows('ROLLBACK TRAN', { txid });
    expect(await viaIndex()).toEqual([
      { a: 0, id: 'tran000', total: 0 },
      { a: 1, id: 'tran001', total: 0 },
    ]);
    expect((await failure('SELECT 1', { txid })).code).toBe(17004);
  });

  it('two transactions writing the same key: the second COMMIT fails with 17007 and leaves none of its writes', async () => {
    const t1 = await begin();
    await rows("INSERT INTO t VALUES ('tran003', {'a': 3, 'total': 0})", { txid: t1 });
    await rows("UPDATE t AS d SET d.b = 20, d.c = 'xyz' WHERE d.a > 0", { txid: t1 });
    const t2 = await begin();
    await rows('UPDATE t AS d SET d.b = 30 WHERE d.a > 0', { txid: t2 });
    expect(await rows('SELECT d.*, META(d).id FROM t AS d WHERE d.a > 0', { txid: t2 })).toEqual([{ a: 1, b: 30, id: 'tran001', total: 0 }]);
    await rows('COMMIT', { txid: t2 });
    const e = await failure('COMMIT WORK', { txid: t1 });
    expect(e.code).toBe(17007);
    expect(e.message).toMatch(/^Commit Transaction statement error: /);
    expect(await viaIndex()).toEqual([
      { a: 0, id: 'tran000', total: 0 },
      { a: 1, b: 30, id: 'tran001', total: 0 },
    ]);
    expect((await failure('SELECT 1', { txid: t1 })).code).toBe(17004);
  });

  it('a key inserted by another request after the transaction inserted it: COMMIT fails with 17007', async () => {
    const txid = await begin();
    await rows("INSERT INTO t VALUES ('k', {'a': 7})", { txid });
    await rows("INSERT INTO t VALUES ('k', {'a': 8})");
    expect((await failure('COMMIT', { txid })).code).toBe(17007);
    expect(await rows("SELECT RAW a FROM t USE KEYS 'k'")).toEqual([8]);
  });

  it('a failed statement in a transaction leaves none of its writes; INSERT of a live key there is 17012 "Duplicate Key: k"', async () => {
    const txid = await begin();
    await rows("INSERT INTO t VALUES ('n1', {'a': 10})", { txid });
    expect(await failure("INSERT INTO t VALUES ('n2', {'a': 11}), VALUES ('tran000', {'a': 12})", { txid })).toEqual({ code: 17012, message: 'Duplicate Key: tran000' });
    expect(await rows('SELECT RAW META(d).id FROM t AS d WHERE d.a >= 10', { txid })).toEqual(['n1']);
    await rows('COMMIT', { txid });
    expect(await rows('SELECT RAW META(d).id FROM t AS d WHERE d.a >= 10')).toEqual(['n1']);
  });
});

describe('tximplicit and txtimeout', () => {
  it('tximplicit: a statement that fails leaves none of its writes (17012); one that succeeds is committed', async () => {
    const dup = "INSERT INTO t VALUES ('tran004', {'a': 4, 'total': 0}), VALUES ('tran004', {'a': 4, 'total': 0})";
    expect((await failure(dup, { tximplicit: true })).code).toBe(17012);
    await rows("INSERT INTO t VALUES ('tran004', {'a': 4, 'total': 0}), VALUES ('tran005', {'a': 5, 'total': 0})", { tximplicit: true });
    expect(await rows('SELECT d.*, META(d).id FROM t AS d WHERE d.a >= 4')).toEqual([
      { a: 4, id: 'tran004', total: 0 },
      { a: 5, id: 'tran005', total: 0 },
    ]);
    expect(await rows('SELECT RAW COUNT(*) FROM system:transactions')).toEqual([0]);
  });

  it('past its txtimeout a transaction is rolled back: 17010 "Transaction timeout", then its txid is unknown (17004)', async () => {
    const txid = await begin('BEGIN WORK', { txtimeoutMs: 30 });
    await rows("INSERT INTO t VALUES ('late', {'a': 9})", { txid });
    await new Promise((r) => setTimeout(r, 60));
    expect(await failure('COMMIT', { txid })).toEqual({ code: 17010, message: 'Transaction timeout' });
    expect((await failure('COMMIT', { txid })).code).toBe(17004);
    expect(await rows("SELECT RAW META().id FROM t USE KEYS 'late'")).toEqual([]);
  });

  it('system:transactions lists the open transactions with their timeout and durability level', async () => {
    const txid = await begin('BEGIN WORK', { txtimeoutMs: 90_000, durabilityLevel: 'none' });
    const r = (await rows('SELECT t.* FROM system:transactions AS t')) as Record<string, unknown>[];
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ id: txid, timeout: '1m30s', durabilityLevel: 'none', isolationLevel: 'READ COMMITTED', uses: 1, status: 0 });
    expect(r[0].expiryTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    await rows('ROLLBACK', { txid });
    expect(await rows('SELECT * FROM system:transactions')).toEqual([]);
  });
});
