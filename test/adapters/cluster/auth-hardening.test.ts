/**
 * Authentication hardening over HTTP on loopback (issue 22 §7, docs/security.md): login limits
 * per user name and per address counted before the hash (429 + Retry-After, on 8091 and 8093
 * alike), equal time for unknown and known users, case-insensitive Basic, scalar
 * client_context_id, slow request bodies timed out, internal keyspaces and role grants.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClusterAdmin, type ClusterAdmin } from '../../../src/adapters/cluster/index.js';
import { startQueryService } from '../../../src/adapters/query/index.js';
import type { Listener } from '../../../src/adapters/http/server.js';
import { Database } from '../../../src/index.js';

const PW = 'Passw0rd!';
const basic = (u: string, p: string, scheme = 'Basic') => `${scheme} ${Buffer.from(`${u}:${p}`).toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';

let db: Database;
let admin: ClusterAdmin;
let query: Listener;
/** A second pair of listeners on the same store with tight login limits. */
let tight: { admin: ClusterAdmin; query: Listener };

async function adminReq(method: string, path: string, auth: string, form?: string) {
  const r = await fetch(`${admin.url}${path}`, { method, headers: { authorization: auth, ...(form !== undefined ? { 'content-type': FORM } : {}) }, body: form });
  return { status: r.status, text: await r.text(), headers: r.headers };
}
async function q(auth: string | undefined, params: Record<string, string>, base = query.url) {
  const r = await fetch(`${base}/query/service`, { method: 'POST', headers: { 'content-type': FORM, ...(auth ? { authorization: auth } : {}) }, body: new URLSearchParams(params).toString() });
  return { status: r.status, body: (await r.json()) as any, headers: r.headers };
}

beforeAll(async () => {
  db = await Database.open();
  await db.createBucket('b1');
  admin = await startClusterAdmin(db, {
    port: 0,
    daemon: false,
    admin: { user: 'Administrator', password: PW },
  });
  query = await startQueryService(db, { port: 0, principal: (a, ip) => admin.queryPrincipal(a, ip), requestTimeoutMs: 1000 });
  // Per user: 3 failures; per address: 12 (loopback: every test shares the address).
  const tightAdmin = await startClusterAdmin(db, {
    port: 0,
    daemon: false,
    loginLimits: {
      user: { max_failures: 3, window_seconds: 60, lockout_seconds: 2, max_lockout_seconds: 2 },
      address: { max_failures: 12, window_seconds: 60, lockout_seconds: 1, max_lockout_seconds: 1 },
      // Refusals wait 100 ms (not the default 500): six in a row stay inside the 1 s lockout.
      refusalDelayMs: 100,
    },
  });
  tight = { admin: tightAdmin, query: await startQueryService(db, { port: 0, principal: (a, ip) => tightAdmin.queryPrincipal(a, ip) }) };
  for (const [u, role] of [['victim', 'query_select[b1]'], ['racer', 'ro_admin'], ['sec', 'security_admin'], ['adm2', 'admin'], ['tim', 'ro_admin']]) {
    const r = await adminReq('PUT', `/settings/rbac/users/local/${u}`, basic('Administrator', PW), `password=${encodeURIComponent(PW)}&roles=${encodeURIComponent(role!)}`);
    if (r.status !== 200) throw new Error(`${u}: ${r.status} ${r.text}`);
  }
});
afterAll(async () => {
  await tight.query.close();
  await tight.admin.close();
  await query.close();
  await admin.close();
  await db.close();
});


describe('login limits', () => {
  const tq = (auth: string, params: Record<string, string>) => q(auth, params, tight.query.url);
  it('locks a user name out after 3 failures, on 8093 and 8091 alike, with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await tq(basic('victim', 'wrong'), { statement: 'SELECT 1' })).status).toBe(401);
    const refusedAt = performance.now();
    const locked = await tq(basic('victim', PW), { statement: 'SELECT 1' });
    expect(locked.status).toBe(429);
    // A refusal is answered after its delay (a client retrying at once is slowed down).
    expect(performance.now() - refusedAt).toBeGreaterThanOrEqual(95);
    expect(locked.body.errors[0].code).toBe(1191);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const onAdmin = await fetch(`${tight.admin.url}/pools/default/buckets`, { headers: { authorization: basic('victim', PW) } });
    expect(onAdmin.status).toBe(429);
    expect(onAdmin.headers.get('retry-after')).not.toBeNull();
    await new Promise((r) => setTimeout(r, 2100));
    expect((await tq(basic('victim', PW), { statement: 'SELECT RAW 1' })).body.results).toEqual([1]);
  });

  it('counts attempts before the hash: 30 concurrent wrong passwords, at most 3 are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => tq(basic('racer', 'wrong'), { statement: 'SELECT 1' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(27);
  });

  it('limits an address guessing many user names (12 failures in all from it)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await tq(basic(`nobody${i}`, 'x'), { statement: 'SELECT 1' })).status);
    // 6 failures came from this address in the tests above.
    expect(statuses.filter((s) => s === 401).length).toBe(6);
    expect(statuses.slice(6).every((s) => s === 429)).toBe(true);
  });
});

describe('equal time for unknown and known users', () => {
  it('a wrong password of a known user and any password of an unknown user cost the same hash', async () => {
    const time = async (u: string) => {
      const t = performance.now();
      await adminReq('GET', '/pools/default/buckets', basic(u, 'not-the-password'));
      return performance.now() - t;
    };
    await time('warmup-nobody');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time('tim'));
      unknown.push(await time(`ghost${i}`));
    }
    const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    // Both pay for scrypt (tens of ms); an unknown user used to answer in ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    expect(median(unknown)).toBeGreaterThan(5);
  });
});

describe('request details', () => {
  it('accepts a lower-case basic scheme on 8093 and 8091', async () => {
    expect((await q(basic('Administrator', PW, 'basic'), { statement: 'SELECT RAW 1' })).body.results).toEqual([1]);
    expect((await adminReq('GET', '/pools/default/buckets', basic('Administrator', PW, 'basic'))).status).toBe(200);
  });

  it('takes a string client_context_id only (reference 1070, 1110)', async () => {
    const auth = basic('Administrator', PW);
    const r = await fetch(`${query.url}/query/service`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ statement: 'SELECT 1', client_context_id: { a: 1 } }) });
    expect(((await r.json()) as any).errors).toEqual([{ code: 1070, msg: 'client_context_id has to be of type string' }]);
    expect((await q(auth, { statement: 'SELECT 1', client_context_id: '{"a":1}' })).body.errors).toEqual([{ code: 1110, msg: 'forbidden character (\\ or ") in client_context_id' }]);
    expect((await q(auth, { statement: 'SELECT 1', client_context_id: 'ctx-1' })).body.clientContextID).toBe('ctx-1');
  });

  it('closes a connection whose body trickles in past the request timeout', async () => {
    const url = new URL(query.url);
    const closedAfter = await new Promise<number>((resolve) => {
      const start = performance.now();
      const s = connect(Number(url.port), url.hostname, () => {
        s.write(`POST /query/service HTTP/1.1\r\nHost: x\r\nContent-Type: ${FORM}\r\nContent-Length: 1000\r\n\r\nstatement=`);
        const t = setInterval(() => s.write('a'), 200);
        s.on('close', () => {
          clearInterval(t);
          resolve(performance.now() - start);
        });
      });
      s.on('error', () => {});
    });
    expect(closedAfter).toBeLessThan(4000);
  });
});

describe('internal keyspaces are not buckets', () => {
  const adm = () => basic('Administrator', PW);
  it('cannot be created, listed or deleted over REST', async () => {
    const c = await adminReq('POST', '/pools/default/buckets', adm(), 'name=_gateway&ramQuota=100');
    expect(c.status).toBe(400);
    expect(JSON.parse(c.text).errors.name).toBe('Bucket name _gateway is reserved: names starting with _ are the server\'s internal keyspaces');
    const list = JSON.parse((await adminReq('GET', '/pools/default/buckets', adm())).text) as { name: string }[];
    expect(list.map((b) => b.name)).toEqual(['b1']);
    expect((await adminReq('DELETE', '/pools/default/buckets/_system', adm())).status).toBe(404);
    expect(db.keyspaces()).toContain('_system');
  });
});

describe('role grants', () => {
  it('security_admin cannot create or change a Full Admin, nor change its own roles', async () => {
    const sec = basic('sec', PW);
    const mk = await adminReq('PUT', '/settings/rbac/users/local/evil', sec, `password=${PW}&roles=admin`);
    expect(mk.status).toBe(403);
    expect(JSON.parse(mk.text)).toEqual({ message: 'Forbidden. User needs the following permissions', permissions: ['cluster.admin.security.admin!write'] });
    expect((await adminReq('PUT', '/settings/rbac/users/local/adm2', sec, 'roles=ro_admin')).status).toBe(403);
    expect((await adminReq('PUT', '/settings/rbac/users/local/sec', sec, 'roles=ro_admin')).status).toBe(403);
    expect((await adminReq('PUT', '/settings/rbac/users/local/plain', sec, `password=${PW}&roles=ro_admin`)).status).toBe(200);
  });

  it('an admin cannot drop its own admin role; the last admin stays', async () => {
    const self = await adminReq('PUT', '/settings/rbac/users/local/adm2', basic('adm2', PW), 'roles=ro_admin');
    expect(self.status).toBe(400);
    expect((await adminReq('DELETE', '/settings/rbac/users/local/adm2', basic('adm2', PW))).status).toBe(400);
    // Another admin may demote adm2; then Administrator is the last one.
    expect((await adminReq('PUT', '/settings/rbac/users/local/adm2', basic('Administrator', PW), 'roles=ro_admin')).status).toBe(200);
    expect((await adminReq('DELETE', '/settings/rbac/users/local/Administrator', basic('Administrator', PW))).status).toBe(400);
  });
});
