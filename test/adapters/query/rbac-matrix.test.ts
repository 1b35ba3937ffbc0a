/**
 * Authorisation on the query service over HTTP: each role × statement on its bucket (b1) and on
 * another (b2). Expected cells follow ns_server's role definitions (menelaus_roles.erl: the first
 * pattern of a role matching the object decides) and the statements' privileges (couchbase/query
 * algebra Privileges(), N1QL docs "RBAC Privileges"); a refusal is 13014 with the reference's
 * message (enterprise messageForDeniedPrivilege) and HTTP 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClusterAdmin, type ClusterAdmin } from '../../../src/adapters/cluster/index.js';
import { startQueryService } from '../../../src/adapters/query/index.js';
import { Database } from '../../../src/index.js';
import type { Listener } from '../../../src/adapters/http/server.js';

const PW = 'Passw0rd!';
let db: Database;
let admin: ClusterAdmin;
let query: Listener;

// S SELECT, I INSERT, U UPSERT, P UPDATE, D DELETE, C CREATE INDEX, X DROP INDEX, B BUILD INDEX
const STATEMENTS: Record<string, (b: string, n: number) => string> = {
  S: (b) => `SELECT * FROM ${b} LIMIT 1`,
  I: (b, n) => `INSERT INTO ${b} (KEY, VALUE) VALUES ('ins${n}', {'a': 1})`,
  U: (b) => `UPSERT INTO ${b} (KEY, VALUE) VALUES ('up', {'a': 1})`,
  P: (b) => `UPDATE ${b} USE KEYS 'k1' SET x = 1`,
  D: (b) => `DELETE FROM ${b} USE KEYS 'nokey'`,
  C: (b, n) => `CREATE INDEX ix${n} ON ${b}(a)`,
  X: (b) => `DROP INDEX ixnone ON ${b}`,
};

// role | allowed on b1 | allowed on b2
const MATRIX = `
admin                   | SIUPDCX | SIUPDCX
backup_admin            | SIUPDCX | SIUPDCX
cluster_admin           | -       | -
ro_admin                | -       | -
security_admin          | -       | -
replication_admin       | -       | -
eventing_admin          | -       | -
external_stats_reader   | -       | -
query_system_catalog    | -       | -
bucket_admin[b1]        | -       | -
views_admin[b1]         | -       | -
data_reader[b1]         | -       | -
data_writer[b1]         | -       | -
bucket_full_access[b1]  | SIUPDCX | -
mobile_sync_gateway[b1] | SIUPDCX | -
query_select[b1]        | S       | -
query_insert[b1]        | I       | -
query_update[b1]        | P       | -
query_delete[b1]        | D       | -
query_manage_index[b1]  | CX      | -
query_select[*]         | S       | S
`;

const rows = MATRIX.trim().split('\n').map((l) => l.split('|').map((s) => s.trim()));

/** The reference's 13014 message for the first privilege a role lacks for a statement. */
function denial(kind: string, b: string, allowed = ''): string {
  const ks = `default:${b}`;
  const dml = (what: string, role: string) => `User does not have credentials to run ${what} queries on ${ks}. Add role ${role} on ${ks} to allow the statement to run.`;
  switch (kind) {
    case 'S': return dml('SELECT', 'query_select');
    case 'I': return dml('INSERT', 'query_insert');
    // UPSERT needs query_insert, then query_update.
    case 'U': return allowed.includes('I') ? dml('UPDATE', 'query_update') : dml('INSERT', 'query_insert');
    case 'P': return dml('UPDATE', 'query_update');
    case 'D': return dml('DELETE', 'query_delete');
    default: return `User does not have credentials to run index operations. Add role query_manage_index on ${ks} to allow the statement to run.`;
  }
}

async function run(user: string, statement: string): Promise<{ status: number; body: any }> {
  const r = await fetch(`${query.url}/query/service`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic ' + Buffer.from(`${user}:${PW}`).toString('base64') },
    body: new URLSearchParams({ statement }).toString(),
  });
  return { status: r.status, body: await r.json() };
}

beforeAll(async () => {
  db = await Database.open();
  await db.createBucket('b1');
  await db.createBucket('b2');
  await db.upsert('b1', 'k1', { a: 1 });
  await db.upsert('b2', 'k1', { a: 1 });
  // Generous login limits: the matrix logs in hundreds of times from one address.
  const limits = { max_failures: 10_000, window_seconds: 60, lockout_seconds: 1, max_lockout_seconds: 1 };
  admin = await startClusterAdmin(db, { port: 0, daemon: false, admin: { user: 'Administrator', password: PW }, loginLimits: { user: limits, address: limits } });
  query = await startQueryService(db, { port: 0, principal: (a, ip) => admin.queryPrincipal(a, ip) });
  const auth = 'Basic ' + Buffer.from(`Administrator:${PW}`).toString('base64');
  for (const [i, [role]] of rows.entries()) {
    const r = await fetch(`${admin.url}/settings/rbac/users/local/u${i}`, {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: `password=${encodeURIComponent(PW)}&roles=${encodeURIComponent(role!)}`,
    });
    if (r.status !== 200) throw new Error(`${role}: ${r.status} ${await r.text()}`);
  }
});
afterAll(async () => {
  await query.close();
  await admin.close();
  await db.close();
});

describe('role × statement on 8093', () => {
  let n = 0;
  it.each(rows.map((r, i) => [r[0]!, i, r[1]!, r[2]!] as const))('%s', async (_role, i, own, other) => {
    for (const [bucket, allowed] of [['b1', own], ['b2', other]] as const) {
      for (const [kind, make] of Object.entries(STATEMENTS)) {
        const r = await run(`u${i}`, make(bucket, n++));
        const code = r.body.errors?.[0]?.code;
        if (allowed.includes(kind)) {
          expect(code, `${kind} on ${bucket}: ${JSON.stringify(r.body.errors)}`).not.toBe(13014);
          expect(r.status).not.toBe(401);
        } else {
          expect(r.status, `${kind} on ${bucket}`).toBe(401);
          expect(r.body.errors, `${kind} on ${bucket}`).toEqual([{ code: 13014, msg: denial(kind, bucket, allowed) }]);
        }
      }
    }
  });
});

describe('what else needs a privilege', () => {
  const user = (role: string) => `u${rows.findIndex((r) => r[0] === role)}`;

  it('system keyspaces need query_system_catalog (system:dual nothing)', async () => {
    const denied = await run(user('query_select[b1]'), 'SELECT * FROM system:keyspaces');
    expect(denied.body.errors).toEqual([{ code: 13014, msg: 'User does not have credentials to run queries accessing the system tables. Add role query_system_catalog to allow the statement to run.' }]);
    expect((await run(user('query_system_catalog'), 'SELECT RAW name FROM system:keyspaces ORDER BY name')).body.results).toEqual(['b1', 'b2']);
    expect((await run(user('query_select[b1]'), 'SELECT RAW 1 FROM system:dual')).body.results).toEqual([1]);
  });

  it('system:my_user_info shows the request\'s user, system:user_info the cluster\'s users with their roles', async () => {
    const u = user('query_system_catalog');
    const mine = await run(u, 'SELECT m.* FROM system:my_user_info m');
    expect(mine.body.results).toEqual([{ id: u, domain: 'local', name: '', roles: [{ role: 'query_system_catalog' }] }]);
    const roles = await run(u, `SELECT RAW r.role || IFMISSING("[" || r.bucket_name || "]", "") FROM system:applicable_roles r WHERE r.grantee = "${user('query_select[b1]')}"`);
    expect(roles.body.results).toEqual(['query_select[b1]']);
    expect((await run(user('query_select[b1]'), 'SELECT RAW name FROM system:namespaces')).body.results).toEqual(['default']);
  });

  it('a subquery on another bucket, INSERT … SELECT and RETURNING need query_select there', async () => {
    const u = user('bucket_full_access[b1]');
    const sub = await run(u, 'SELECT RAW (SELECT RAW a FROM b2 USE KEYS "k1")[0] FROM b1 USE KEYS "k1"');
    expect(sub.body.errors[0].msg).toBe(denial('S', 'b2'));
    const insSel = await run(u, 'INSERT INTO b1 (KEY k, VALUE v) SELECT "copy" AS k, b2 AS v FROM b2');
    expect(insSel.body.errors[0].msg).toBe(denial('S', 'b2'));
    const ret = await run(user('query_update[b1]'), "UPDATE b1 USE KEYS 'k1' SET y = 2 RETURNING y");
    expect(ret.body.errors[0].msg).toBe(denial('S', 'b1'));
  });

  it('EXPLAIN and PREPARE need the privileges of their statement; EXECUTE is checked for its runner', async () => {
    const u = user('query_select[b1]');
    expect((await run(u, 'EXPLAIN DELETE FROM b1')).body.errors[0].msg).toBe(denial('D', 'b1'));
    expect((await run(user('admin'), 'PREPARE del1 FROM DELETE FROM b1 USE KEYS "nokey"')).body.status).toBe('success');
    expect((await run(u, 'EXECUTE del1')).body.errors?.[0]?.code).toBe(13014);
  });

  it('internal keyspaces stay out of reach even for admin', async () => {
    const r = await run(user('admin'), 'SELECT * FROM _system');
    expect(r.body.errors[0].code).toBe(12003);
    const d = await run(user('admin'), 'DELETE FROM _system');
    expect(d.body.errors[0].code).toBe(12003);
  });
});
