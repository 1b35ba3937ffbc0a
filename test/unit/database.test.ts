import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, QueryError, toOutputValue, type Value } from '../../src/index.js';
import { sharedPath } from '../support/shared.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
});
afterEach(async () => {
  await db.close();
});

describe('Database (library API)', () => {
  it('loads the real product dataset with its key template and queries it with the token functions', async () => {
    const report = await db.load('product', sharedPath('datasets/product.jsonl'), { key: '%productId%_arrayIndex' });
    expect(report).toEqual({ loaded: 900, failures: [] });
    expect(db.keyspaces()).toEqual(['product']);
    const r = await db.query("SELECT RAW META().id FROM product WHERE CONTAINS_TOKEN(name, 'Briefcase') AND CONTAINS_TOKEN(name, 'Executive') ORDER BY META().id");
    // Expected ids from the reference's gsi_array_index_tokens_2 case (same predicate, written with ANY … TOKENS).
    expect(r.results).toEqual(expect.arrayContaining(['product0_arrayIndex', 'product11_arrayIndex']));
    expect(r.metrics.resultCount).toBe(r.results.length);
    expect(r.metrics.resultSize).toBe(Buffer.byteLength(r.results.map((x) => JSON.stringify(x)).join('')));
    expect(r.metrics.elapsedTime).toBeGreaterThanOrEqual(r.metrics.executionTime);
    expect(r.warnings).toEqual([]);
  });

  it('takes named and positional parameters', async () => {
    await db.load('t', [{ a: 1 }, { a: 2 }], { key: 'k%a%' });
    expect((await db.query('SELECT RAW a FROM t WHERE a = $v', { params: { v: 2 } })).results).toEqual([2]);
    expect((await db.query('SELECT RAW a FROM t WHERE a = $1', { params: [1] })).results).toEqual([1]);
  });

  // couchbase/query expression/arith_div.go: a division by zero is NULL with the warning
  // "Division by 0." (errors.NewDivideByZeroWarning), whatever the dividend, unless an operand
  // is MISSING; `%` by zero has no warning. Reported once per statement here.
  it('warns of a division by zero, once per statement', async () => {
    await db.load('t', [{ n: 0 }, { n: 2 }, { m: 1 }], { key: 'k%n%' });
    const warned = [{ code: 5036, msg: 'Division by 0.' }]; // 5036 W_DIVIDE_BY_ZERO (n1ql-reference)
    expect(await db.query('SELECT RAW 1 / 0')).toMatchObject({ results: [null], warnings: warned });
    expect(await db.query('SELECT RAW 10 / n FROM t ORDER BY n')).toMatchObject({ results: [null, 5], warnings: warned });
    expect((await db.query('SELECT RAW [NULL / 0, "x" / 0]')).warnings).toEqual(warned);
    expect((await db.query('SELECT RAW 1 FROM t WHERE n / 0 IS NULL')).warnings).toEqual(warned);
    expect((await db.query('SELECT RAW [MISSING / 0, 1 / MISSING]')).warnings).toEqual([]);
    expect((await db.query('SELECT RAW 1 % 0')).warnings).toEqual([]);
    expect((await db.query('SELECT RAW 4 / 2')).warnings).toEqual([]);
  });

  // n1ql-reference: SELECT POSINF() + 1, POSINF() - POSINF(), SQRT(-1) → "+Infinity", "NaN", "NaN";
  // NAN() = NAN() is false, NAN() < 1 true (NaN collates first); TYPE([MISSING][0]) is "missing".
  it('computes with NaN and ±Infinity as numbers and keeps MISSING array elements', async () => {
    const r = await db.query('SELECT RAW [POSINF() + 1, POSINF() - POSINF(), SQRT(-1), NAN() = NAN(), NAN() < 1, TYPE(NAN()), TYPE([MISSING][0]), ARRAY_LENGTH([1, MISSING])]');
    expect(toOutputValue(r.results[0])).toEqual(['+Infinity', 'NaN', 'NaN', false, true, 'number', 'missing', 2]);
    expect(toOutputValue((await db.query('SELECT RAW [MISSING, 1]')).results[0])).toEqual([null, 1]);
  });

  // n1ql-reference: documents are stored as their JSON text — INSERT … {"a": [MISSING, 1], "n": NAN()}
  // then TYPE(t.a[0]) is "null" and TYPE(t.n) "string"; RETURNING sees the value before that:
  // UPDATE … SET x = [MISSING, NAN()] RETURNING TYPE(x[0]), TYPE(x[1]) gives "missing", "number",
  // and a later SELECT t.x gives [null, "NaN"].
  it('stores NaN, ±Infinity and MISSING array elements as their JSON text', async () => {
    await db.createKeyspace('t');
    await db.query('INSERT INTO t (KEY, VALUE) VALUES ("k", {"a": [MISSING, 1], "n": NAN(), "i": POSINF()})');
    expect((await db.query('SELECT t.a, TYPE(t.a[0]) ta, t.n, TYPE(t.n) tn, t.i FROM t')).results).toEqual([{ a: [null, 1], ta: 'null', n: 'NaN', tn: 'string', i: '+Infinity' }]);
    expect((await db.query('UPDATE t SET x = [MISSING, NAN()] RETURNING TYPE(x[0]) a, TYPE(x[1]) b')).results).toEqual([{ a: 'missing', b: 'number' }]);
    expect((await db.query('SELECT RAW [t.x, TYPE(t.x[0]), TYPE(t.x[1])] FROM t')).results).toEqual([[[null, 'NaN'], 'null', 'string']]);
  });

  it('reports DML mutation counts', async () => {
    await db.createKeyspace('t');
    const r = await db.query("INSERT INTO t (KEY, VALUE) VALUES ('a', {}), ('b', {})");
    expect(r.metrics.mutationCount).toBe(2);
    expect(db.count('t')).toBe(2);
  });

  it('does not let callers change stored documents through results or loaded values', async () => {
    const doc: Record<string, Value> = { a: { b: 1 } };
    await db.load('t', [doc], { key: 'k' });
    doc.a = 'changed';
    const [row] = (await db.query('SELECT RAW t FROM t')).results as Record<string, Value>[];
    expect(row).toEqual({ a: { b: 1 } });
    expect(() => {
      (row.a as Record<string, Value>).b = 2;
    }).toThrow(TypeError);
    expect((await db.query('SELECT RAW a.b FROM t')).results).toEqual([1]);
  });

  it('explains a statement as the reference plan JSON', async () => {
    await db.createKeyspace('t');
    const plan = (await db.explain("SELECT name FROM t WHERE CONTAINS_TOKEN(name, 'x') ORDER BY name LIMIT 3")) as Record<string, Value>;
    expect(plan['#operator']).toBe('Sequence');
    // The reference's shape: the block in a Sequence of its own, then Order (top-k: it carries
    // the limit) and Limit; no FinalProject at the reference's version.
    const ops = (plan['~children'] as Record<string, Value>[]).map((o) => o['#operator']);
    expect(ops).toEqual(['Sequence', 'Order', 'Limit']);
    const block = (plan['~children'] as Record<string, Value>[])[0]['~children'] as Record<string, Value>[];
    expect(block.map((o) => o['#operator'])).toEqual(['PrimaryScan3', 'Fetch', 'Parallel']);
    const inner = (block[2]['~child'] as Record<string, Value>)['~children'] as Record<string, Value>[];
    expect(inner.map((o) => o['#operator'])).toEqual(['Filter', 'InitialProject']);
    expect(inner[0].condition).toMatch(/contains_token/);
  });

  it('returns EXPLAIN as a row with the plan and the statement text', async () => {
    const r = await db.query('EXPLAIN SELECT 1');
    expect(r.results).toEqual([{ plan: expect.objectContaining({ '#operator': 'Sequence' }), text: 'SELECT 1' }]);
  });

  it('prepares and executes statements by name', async () => {
    await db.load('t', [{ a: 1 }], { key: 'k' });
    const p = await db.query('PREPARE byA FROM SELECT RAW a FROM t WHERE a = $a');
    expect(p.results[0]).toEqual(expect.objectContaining({ name: 'byA' }));
    expect((await db.query('EXECUTE byA', { params: { a: 1 } })).results).toEqual([1]);
    await expect(db.query('EXECUTE nope')).rejects.toMatchObject({ code: 4040 });
  });

  it('names an unnamed prepared statement with a UUID derived from its text, as the reference does', async () => {
    await db.load('t', [{ a: 1 }], { key: 'k' });
    await db.query('PREPARE p1 FROM SELECT RAW "mine"');
    const names = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const name = (await db.query('PREPARE SELECT RAW a FROM t')).results[0] as { name: string };
      expect(name.name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      names.add(name.name);
      expect((await db.query(`EXECUTE \`${name.name}\``)).results).toEqual([1]);
    }
    // The same text names the same statement (the reference: e43967ae-… for each PREPARE of it).
    expect(names.size).toBe(1);
    const other = (await db.query('PREPARE SELECT RAW a + 1 FROM t')).results[0] as { name: string };
    expect(names.has(other.name)).toBe(false);
    expect((await db.query('EXECUTE p1')).results).toEqual(['mine']);
  });

  it('records index DDL in system:indexes', async () => {
    await db.createKeyspace('t');
    await db.query('CREATE INDEX ix ON t(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
    await expect(db.query('CREATE INDEX ix ON t(name)')).rejects.toMatchObject({ code: 4300 });
    await db.query('CREATE INDEX IF NOT EXISTS ix ON t(name)');
    const r = await db.query('SELECT RAW i.name FROM system:indexes AS i');
    expect(r.results).toEqual(['ix']);
    await db.query('DROP INDEX ix ON t');
    await expect(db.query('DROP INDEX ix ON t')).rejects.toMatchObject({ code: 12016 });
  });

  it('reports index build progress through onProgress', async () => {
    await db.load('t', Array.from({ length: 120 }, (_, i) => ({ name: `doc ${i}` })), { key: 'k#MONO_INCR#' });
    const seen: { done: number; total: number; index: string }[] = [];
    await db.query('CREATE INDEX ix ON t(DISTINCT ARRAY v FOR v IN TOKENS(name) END)', { onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toEqual({ index: 'ix', keyspace: 't', done: 120, total: 120 });
  });

  it('raises QueryError after close', async () => {
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(QueryError);
  });

  it('keeps internal keyspaces out of a restricted query', async () => {
    await db.upsert('_system', 'user::admin', { hash: 'secret' });
    await db.load('t', [{ a: 1 }], { key: 'k' });
    await expect(db.query('SELECT * FROM _system', { restricted: true })).rejects.toMatchObject({ code: 12003 });
    const names = (await db.query('SELECT RAW name FROM system:keyspaces', { restricted: true })).results;
    expect(names).toEqual(['t']);
    expect((await db.query('SELECT RAW hash FROM _system')).results).toEqual(['secret']);
  });

  it('keeps index DDL on internal keyspaces out of a restricted query', async () => {
    await db.upsert('_system', 'user::admin', { hash: 'secret' });
    await db.query('CREATE INDEX by_hash ON _system(hash)');
    await expect(db.query('CREATE INDEX ix ON _system(hash)', { restricted: true })).rejects.toMatchObject({ code: 12003 });
    await expect(db.query('BUILD INDEX ON _system(by_hash)', { restricted: true })).rejects.toMatchObject({ code: 12003 });
    await expect(db.query('DROP INDEX _system.by_hash', { restricted: true })).rejects.toMatchObject({ code: 12016 });
    await db.query('DROP INDEX _system.by_hash IF EXISTS', { restricted: true });
    expect((await db.query('SELECT RAW name FROM system:indexes')).results).toEqual(['by_hash']);
  });
});
