/**
 * The user, group and role statements on the query service (8093) with the cluster adapter
 * (8091) over HTTP on loopback: one principal store, so a user created by N1QL logs in on both
 * listeners and is listed by `GET /settings/rbac/users`, and one created over REST is seen by
 * N1QL; a member holds its group's roles; only a user with `cluster.admin.security!write`
 * (admin, security_admin) may run them — others get the reference's 13014.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startClusterAdmin, type ClusterAdmin } from '../../../src/adapters/cluster/index.js';
import { startQueryService } from '../../../src/adapters/query/index.js';
import { Database } from '../../../src/index.js';
import type { Listener } from '../../../src/adapters/http/server.js';

// Each login and password change runs scrypt: generous on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const PW = 'Passw0rd!';
let db: Database;
let admin: ClusterAdmin;
let query: Listener;

const basic = (user: string, pw: string) => 'Basic ' + Buffer.from(`${user}:${pw}`).toString('base64');

async function run(user: string, pw: string, statement: string): Promise<{ status: number; body: any }> {
  const r = await fetch(`${query.url}/query/service`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(user, pw) },
    body: new URLSearchParams({ statement }).toString(),
  });
  return { status: r.status, body: await r.json() };
}

async function rest(method: string, path: string, user: string, pw: string, form?: string): Promise<Response> {
  return fetch(`${admin.url}${path}`, {
    method,
    headers: { authorization: basic(user, pw), ...(form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form !== undefined ? { body: form } : {}),
  });
}

beforeAll(async () => {
  db = await Database.open();
  await db.createBucket('b1');
  await db.upsert('b1', 'k1', { a: 1 });
  admin = await startClusterAdmin(db, { port: 0, daemon: false, admin: { user: 'Administrator', password: PW } });
  query = await startQueryService(db, { port: 0, principal: (a, ip) => admin.queryPrincipal(a, ip) });
  for (const [id, roles] of [['ro', 'ro_admin'], ['sec', 'security_admin']]) {
    const r = await rest('PUT', `/settings/rbac/users/local/${id}`, 'Administrator', PW, `password=${encodeURIComponent(PW)}&roles=${roles}`);
    if (r.status !== 200) throw new Error(await r.text());
  }
}, 60_000);

afterAll(async () => {
  await admin?.close();
  await query?.close();
  await db?.close();
});

describe('N1QL users are the cluster\'s users', () => {
  it('a user created and granted over N1QL logs in on 8093 and is listed on 8091', async () => {
    expect((await run('Administrator', PW, 'CREATE USER joe PASSWORD "joepassword" WITH "Joe"')).body.status).toBe('success');
    expect((await run('Administrator', PW, 'GRANT select ON b1 TO joe')).body.status).toBe('success');
    const r = await run('joe', 'joepassword', 'SELECT RAW a FROM b1 USE KEYS "k1"');
    expect(r.body.results).toEqual([1]);
    const users = (await (await rest('GET', '/settings/rbac/users', 'Administrator', PW)).json()) as { id: string }[];
    expect(users.find((u) => u.id === 'joe')).toEqual({ id: 'joe', domain: 'local', name: 'Joe', roles: [{ role: 'query_select', bucket_name: 'b1' }] });
    // Without INSERT on b1 it is refused, with the reference's message.
    const ins = await run('joe', 'joepassword', 'INSERT INTO b1 (KEY, VALUE) VALUES ("k2", {})');
    expect(ins.body.errors).toEqual([{ code: 13014, msg: 'User does not have credentials to run INSERT queries on default:b1. Add role query_insert on default:b1 to allow the statement to run.' }]);
  });

  it('ALTER USER … PASSWORD changes the password at once; DROP USER removes the login', async () => {
    await run('Administrator', PW, 'CREATE USER ann PASSWORD "annpassword"');
    await run('Administrator', PW, 'GRANT query_system_catalog TO ann');
    expect((await run('ann', 'annpassword', 'SELECT RAW 1')).body.results).toEqual([1]);
    await run('Administrator', PW, 'ALTER USER ann PASSWORD "newpassword"');
    expect((await run('ann', 'annpassword', 'SELECT RAW 1')).status).toBe(401);
    expect((await run('ann', 'newpassword', 'SELECT RAW 1')).body.results).toEqual([1]);
    await run('Administrator', PW, 'DROP USER ann');
    expect((await run('ann', 'newpassword', 'SELECT RAW 1')).status).toBe(401);
  });

  it('a user created over REST is seen by N1QL; a member holds its group\'s roles', async () => {
    const r = await rest('PUT', '/settings/rbac/users/local/bob', 'Administrator', PW, `password=${encodeURIComponent(PW)}&roles=ro_admin`);
    expect(r.status).toBe(200);
    expect((await run('Administrator', PW, 'SELECT RAW id FROM system:user_info WHERE id = "bob"')).body.results).toEqual(['bob']);
    expect((await run('bob', PW, 'SELECT RAW a FROM b1 USE KEYS "k1"')).status).toBe(401);
    await run('Administrator', PW, 'CREATE GROUP readers ROLES select ON b1');
    await run('Administrator', PW, 'ALTER USER bob GROUPS readers');
    expect((await run('bob', PW, 'SELECT RAW a FROM b1 USE KEYS "k1"')).body.results).toEqual([1]);
    // A REST update of bob's roles keeps his groups.
    await rest('PUT', '/settings/rbac/users/local/bob', 'Administrator', PW, 'roles=ro_admin');
    expect((await run('bob', PW, 'SELECT RAW a FROM b1 USE KEYS "k1"')).body.results).toEqual([1]);
    await run('Administrator', PW, 'DROP GROUP readers');
    expect((await run('bob', PW, 'SELECT RAW a FROM b1 USE KEYS "k1"')).status).toBe(401);
  });
});

describe('groups on 8091 (ns_server /settings/rbac/groups)', () => {
  it('a group made by N1QL is served over REST and one made over REST is seen by N1QL', async () => {
    await run('Administrator', PW, 'CREATE GROUP n1qlgroup WITH "by N1QL" ROLES select ON b1, query_system_catalog');
    const one = await rest('GET', '/settings/rbac/groups/n1qlgroup', 'Administrator', PW);
    expect(await one.json()).toEqual({ id: 'n1qlgroup', roles: [{ role: 'query_select', bucket_name: 'b1' }, { role: 'query_system_catalog' }], description: 'by N1QL' });
    expect((await rest('PUT', '/settings/rbac/groups/restgroup', 'Administrator', PW, 'roles=query_select[b1]&description=by%20REST')).status).toBe(200);
    const g = await run('Administrator', PW, 'SELECT RAW g FROM system:group_info g WHERE id = "restgroup"');
    expect(g.body.results).toEqual([{ id: 'restgroup', description: 'by REST', roles: [{ role: 'select', bucket_name: 'b1', scope_name: '*', collection_name: '*' }] }]);
    const all = (await (await rest('GET', '/settings/rbac/groups', 'Administrator', PW)).json()) as { id: string }[];
    expect(all.map((x) => x.id)).toEqual(['n1qlgroup', 'restgroup']);
  });

  it('errors: roles required, unknown role, unknown group (404), security_admin may not give admin (403)', async () => {
    let r = await rest('PUT', '/settings/rbac/groups/g9', 'Administrator', PW, 'description=x');
    expect([r.status, await r.json()]).toEqual([400, { errors: { roles: 'The value must be supplied' } }]);
    r = await rest('PUT', '/settings/rbac/groups/g9', 'Administrator', PW, 'roles=nosuch');
    expect([r.status, await r.json()]).toEqual([400, { errors: { roles: 'Cannot assign roles to user because the following roles are unknown, malformed or role parameters are undefined: [nosuch]' } }]);
    r = await rest('GET', '/settings/rbac/groups/nosuch', 'Administrator', PW);
    expect([r.status, await r.json()]).toEqual([404, 'Unknown group.']);
    r = await rest('DELETE', '/settings/rbac/groups/nosuch', 'Administrator', PW);
    expect([r.status, await r.json()]).toEqual([404, 'Group was not found.']);
    r = await rest('PUT', '/settings/rbac/groups/g9', 'sec', PW, 'roles=admin');
    expect([r.status, await r.json()]).toEqual([403, { message: 'Forbidden. User needs the following permissions', permissions: ['cluster.admin.security.admin!write'] }]);
    expect((await rest('DELETE', '/settings/rbac/groups/restgroup', 'Administrator', PW)).status).toBe(200);
  });
});

describe('who may run them', () => {
  it('ro_admin is refused with 13014; security_admin may', async () => {
    const denied = await run('ro', PW, 'CREATE GROUP g1 NO ROLES');
    expect(denied.status).toBe(401);
    expect(denied.body.errors).toEqual([{ code: 13014, msg: 'User does not have credentials to run queries updating user information. Add role admin to allow the statement to run.' }]);
    expect((await run('sec', PW, 'CREATE GROUP g1 NO ROLES')).body.status).toBe('success');
    expect((await run('sec', PW, 'DROP GROUP g1')).body.status).toBe('success');
  });

  it('only a Full Admin grants admin; the last Full Admin keeps the role', async () => {
    await run('Administrator', PW, 'CREATE USER eve PASSWORD "evepassword"');
    const r = await run('sec', PW, 'GRANT admin TO eve');
    expect(r.body.errors).toEqual([{ code: 13014, msg: 'User does not have credentials to run queries updating user information. Add role admin to allow the statement to run.' }]);
    const last = await run('Administrator', PW, 'REVOKE admin FROM Administrator');
    expect(last.body.errors).toEqual([{ code: 11010, msg: 'System datastore : unable to update user information in server (The last Full Admin cannot lose the Full Admin role.)' }]);
    expect((await run('Administrator', PW, 'SELECT RAW 1')).body.results).toEqual([1]);
  });
});
