/**
 * The system keyspaces (issue 21): their rows with the reference's field names, and the
 * DELETEs they take. Expected values are the reference's answers (n1ql-reference, cbq-engine
 * 3582af6c) where its file store has the keyspace; `datastore_id` is tokenql's own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('customer');
  await db.createKeyspace('orders._default.lkm');
  await db.upsert('customer', '1', { id: 1, a: 1 });
});
afterEach(() => db.close());

const rows = async (s: string) => (await db.query(s)).results;

describe('catalogue keyspaces', () => {
  it('system:keyspaces: a bucket as {datastore_id, id, name, namespace, namespace_id, path}, a collection with bucket and scope', async () => {
    expect(await rows('SELECT k.* FROM system:keyspaces k ORDER BY path')).toEqual([
      { datastore_id: 'tokenql', id: 'customer', name: 'customer', namespace: 'default', namespace_id: 'default', path: 'default:customer' },
      { bucket: 'orders', datastore_id: 'tokenql', id: 'lkm', name: 'lkm', namespace: 'default', namespace_id: 'default', path: 'default:orders._default.lkm', scope: '_default' },
    ]);
  });

  it('system:namespaces, system:datastores, system:dual', async () => {
    expect(await rows('SELECT * FROM system:namespaces')).toEqual([{ namespaces: { datastore_id: 'tokenql', id: 'default', name: 'default' } }]);
    expect(await rows('SELECT * FROM system:datastores')).toEqual([{ datastores: { id: 'tokenql', url: 'tokenql' } }]);
    // The reference: [{"dual": null}].
    expect(await rows('SELECT * FROM system:dual')).toEqual([{ dual: null }]);
    expect(await rows('SELECT 2 + 5 AS s FROM system:dual')).toEqual([{ s: 7 }]);
  });

  it('system:buckets and system:scopes', async () => {
    expect(await rows('SELECT RAW path FROM system:buckets ORDER BY name')).toEqual(['default:customer', 'default:orders']);
    expect(await rows('SELECT RAW path FROM system:scopes ORDER BY path')).toEqual(['default:customer._default', 'default:orders._default']);
  });

  it('system:keyspaces_info adds count and size', async () => {
    expect(await rows("SELECT count, size FROM system:keyspaces_info WHERE name = 'customer'")).toEqual([{ count: 1, size: 14 }]);
  });

  it('system:nodes, system:user_info, system:my_user_info and system:applicable_roles are empty without a server', async () => {
    for (const k of ['nodes', 'user_info', 'my_user_info', 'applicable_roles']) expect(await rows(`SELECT * FROM system:${k}`)).toEqual([]);
  });

  it('system:my_user_info lists the request\'s users; user_info and applicable_roles the directory\'s', async () => {
    const owner = { id: 'OwnerOfcustomer', domain: 'local', name: 'Owner', roles: [{ role: 'bucket_full_access', bucket_name: 'customer' }] };
    db.userDirectory = () => [owner, { id: 'admin', domain: 'local', name: '', roles: [{ role: 'admin' }] }];
    expect((await db.query('SELECT RAW name FROM system:my_user_info', { users: [owner] })).results).toEqual(['Owner']);
    expect(await rows('SELECT RAW id FROM system:user_info ORDER BY id')).toEqual(['OwnerOfcustomer', 'admin']);
    expect(await rows('SELECT * FROM system:user_info WHERE id = foo')).toEqual([]);
    expect(await rows('SELECT r.* FROM system:applicable_roles r ORDER BY grantee')).toEqual([
      { grantee: 'OwnerOfcustomer', role: 'bucket_full_access', bucket_name: 'customer' },
      { grantee: 'admin', role: 'admin' },
    ]);
  });
});

describe('system:prepareds', () => {
  it('the reference suite\'s sequence: PREPARE, PREPARE FORCE, a use counted, DELETE', async () => {
    const p = (await rows('prepare test from select name, statement, uses from system:prepareds'))[0] as Record<string, unknown>;
    expect(p).toMatchObject({
      keyspaceReferences: ['system:prepareds'],
      name: 'test',
      signature: { name: 'json', statement: 'json', uses: 'json' },
      text: 'prepare test from select name, statement, uses from system:prepareds',
    });
    expect((p.operator as Record<string, unknown>)['#operator']).toBe('Authorize');
    expect((p.operator as Record<string, unknown>).privileges).toEqual({ List: [{ Priv: 4, Props: 0, Target: '' }] });
    // FORCE prepares the same text again; the text shown has no FORCE.
    expect((await rows('prepare force test from select name, statement, uses from system:prepareds'))[0]).toMatchObject({ text: 'prepare test from select name, statement, uses from system:prepareds' });
    expect(await rows('select name, statement, uses from system:prepareds')).toEqual([{ name: 'test', statement: 'prepare test from select name, statement, uses from system:prepareds', uses: 0 }]);
    expect(await rows('execute test')).toEqual([{ name: 'test', statement: 'prepare test from select name, statement, uses from system:prepareds', uses: 1 }]);
    expect((await db.query('delete from system:prepareds')).metrics.mutationCount).toBe(1);
    expect(await rows('select name, statement, uses from system:prepareds')).toEqual([]);
  });

  it('an unnamed PREPARE and its FORCE name the same statement', async () => {
    const a = (await rows('prepare select name, statement, uses from system:prepareds'))[0] as { name: string };
    const b = (await rows('prepare force select name, statement, uses from system:prepareds'))[0] as { name: string; text: string };
    expect(b.name).toBe(a.name);
    expect(b.text).toBe('prepare select name, statement, uses from system:prepareds');
    expect(await rows('select statement, uses from system:prepareds')).toEqual([{ statement: 'prepare select name, statement, uses from system:prepareds', uses: 0 }]);
  });

  it('DELETE … WHERE removes only the matching statements; a name taken by another text is 4060', async () => {
    await db.query('prepare p1 from select * from customer where a = $1');
    await db.query('prepare p2 from select * from customer where a = $v');
    await expect(db.query('prepare p2 from select 1')).rejects.toMatchObject({ code: 4060, message: 'Unable to add name: duplicate name: p2' });
    await expect(db.query('prepare force p2 from select 1')).rejects.toMatchObject({ code: 4060 });
    await db.query("delete from system:prepareds where name = 'p1'");
    expect(await rows('select name from system:prepareds')).toEqual([{ name: 'p2' }]);
    await expect(db.query('execute p1')).rejects.toMatchObject({ code: 4040 });
  });
});

describe('system:completed_requests', () => {
  it('DELETE with and without WHERE; the rows have errorCount, resultCount and resultSize', async () => {
    await db.query('select 1');
    await db.query('select 2');
    await db.query("delete from system:completed_requests where statement = 'select 1'");
    expect(await rows("select raw statement from system:completed_requests where statement like 'select _'")).toEqual(['select 2']);
    await db.query('delete from system:completed_requests');
    expect(await rows('select errorCount, resultCount, resultSize, statement from system:completed_requests')).toEqual([
      { errorCount: 0, resultCount: 0, resultSize: 0, statement: 'delete from system:completed_requests' },
    ]);
  });

  it('keeps only requests that ran at least completedThresholdMs', async () => {
    db.requests.completedThresholdMs = 1000;
    await db.query('delete from system:completed_requests');
    await db.query('select 1');
    expect(await rows('select * from system:completed_requests')).toEqual([]);
  });
});
