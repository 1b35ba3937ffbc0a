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
