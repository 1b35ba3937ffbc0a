/**
 * CREATE/ALTER/DROP USER|GROUP, GRANT and REVOKE on an embedded database (docs/security.md).
 * Expected errors and warnings are the reference's (couchbase/query errors 5210–5281, their texts
 * as cbq-engine at commit 3582af6c has them; the parser's 3000 errors and 5212/5216 as
 * `n1ql-reference` answers them); rows follow system:user_info / system:group_info as the
 * reference's tests read them (testrunner tuqquery QueryDDLUserTests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('b1');
  await db.createKeyspace('orders');
  await db.createKeyspace('orders._default.transactions');
});
afterEach(async () => {
  await db.close();
});

const run = async (s: string) => db.query(s);
async function fails(s: string): Promise<{ code: number; msg: string }> {
  try {
    await db.query(s);
  } catch (e) {
    if (e instanceof QueryError) return { code: e.code, msg: e.msg };
    throw e;
  }
  throw new Error(`no error: ${s}`);
}
const rows = async (s: string) => (await db.query(s)).results;

describe('the parser (the reference parser\'s checks)', () => {
  it.each([
    ['CREATE USER u1 PASSWORD "pw"', 'The password must be at least 6 characters long (near line 1, column 25).'],
    ['ALTER USER u1 GROUP g1 GROUPS g2', 'User attributes may only be specified once (near line 1, column 24).'],
    ['ALTER USER u1 NO GROUPS NO GROUPS', 'User attributes may only be specified once (near line 1, column 25).'],
    ['ALTER GROUP g1 WITH "a" WITH "b"', 'Group attributes may only be specified once (near line 1, column 25).'],
    ['ALTER GROUP g1 ROLES a NO ROLES', 'Group attributes may only be specified once (near line 1, column 24).'],
  ])('%s', async (s, msg) => {
    expect(await fails(s)).toEqual({ code: 3000, msg });
  });
});

describe('users', () => {
  it('CREATE USER: password required for local users, refused for external ones; something must be set', async () => {
    expect(await fails('CREATE USER u1')).toEqual({ code: 5212, msg: "Attribute 'password' required for local users." });
    expect(await fails('CREATE USER u1 WITH "n" NO GROUPS')).toEqual({ code: 5212, msg: "Attribute 'password' required for local users." });
    expect(await fails('CREATE USER external:u1 PASSWORD "password"')).toEqual({ code: 5212, msg: "Attribute 'password' not supported for external users." });
    expect(await fails('ALTER USER u1')).toEqual({ code: 5216, msg: 'Missing attributes for user.' });
  });

  it('CREATE USER, then system:user_info; a duplicate is 5211 unless IF NOT EXISTS (which changes nothing)', async () => {
    await run('CREATE USER user1 PASSWORD "pass123"');
    await run('CREATE USER user2 PASSWORD "pass234" WITH "Test User"');
    expect(await rows('SELECT RAW u FROM system:user_info u ORDER BY id')).toEqual([
      { id: 'user1', domain: 'local', roles: [], groups: [] },
      { id: 'user2', domain: 'local', name: 'Test User', roles: [], groups: [] },
    ]);
    expect(await fails('CREATE USER user1 PASSWORD "pass123"')).toEqual({ code: 5211, msg: 'User local:user1 already exists.' });
    expect((await run('CREATE USER IF NOT EXISTS user2 PASSWORD "differentpass" WITH "Different Name"')).results).toEqual([]);
    expect(await rows("SELECT RAW name FROM system:user_info WHERE id = 'user2'")).toEqual(['Test User']);
    expect(db.principals.user('local', 'user1')!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(JSON.stringify(db.principals.users())).not.toContain('pass123');
  });

  it('GROUP(S) must name existing groups (5214); ALTER USER sets, replaces and clears them', async () => {
    expect(await fails('CREATE USER u1 PASSWORD "password" GROUP nosuch')).toEqual({ code: 5214, msg: 'Unable to find group nosuch.' });
    await run('CREATE GROUP g1 NO ROLES');
    await run('CREATE GROUP g2 NO ROLES');
    await run('CREATE USER u1 PASSWORD "password" GROUP g1');
    expect(await rows("SELECT RAW groups FROM system:user_info WHERE id = 'u1'")).toEqual([['g1']]);
    await run('ALTER USER u1 GROUPS g1, g2');
    expect(await rows("SELECT RAW groups FROM system:user_info WHERE id = 'u1'")).toEqual([['g1', 'g2']]);
    await run('ALTER USER u1 NO GROUPS');
    expect(await rows("SELECT RAW groups FROM system:user_info WHERE id = 'u1'")).toEqual([[]]);
    await run('ALTER USER u1 WITH "Updated Name"');
    expect(await rows("SELECT RAW name FROM system:user_info WHERE id = 'u1'")).toEqual(['Updated Name']);
  });

  it('ALTER and DROP of a missing user are 5210; DROP USER IF EXISTS is not', async () => {
    expect(await fails('ALTER USER nobody PASSWORD "somepass"')).toEqual({ code: 5210, msg: 'Unable to find user local:nobody.' });
    expect(await fails('DROP USER nobody')).toEqual({ code: 5210, msg: 'Unable to find user local:nobody.' });
    expect((await run('DROP USER IF EXISTS nobody')).results).toEqual([]);
    await run('CREATE USER local:u1 PASSWORD "password"');
    await run('DROP USER u1');
    expect(await rows('SELECT * FROM system:user_info')).toEqual([]);
  });

  it('an external user has no password', async () => {
    await run('CREATE USER external:ext WITH "Ext"');
    expect(await rows('SELECT RAW u FROM system:user_info u')).toEqual([{ id: 'ext', domain: 'external', name: 'Ext', roles: [], groups: [] }]);
    expect(db.principals.user('external', 'ext')!.passwordHash).toBeUndefined();
  });
});

describe('groups', () => {
  it('the reference suite\'s setup and cleanup (gsi sanitize_statement_function)', async () => {
    expect((await run('CREATE GROUP IF NOT EXISTS group1 ROLES cluster_admin')).results).toEqual([]);
    expect((await run('CREATE GROUP IF NOT EXISTS group1 ROLES cluster_admin')).results).toEqual([]);
    expect(await rows('SELECT RAW g FROM system:group_info g')).toEqual([{ id: 'group1', roles: [{ role: 'cluster_admin' }] }]);
    expect((await run('DROP GROUP IF EXISTS group1')).results).toEqual([]);
    expect((await run('DROP GROUP IF EXISTS group1')).results).toEqual([]);
    expect(await rows('SELECT * FROM system:group_info')).toEqual([]);
  });

  it('CREATE GROUP errors: duplicate 5213, roles required 5215, nothing set 5216, role checks 5250/5220/5230, keyspace 5240', async () => {
    await run('CREATE GROUP g1 NO ROLES');
    expect(await fails('CREATE GROUP g1 NO ROLES')).toEqual({ code: 5213, msg: 'Group g1 already exists.' });
    expect(await fails('CREATE GROUP g2 WITH "desc"')).toEqual({ code: 5215, msg: "Attribute 'roles' required for groups." });
    expect(await fails('CREATE GROUP g2')).toEqual({ code: 5216, msg: 'Missing attributes for group.' });
    expect(await fails('CREATE GROUP g2 ROLES nosuch')).toEqual({ code: 5250, msg: 'Role nosuch is not valid.' });
    // Group roles are named as N1QL shows them (select, not query_select).
    expect(await fails('CREATE GROUP g2 ROLES query_select')).toEqual({ code: 5220, msg: 'Role select requires a keyspace.' });
    expect(await fails('CREATE GROUP g2 ROLES admin ON b1')).toEqual({ code: 5230, msg: 'Role admin does not take a keyspace.' });
    expect(await fails('CREATE GROUP g2 ROLES select ON nosuch')).toEqual({ code: 5240, msg: 'Keyspace default:nosuch is not valid.' });
  });

  it('roles on a bucket, a default collection and a named collection; ALTER GROUP replaces them', async () => {
    await run('CREATE GROUP g1 WITH "Test Group" ROLES query_select ON b1, insert ON orders._default._default, data_reader ON orders._default.transactions');
    expect(await rows('SELECT RAW g FROM system:group_info g')).toEqual([
      {
        id: 'g1',
        description: 'Test Group',
        roles: [
          { role: 'select', bucket_name: 'b1', scope_name: '*', collection_name: '*' },
          { role: 'insert', bucket_name: 'orders', scope_name: '_default', collection_name: '_default' },
          { role: 'data_reader', bucket_name: 'orders', scope_name: '_default', collection_name: 'transactions' },
        ],
      },
    ]);
    await run('ALTER GROUP g1 WITH "Altered description" ROLE query_insert ON b1');
    expect(await rows('SELECT RAW g FROM system:group_info g')).toEqual([
      { id: 'g1', description: 'Altered description', roles: [{ role: 'insert', bucket_name: 'b1', scope_name: '*', collection_name: '*' }] },
    ]);
    await run('ALTER GROUP g1 NO ROLES');
    expect(await rows('SELECT RAW roles FROM system:group_info')).toEqual([[]]);
    expect(await fails('ALTER GROUP nosuch WITH "desc"')).toEqual({ code: 5214, msg: 'Unable to find group nosuch.' });
  });

  it('DROP GROUP takes the group from its members; a missing one is 5214', async () => {
    await run('CREATE GROUP g1 NO ROLES');
    await run('CREATE USER u1 PASSWORD "password" GROUP g1');
    await run('DROP GROUP g1');
    expect(await rows("SELECT RAW groups FROM system:user_info WHERE id = 'u1'")).toEqual([[]]);
    expect(await fails('DROP GROUP g1')).toEqual({ code: 5214, msg: 'Unable to find group g1.' });
  });
});

describe('GRANT and REVOKE', () => {
  beforeEach(async () => {
    await run('CREATE USER joe PASSWORD "joepassword"');
    await run('CREATE GROUP g1 NO ROLES');
  });

  it('role checks before any change: 5250, 5220, 5230, 5221', async () => {
    expect(await fails('GRANT nosuch TO joe')).toEqual({ code: 5250, msg: 'Role nosuch is not valid.' });
    expect(await fails('GRANT query_select TO joe')).toEqual({ code: 5220, msg: 'Role query_select requires a keyspace.' });
    expect(await fails('GRANT select TO joe')).toEqual({ code: 5220, msg: 'Role query_select requires a keyspace.' });
    expect(await fails('GRANT admin ON b1 TO joe')).toEqual({ code: 5230, msg: 'Role admin does not take a keyspace.' });
    expect(await fails('GRANT query_manage_functions ON orders._default.transactions TO joe')).toEqual({
      code: 5221,
      msg: 'Role query_manage_functions cannot be specified at the collection level.',
    });
    expect(await rows("SELECT RAW roles FROM system:user_info WHERE id = 'joe'")).toEqual([[]]);
  });

  it('bad keyspaces: 5240 for a bucket or collection, 5241 for a scope', async () => {
    expect(await fails('GRANT select ON nosuch TO joe')).toEqual({ code: 5240, msg: 'Keyspace default:nosuch is not valid.' });
    expect(await fails('GRANT select ON b1.nosuch TO joe')).toEqual({ code: 5241, msg: 'Scope default:b1.nosuch is not valid.' });
    expect(await fails('GRANT select ON orders._default.nosuch TO joe')).toEqual({ code: 5240, msg: 'Keyspace default:orders._default.nosuch is not valid.' });
  });

  it('GRANT to a user, again (warning 5260), to a missing user (5210 after the others); REVOKE (5270, 5280)', async () => {
    expect((await run('GRANT select, query_insert ON b1 TO joe')).warnings ?? []).toEqual([]);
    expect(await rows("SELECT RAW roles FROM system:user_info WHERE id = 'joe'")).toEqual([
      [
        { role: 'select', bucket_name: 'b1', scope_name: '*', collection_name: '*' },
        { role: 'insert', bucket_name: 'b1', scope_name: '*', collection_name: '*' },
      ],
    ]);
    expect((await run('GRANT select ON b1 TO joe')).warnings).toEqual([{ code: 5260, msg: 'User local:joe already has role select on b1.' }]);
    expect(await fails('GRANT query_system_catalog TO joe, ann')).toEqual({ code: 5210, msg: 'Unable to find user local:ann.' });
    expect(await rows("SELECT RAW ARRAY r.role FOR r IN roles END FROM system:user_info WHERE id = 'joe'")).toEqual([['select', 'insert', 'query_system_catalog']]);
    // A cluster-wide role and a bucket role in one REVOKE … ON is 5230, as for GRANT.
    expect(await fails('REVOKE query_system_catalog, insert ON b1 FROM joe')).toEqual({ code: 5230, msg: 'Role query_system_catalog does not take a keyspace.' });
    expect((await run('REVOKE query_system_catalog FROM joe')).warnings ?? []).toEqual([]);
    expect((await run('REVOKE insert ON b1 FROM joe')).warnings ?? []).toEqual([]);
    expect((await run('REVOKE admin FROM joe')).warnings).toEqual([{ code: 5270, msg: 'User local:joe did not have role admin.' }]);
    expect((await run('REVOKE select ON b1 FROM joe')).warnings).toEqual([{ code: 5280, msg: 'User local:joe has no roles. Connecting with this user may not be possible' }]);
  });

  it('TO GROUP / FROM GROUPS; a missing group is 5214; a group left without roles warns 5281', async () => {
    await run('GRANT query_select ON b1 TO GROUP g1');
    await run('GRANT query_system_catalog TO GROUPS g1');
    expect(await rows('SELECT RAW roles FROM system:group_info')).toEqual([[{ role: 'select', bucket_name: 'b1', scope_name: '*', collection_name: '*' }, { role: 'query_system_catalog' }]]);
    expect(await fails('GRANT query_system_catalog TO GROUP nosuch')).toEqual({ code: 5214, msg: 'Unable to find group nosuch.' });
    await run('REVOKE query_system_catalog FROM GROUP g1');
    expect((await run('REVOKE select ON b1 FROM GROUP g1')).warnings).toEqual([{ code: 5281, msg: 'Group g1 has no roles.' }]);
  });
});

describe('who may run them', () => {
  it('need the security_write privilege (checked by the caller\'s authorize hook); EXPLAIN and PREPARE of them are not supported', async () => {
    const needs: unknown[] = [];
    await db.query('CREATE GROUP g1 NO ROLES', { authorize: (n) => needs.push(...n) });
    expect(needs).toEqual([{ privilege: 'security_write', keyspace: '' }]);
    expect((await fails('EXPLAIN CREATE USER x PASSWORD "password"')).code).toBe(1020);
    expect((await fails('PREPARE p FROM DROP GROUP g1')).code).toBe(1020);
  });
});

describe('Full Admins (ns_server\'s rules)', () => {
  const lastAdmin = { code: 11010, msg: 'System datastore : unable to update user information in server (The last Full Admin cannot lose the Full Admin role.)' };

  it('the last local Full Admin keeps the role and cannot be dropped; with a second one it can', async () => {
    await run('CREATE USER a1 PASSWORD "password"');
    await run('GRANT admin TO a1');
    expect(await fails('REVOKE admin FROM a1')).toEqual(lastAdmin);
    expect(await fails('DROP USER a1')).toEqual(lastAdmin);
    await run('CREATE GROUP admins ROLES admin');
    await run('CREATE USER a2 PASSWORD "password" GROUP admins');
    await run('REVOKE admin FROM a1');
    expect(await fails('DROP GROUP admins')).toEqual({ ...lastAdmin, msg: lastAdmin.msg.replace('user information', 'group information') });
    expect(await rows('SELECT RAW id FROM system:user_info ORDER BY id')).toEqual(['a1', 'a2']);
  });

  it('granting admin or touching an admin needs security_admin_write from the authorize hook', async () => {
    await run('CREATE USER a1 PASSWORD "password"');
    const asked: string[] = [];
    const authorize = (needs: { privilege: string }[]) => {
      for (const n of needs) {
        asked.push(n.privilege);
        if (n.privilege === 'security_admin_write') throw new QueryError({ code: 13014, phase: 'service', message: 'refused' });
      }
    };
    await expect(db.query('GRANT admin TO a1', { authorize })).rejects.toMatchObject({ code: 13014 });
    await expect(db.query('CREATE GROUP sec ROLES security_admin', { authorize })).rejects.toMatchObject({ code: 13014 });
    await db.query('GRANT select ON b1 TO a1', { authorize });
    expect(asked).toEqual(['security_write', 'security_admin_write', 'security_write', 'security_admin_write', 'security_write']);
    expect(await rows("SELECT RAW ARRAY r.role FOR r IN roles END FROM system:user_info WHERE id = 'a1'")).toEqual([['select']]);
  });
});

describe('durability', () => {
  it('users and groups are kept in principals.json and found on reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-principals-'));
    try {
      let d = await Database.open({ path: dir });
      await d.createKeyspace('b1');
      await d.query('CREATE GROUP g1 ROLES select ON b1');
      await d.query('CREATE USER joe PASSWORD "joepassword" GROUP g1');
      await d.close();
      d = await Database.open({ path: dir });
      expect((await d.query('SELECT RAW [id, groups] FROM system:user_info')).results).toEqual([['joe', ['g1']]]);
      expect((await d.query('SELECT RAW id FROM system:group_info')).results).toEqual(['g1']);
      await d.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
