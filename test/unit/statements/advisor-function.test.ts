/**
 * ADVISOR(): the reference's argument rules and errors are its own answers (n1ql-reference,
 * couchbase/query 3582af6c: `SELECT ADVISOR(5), ADVISOR(NULL), ADVISOR(MISSING), ADVISOR([])` →
 * `{"$1":[],"$2":[],"$4":[]}`; the session errors); the report's shape is func_advisor.go's
 * (`current_used_indexes`, `recommended_indexes`, `recommended_covering_indexes`, each
 * `{index, statements: [{run_count, statement}]}`). The reference CE answers every statement with
 * "Not supported in CE version", so the advice itself is tokenql's advisor (docs/advisor.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('t');
  await db.upsert('t', 'a', { x: 1, y: 2 });
  await db.query('CREATE INDEX ix_x ON t(x)');
});
afterAll(async () => {
  await db.close();
});

const one = async (s: string) => (await db.query(s)).results[0] as Record<string, unknown>;

async function error(s: string): Promise<{ code: number; message: string; cause?: { code: number; message: string } }> {
  try {
    await db.query(s);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    const q = e as QueryError;
    const c = q.cause as QueryError | undefined;
    return { code: q.code, message: q.message, ...(c ? { cause: { code: c.code, message: c.message } } : {}) };
  }
  throw new Error(`no error from ${s}`);
}

describe('ADVISOR(statements)', () => {
  it('MISSING gives MISSING; NULL, a number and an array without strings give []', async () => {
    expect(await one('SELECT ADVISOR(5) a, ADVISOR(NULL) b, ADVISOR(MISSING) c, ADVISOR([]) d, ADVISOR([1, true]) e')).toEqual({ a: [], b: [], d: [], e: [] });
  });

  it('reports the recommended and the current indexes with the statements and their run counts', async () => {
    const r = await one('SELECT RAW ADVISOR(["SELECT * FROM t WHERE y = 2", "SELECT * FROM t WHERE y = 2", "SELECT x FROM t WHERE x = 1", 7])');
    expect(r).toEqual({
      current_used_indexes: [{ index: 'CREATE INDEX ix_x ON `default`:`t`(`x`)', statements: [{ run_count: 1, statement: 'SELECT x FROM t WHERE x = 1' }] }],
      recommended_indexes: [{ index: 'CREATE INDEX adv_y ON `t`(`y`)', statements: [{ run_count: 2, statement: 'SELECT * FROM t WHERE y = 2' }] }],
    });
    expect(await one('SELECT RAW ADVISOR("ADVISE SELECT * FROM t WHERE y = 2")')).toEqual({
      recommended_indexes: [{ index: 'CREATE INDEX adv_y ON `t`(`y`)', statements: [{ run_count: 1, statement: 'ADVISE SELECT * FROM t WHERE y = 2' }] }],
    });
  });

  it('lists a statement it cannot advise under errors', async () => {
    const r = (await one('SELECT RAW ADVISOR("INSERT INTO t VALUES (\\"k\\", {})")')) as { errors: { error: string; run_count: number; statement: string }[] };
    expect(r.errors).toEqual([{ error: 'ADVISOR advises SELECT, UPDATE, DELETE and MERGE, not INSERT', run_count: 1, statement: 'INSERT INTO t VALUES ("k", {})' }]);
  });
});

describe('ADVISOR sessions and system:tasks_cache', () => {
  it('collects the statements run during a session and advises them when it stops', async () => {
    const { s } = (await one('SELECT ADVISOR({"action": "START", "duration": "1h"}) AS s')) as { s: { session: string } };
    expect(s.session).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const scheduled = (await db.query('SELECT RAW t FROM system:tasks_cache AS t')).results as Record<string, unknown>[];
    expect(scheduled).toEqual([
      { class: 'advisor', delay: '1h', id: expect.any(String), name: s.session, queryContext: '', state: 'scheduled', subClass: 'analyze', submitTime: expect.any(String) },
    ]);
    await db.query('SELECT * FROM t WHERE y = 2');
    await db.query('SELECT * FROM t WHERE y = 2');
    await db.query('INSERT INTO t (KEY, VALUE) VALUES ("b", {"y": 3})');
    // A session still collecting has no advice yet.
    expect((await db.query(`SELECT RAW ADVISOR({"action": "get", "session": "${s.session}"})`)).results).toEqual([[]]);
    expect((await db.query(`SELECT RAW ADVISOR({"action": "stop", "session": "${s.session}"})`)).results).toEqual([[]]);
    const advice = [{ recommended_indexes: [{ index: 'CREATE INDEX adv_y ON `t`(`y`)', statements: [{ run_count: 2, statement: 'SELECT * FROM t WHERE y = 2' }] }] }];
    expect((await db.query(`SELECT RAW ADVISOR({"action": "get", "session": "${s.session}"})`)).results).toEqual([advice]);
    const listed = (await one('SELECT RAW ADVISOR({"action": "list", "status": "completed"})')) as unknown as { tasks_cache: Record<string, unknown> }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]!.tasks_cache).toMatchObject({ name: s.session, state: 'completed', results: advice, startTime: expect.any(String), stopTime: expect.any(String) });
    expect(await one('SELECT RAW ADVISOR({"action": "list", "status": "active"})')).toEqual([]);
    expect((await db.query(`SELECT RAW ADVISOR({"action": "purge", "session": "${s.session}"})`)).results).toEqual([[]]);
    expect((await db.query('SELECT RAW t FROM system:tasks_cache AS t')).results).toEqual([]);
  });

  it('abort drops a running session without advice', async () => {
    const { s } = (await one('SELECT ADVISOR({"action": "start", "duration": "10m", "query_count": 5, "response": "0s"}) AS s')) as { s: { session: string } };
    expect((await db.query(`SELECT RAW t.state FROM system:tasks_cache AS t WHERE t.name = "${s.session}"`)).results).toEqual(['scheduled']);
    expect((await db.query(`SELECT RAW ADVISOR({"action": "abort", "session": "${s.session}"})`)).results).toEqual([[]]);
    expect((await db.query(`SELECT RAW t FROM system:tasks_cache AS t WHERE t.name = "${s.session}"`)).results).toEqual([]);
  });

  it.each([
    ['SELECT ADVISOR({"session": "x"})', { code: 5010, message: 'Error evaluating projection', cause: { code: 10502, message: "Advisor: missing argument for 'action'" } }],
    ['SELECT ADVISOR({"action": "bogus"})', { code: 5010, message: 'Error evaluating projection', cause: { code: 10501, message: "Advisor: Invalid value for 'action'" } }],
    ['SELECT ADVISOR({"action": 5})', { code: 5010, message: 'Error evaluating projection', cause: { code: 10501, message: "Advisor: Invalid value for 'action'" } }],
    ['SELECT ADVISOR({"action": "stop", "session": "nope"})', { code: 5010, message: 'Error evaluating projection', cause: { code: 10500, message: 'Advisor: Session not found.' } }],
    ['SELECT ADVISOR({"action": "start"})', { code: 5010, message: "Error evaluating projection - cause: advisor() not valid argument for 'duration'" }],
    ['SELECT ADVISOR({"action": "start", "duration": 5})', { code: 5010, message: "Error evaluating projection - cause: advisor() not valid argument for 'duration'" }],
    ['SELECT ADVISOR({"action": "start", "duration": "abc"})', { code: 5010, message: 'Error evaluating projection - cause: time: invalid duration "abc"' }],
    ['SELECT ADVISOR({"action": "start", "duration": "1h", "response": "x"})', { code: 5010, message: 'Error evaluating projection - cause: time: invalid duration "x"' }],
    ['SELECT ADVISOR({"action": "start", "duration": "1h", "query_count": "x"})', { code: 5010, message: "Error evaluating projection - cause: advisor() not valid argument for 'query_count'" }],
    ['SELECT ADVISOR({"action": "get"})', { code: 5010, message: "Error evaluating projection - cause: advisor() not valid argument for 'session'" }],
    ['SELECT ADVISOR({"action": "list", "status": "bogus"})', { code: 5010, message: "Error evaluating projection - cause: advisor() not valid argument for 'status'" }],
  ])('%s raises the reference error', async (s, want) => {
    expect(await error(s)).toEqual(want);
  });

  it('get, purge and abort of an unknown session give []', async () => {
    expect(await one('SELECT ADVISOR({"action": "get", "session": "nope"}) g, ADVISOR({"action": "purge", "session": "nope"}) p, ADVISOR({"action": "abort", "session": "nope"}) a')).toEqual({ g: [], p: [], a: [] });
  });
});
