/**
 * PREPARE [FORCE], EXECUTE … USING, EXTRACTDDL and UPDATE STATISTICS (issue 21). Expected values
 * are the reference's answers (n1ql-reference, cbq-engine 3582af6c) and its suite's
 * (gsi/extractddl), literally.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('customer');
  await db.upsert('customer', '1', { id: 1, a: 1 });
});
afterEach(() => db.close());

const first = async (s: string) => (await db.query(s)).results[0] as Record<string, Value>;

describe('PREPARE', () => {
  it.each([
    ["prepare a1 from insert into customer values ('k', {})", { List: [{ Priv: 9, Props: 0, Target: 'default:customer' }] }, undefined],
    ['prepare a2 from update customer set x = 1', { List: [{ Priv: 8, Props: 0, Target: 'default:customer' }] }, undefined],
    ['prepare a3 from delete from customer', { List: [{ Priv: 10, Props: 0, Target: 'default:customer' }] }, undefined],
    ['prepare a5 from select 1', { List: [] }, { $1: 'number' }],
    ['prepare a7 from delete from customer returning a', { List: [{ Priv: 10, Props: 0, Target: 'default:customer' }, { Priv: 7, Props: 0, Target: 'default:customer' }] }, { a: 'json' }],
    ['prepare a8 from select a, b as c, d.e, 1+1, * , d.* from customer d', { List: [{ Priv: 7, Props: 0, Target: 'default:customer' }] }, { $1: 'number', '*': '*', a: 'json', c: 'json', e: 'json' }],
    ['prepare a9 from select raw a from customer', { List: [{ Priv: 7, Props: 0, Target: 'default:customer' }] }, 'json'],
  ])('%s: privileges and signature as the reference', async (s, privileges, signature) => {
    const r = await first(s as string);
    expect((r.operator as Record<string, Value>).privileges).toEqual(privileges);
    expect(r.signature).toEqual(signature);
    const child = (r.operator as Record<string, Record<string, Value[]>>)['~child']!;
    expect(child['~children']![1]).toEqual({ '#operator': 'Stream', serializable: true });
  });

  it('a prepared name answers from its cache unless FORCE', async () => {
    const a = await first('prepare p from select a from customer');
    const b = await first('prepare p from select a from customer');
    expect(b.planPreparedTime).toBe(a.planPreparedTime);
    expect(b.text).toBe('prepare p from select a from customer');
    expect((await first('prepare force p from select a from customer')).text).toBe('prepare p from select a from customer');
  });
});

describe('EXECUTE … USING', () => {
  it('positional arguments, constant expressions among them', async () => {
    await db.query('prepare p from select $1 x');
    expect((await db.query('execute p using [1+1]')).results).toEqual([{ x: 2 }]);
    expect((await db.query('execute p using [2]')).results).toEqual([{ x: 2 }]);
  });

  it('named arguments, given without $ (the reference: {"$v": 1} leaves $v without a value)', async () => {
    await db.query('prepare q from select * from customer where a = $v');
    expect((await db.query("execute q using {'v': 1}")).results).toEqual([{ customer: { id: 1, a: 1 } }]);
  });

  it('counts uses in system:prepareds', async () => {
    await db.query('prepare p1 from select * from customer where a = $1');
    await db.query('execute p1 using [1]');
    await db.query('execute p1 using [2]');
    const row = await first("select p.uses, p.name, meta(p).id, p.lastUse IS VALUED AS used from system:prepareds p where name = 'p1'");
    expect(row).toEqual({ uses: 2, name: 'p1', used: true });
  });

  it('a USING that is not an array or object is a syntax error (3000)', async () => {
    await db.query('prepare p from select $1 x');
    await expect(db.query('execute p using 5')).rejects.toMatchObject({ code: 3000 });
  });
});

describe('EXTRACTDDL', () => {
  it('bucket, index and prepared statement, in the reference suite\'s words', async () => {
    db.bucketSettings = () => ({ evictionPolicy: 'fullEviction', numVBuckets: 128, ramQuota: 250, storageBackend: 'magma' });
    await db.query('CREATE INDEX test_index ON customer._default._default(name)');
    await db.query('PREPARE test_prepared_stmt AS SELECT * FROM customer WHERE name = $1');
    expect((await first("SELECT EXTRACTDDL('customer', {'flags': ['bucket']}) AS d")).d).toEqual([
      "CREATE BUCKET `customer` WITH {'evictionPolicy':'fullEviction','numVBuckets':128,'ramQuota':250,'storageBackend':'magma'};",
    ]);
    expect((await first("SELECT EXTRACTDDL('customer', {'flags': ['index']}) AS d")).d).toEqual(['CREATE INDEX `test_index` ON `customer`(`name`) ;']);
    expect((await first("SELECT EXTRACTDDL('customer', {'flags': ['prepared']}) AS d")).d).toEqual(['PREPARE test_prepared_stmt AS SELECT * FROM customer WHERE name = $1;']);
    expect((await first("SELECT EXTRACTDDL('nosuch') AS d")).d).toEqual([]);
    expect((await first('SELECT EXTRACTDDL(NULL) AS d, EXTRACTDDL(MISSING) AS m')).d).toBeNull();
  });
});

describe('UPDATE STATISTICS / ANALYZE', () => {
  it('are accepted and recorded in system:dictionary', async () => {
    await db.query('CREATE INDEX ix ON customer(a)');
    await db.query('UPDATE STATISTICS FOR customer(a, DISTINCT b)');
    await db.query('ANALYZE KEYSPACE customer INDEX(ix)');
    expect(await first('SELECT d.bucket, d.scope, d.keyspace, d.distributionKeys, d.indexes, d.docCount FROM system:dictionary d')).toEqual({
      bucket: 'customer',
      scope: '_default',
      keyspace: '_default',
      distributionKeys: ['`a`', '`b`'],
      indexes: ['ix'],
      docCount: 1,
    });
    await db.query('UPDATE STATISTICS FOR customer DELETE ALL');
    expect((await db.query('SELECT * FROM system:dictionary')).results).toEqual([]);
  });

  it('check the keyspace (12003) and the indexes (12016); STATISTICS after UPDATE is reserved, as in the reference', async () => {
    await expect(db.query('UPDATE STATISTICS FOR nosuch(a)')).rejects.toMatchObject({ code: 12003 });
    await expect(db.query('UPDATE STATISTICS FOR customer INDEX(nosuch)')).rejects.toMatchObject({ code: 12016 });
    await expect(db.query('UPDATE statistics SET x = 1')).rejects.toMatchObject({ code: 3000 });
    expect((await db.query('UPDATE customer SET statistics = 1 RETURNING statistics')).results).toEqual([{ statistics: 1 }]);
  });
});

describe('EXTRACTDDL of sequences and functions (the reference suite\'s strings, gsi/extractddl)', () => {
  it('sequenceDdl and functionsDdl', async () => {
    const { sequenceDdl, functionsDdl } = await import('../../../src/catalog-ddl.js');
    expect(
      sequenceDdl({ bucket: 'customer', scope: '_default', name: 'test_sequence', start: 100n, cache: 10n, cycle: false, increment: 5n, min: -9223372036854775808n, max: 9223372036854775807n }),
    ).toBe('CREATE SEQUENCE `default`:`customer`.`_default`.`test_sequence` START WITH 100 CACHE 10 NO CYCLE INCREMENT BY 5 MINVALUE -9223372036854775808;');
    const fns = [
      { name: 'test_func', params: [], body: { language: 'javascript' as const, code: 'function test_func() { return "hello"; }' } },
      { name: 'test_inline_func', params: ['x'], body: { language: 'inline' as const, text: 'x * 2' } },
      { name: 'add_numbers', params: ['a', 'b'], body: { language: 'inline' as const, text: 'a + b' } },
      { bucket: 'customer', scope: '_default', name: 'scoped_multiply', params: ['x', 'y'], body: { language: 'inline' as const, text: 'x * y' } },
      { name: 'variadic_func', body: { language: 'inline' as const, text: 'args[0] + args[1]' } },
      { name: 'no_param_func', params: [], body: { language: 'inline' as const, text: '42' } },
      { name: 'ejs1', params: [], body: { language: 'javascript' as const, object: 'ej1', library: 'lib1' } },
    ];
    expect(functionsDdl(fns, 'customer')).toEqual(['CREATE OR REPLACE FUNCTION `customer`.`_default`.`scoped_multiply`(`x`, `y`) LANGUAGE INLINE AS x * y;']);
    expect(functionsDdl(fns, '')).toEqual([
      'CREATE OR REPLACE FUNCTION `add_numbers`(`a`, `b`) LANGUAGE INLINE AS a + b;',
      'CREATE OR REPLACE FUNCTION `ejs1`() LANGUAGE JAVASCRIPT AS "ej1" AT "lib1";',
      'CREATE OR REPLACE FUNCTION `no_param_func`() LANGUAGE INLINE AS 42;',
      'CREATE OR REPLACE FUNCTION `test_func`() LANGUAGE JAVASCRIPT AS "function test_func() { return "hello"; }";',
      'CREATE OR REPLACE FUNCTION `test_inline_func`(`x`) LANGUAGE INLINE AS x * 2;',
      'CREATE OR REPLACE FUNCTION `variadic_func`(...) LANGUAGE INLINE AS args[0] + args[1];',
      'CREATE OR REPLACE FUNCTION `customer`.`_default`.`scoped_multiply`(`x`, `y`) LANGUAGE INLINE AS x * y;',
    ]);
  });
});
