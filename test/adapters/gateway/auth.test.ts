/** gateway-scenarios.md C (cookie options, CORS), E (guest and unauthenticated access), configuration and security, over real HTTP. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { parseGatewayConfig, startGateway } from '../../../src/adapters/gateway/index.js';
import { documentInfo, registerDocumentRoutes } from '../../../src/adapters/gateway/docs/index.js';
import { cookiePair, request, startFixture, type Fixture } from './helpers.js';

const WWW = 'Basic realm="Couchbase Sync Gateway"';
let f: Fixture;
beforeAll(async () => {
  f = await startFixture({ users: { alice: { password: 'letmein' } }, login_rate_limit: { max_failures: 3, lockout_seconds: 2 } });
});
afterAll(async () => { await f.close(); });

describe('E. guest and unauthenticated access', () => {
  it('59-60: login required, unknown database is 401', async () => {
    const r = await f.pub('GET', '/db/');
    expect([r.status, r.json().reason, r.headers.get('www-authenticate')]).toEqual([401, 'Login required', WWW]);
    const n = await f.pub('GET', '/notadb/');
    expect([n.status, n.json().reason, n.headers.get('www-authenticate')]).toEqual([401, 'Login required', null]);
    expect((await f.pub('GET', '/db/', { basic: 'alice:letmein' })).status).toBe(200);
    expect((await f.pub('GET', '/notadb/', { basic: 'alice:letmein' })).json().reason).toBe('Invalid login');
    const bob = await f.pub('GET', '/db/', { basic: 'bob:whatever' });
    expect([bob.status, bob.json().reason, bob.headers.get('www-authenticate')]).toEqual([401, 'Invalid login', WWW]);
    expect((await f.pub('GET', '/db/', { bearer: 'abc' })).json().reason).toBe('Invalid login'); // no OIDC: the Bearer step is skipped
  });

  it('§3.1 step 2: Basic as Go reads it; malformed base64 is no credentials (Login required)', async () => {
    const b64 = Buffer.from('alice:letmein').toString('base64'); // "YWxpY2U6bGV0bWVpbg==" (padded)
    const status = async (authorization: string): Promise<number | string> => {
      const r = await f.pub('GET', '/db/', { headers: { authorization } });
      return r.status === 200 ? 200 : r.json().reason;
    };
    expect(await status(`Basic ${b64}`)).toBe(200);
    expect(await status(`bAsIc ${b64}`)).toBe(200);
    // (A trailing space never reaches the server: HTTP strips it from header values.)
    for (const malformed of [`Basic ${b64.replace(/=+$/, '')}`, `Basic  ${b64}`, `Basic ${b64.slice(0, 5)}*${b64.slice(6)}`]) {
      expect(await status(malformed), malformed).toBe('Login required');
    }
    for (const noCredentials of [':letmein', 'alice']) expect(await status(`Basic ${Buffer.from(noCredentials).toString('base64')}`)).toBe('Login required');
  });

  it('62: a disabled user gets 401 with Basic', async () => {
    await f.admin('PUT', '/db/_user/dis', { body: { password: 'letmein' } });
    expect((await f.pub('GET', '/db/', { basic: 'dis:letmein' })).status).toBe(200);
    expect((await f.pub('GET', '/db/', { basic: 'dis:wrong' })).status).toBe(401);
    await f.admin('PUT', '/db/_user/dis', { body: { disabled: true } });
    expect((await f.pub('GET', '/db/', { basic: 'dis:letmein' })).status).toBe(401);
  });

  it('63: an enabled guest; GET /db/ gives update_seq', async () => {
    await f.admin('PUT', '/db/_user/GUEST', { body: { disabled: false } });
    const r = await f.pub('GET', '/db/');
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ db_name: 'db', state: 'Online' });
    expect(typeof r.json().update_seq).toBe('number');
    expect((await f.admin('GET', '/db/_user/GUEST')).json().all_channels).toEqual(['!']);
    expect((await f.pub('GET', '/db/_session')).json().userCtx).toEqual({ channels: { '!': 1 }, name: null });
    expect((await f.pub('DELETE', '/db/_session')).json().reason).toBe('no session'); // 48
    await f.admin('PUT', '/db/_user/GUEST', { body: { disabled: true } });
    expect((await f.pub('GET', '/db/')).status).toBe(401);
  });
});

describe('§0 router: wrong methods', () => {
  it('a known public path with another method is 405 with Allow, before authentication', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/db/_session', 'GET, HEAD, POST, DELETE'], // not a document write (ids never start with _)
      ['PATCH', '/db/_session', 'GET, HEAD, POST, DELETE'],
      ['PATCH', '/db/doc1', 'GET, HEAD, PUT'], // the stand-in document module has GET and PUT
    ];
    for (const [method, path, allow] of cases) {
      for (const auth of [{ basic: 'alice:letmein' }, {}]) {
        const r = await f.pub(method, path, auth);
        expect([r.status, r.headers.get('allow'), r.headers.get('content-type'), r.json()], `${method} ${path}`)
          .toEqual([405, allow, 'application/json', { error: 'Method Not Allowed', reason: '' }]);
      }
    }
    // No route for the path: authentication first, then 404 (and 401 for an unknown database).
    expect((await f.pub('PUT', '/db/_reserved', { basic: 'alice:letmein' })).json()).toEqual({ error: 'not_found', reason: 'unknown URL' });
    expect((await f.pub('PUT', '/db/_reserved')).status).toBe(401);
    expect((await f.pub('PATCH', '/notadb/_session')).json().reason).toBe('Login required');
  });
});

describe('configuration', () => {
  it('44, 51-53, 61: cookie name and attributes, CORS login origin, disable_password_auth', async () => {
    const g = await startFixture({
      users: { u: { password: 'letmein' } }, session_cookie_name: 'TestCustomCookieName', session_cookie_http_only: true, session_cookie_secure: true,
      cors: { origin: ['http://couchbase.com'], login_origin: ['http://couchbase.com'] },
    }, {
      registerDocumentRoutes, documentInfo, // the real document module: POST /db/ (S44)
      more: { locked: { disable_password_auth: true, users: { u: { password: 'letmein' } } }, strict: { unsupported: { same_site_cookie: 'Strict' }, users: { u: { password: 'letmein' } } } },
    });
    try {
      const r = await g.pub('POST', '/db/_session', { basic: 'u:letmein', headers: { origin: 'http://couchbase.com' } });
      expect(r.headers.getSetCookie()).toHaveLength(1);
      expect(r.headers.get('set-cookie')).toMatch(/^TestCustomCookieName=[0-9a-f]{40}; Path=\/db; Expires=[^;]+; HttpOnly; Secure; SameSite=None$/);
      expect(r.headers.get('access-control-allow-origin')).toBe('http://couchbase.com');
      const id = cookiePair(r).split('=')[1];
      for (const other of ['SyncGatewaySession', 'GatewaySession', 'testcustomcookiename']) {
        expect((await g.pub('GET', '/db/', { cookie: `${other}=${id}` })).status, other).toBe(401);
        expect((await g.pub('POST', '/db/', { cookie: `${other}=${id}`, body: { x: 1 } })).status, other).toBe(401);
      }
      expect((await g.pub('GET', '/db/', { cookie: `TestCustomCookieName=${id}` })).status).toBe(200);
      // 44, third bullet: POST /db/ with the custom cookie creates a document with a generated id (200).
      const post = await g.pub('POST', '/db/', { cookie: `TestCustomCookieName=${id}`, body: { x: 1 } });
      expect([post.status, post.headers.get('content-type')]).toEqual([200, 'application/json']);
      const created = post.json();
      expect(Object.keys(created)).toEqual(['id', 'ok', 'rev']);
      expect(created).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), ok: true, rev: expect.stringMatching(/^1-[0-9a-f]+$/) });
      expect((await g.pub('GET', `/db/${created.id}`, { cookie: `TestCustomCookieName=${id}` })).json()).toEqual({ _id: created.id, _rev: created.rev, x: 1 });
      expect((await g.pub('DELETE', '/db/', { cookie: `TestCustomCookieName=${id}` })).headers.get('allow')).toBe('GET, HEAD, POST'); // 405
      // 51: a login origin that is not listed gets 400 No CORS on POST and DELETE, with the Origin echoed.
      const staging = { origin: 'http://staging.couchbase.com' };
      const noCors = await g.pub('POST', '/db/_session', { basic: 'u:letmein', headers: staging });
      expect([noCors.status, noCors.json().reason, noCors.headers.get('access-control-allow-origin')]).toEqual([400, 'No CORS', staging.origin]);
      expect((await g.pub('DELETE', '/db/_session', { cookie: `TestCustomCookieName=${id}`, headers: staging })).json().reason).toBe('No CORS');
      // 48: guest enabled, no cookie, an allowed Origin: DELETE /db/_session is 404 no session.
      await g.admin('PUT', '/db/_user/GUEST', { body: { disabled: false } });
      const noSession = await g.pub('DELETE', '/db/_session', { headers: { origin: 'http://couchbase.com' } });
      expect([noSession.status, noSession.json(), noSession.headers.get('set-cookie')]).toEqual([404, { error: 'not_found', reason: 'no session' }, null]);
      await g.admin('PUT', '/db/_user/GUEST', { body: { disabled: true } });
      expect((await g.pub('DELETE', '/db/_session', { cookie: `TestCustomCookieName=${id}`, headers: { origin: 'http://couchbase.com' } })).status).toBe(200);
      const s = await g.pub('POST', '/strict/_session', { basic: 'u:letmein' });
      expect(s.headers.get('set-cookie')).toMatch(/; SameSite=Strict$/);
      const l1 = await g.pub('GET', '/locked/');
      expect([l1.json().reason, l1.headers.get('www-authenticate')]).toEqual(['Login required', null]);
      const l2 = await g.pub('GET', '/locked/', { basic: 'u:letmein' });
      expect([l2.status, l2.json().reason, l2.headers.get('www-authenticate')]).toEqual([401, 'Invalid login', null]);
      // 61: an unknown database behaves the same (never a WWW-Authenticate there).
      const n1 = await g.pub('GET', '/notadb/');
      const n2 = await g.pub('GET', '/notadb/', { basic: 'u:letmein' });
      expect([n1.status, n1.json().reason, n1.headers.get('www-authenticate'), n2.status, n2.json().reason, n2.headers.get('www-authenticate')])
        .toEqual([401, 'Login required', null, 401, 'Invalid login', null]);
      expect((await g.pub('POST', '/locked/_session', { body: { name: 'u', password: 'letmein' } })).json().reason).toBe('Login required');
      // 61: with the setting switched back off (a restart on the same store), both give 200.
      const unlocked = await startGateway({ config: { databases: { locked: { bucket: 'locked' } } }, db: g.db, interface: '127.0.0.1:0', adminInterface: '127.0.0.1:0' });
      try {
        expect((await request(unlocked.publicUrl, 'GET', '/locked/', { basic: 'u:letmein' })).status).toBe(200);
        expect((await request(unlocked.publicUrl, 'POST', '/locked/_session', { body: { name: 'u', password: 'letmein' } })).status).toBe(200);
      } finally {
        await unlocked.close();
      }
    } finally {
      await g.close();
    }
  });

  it('16: allow_empty_password', async () => {
    const g = await startFixture({ allow_empty_password: true });
    try {
      expect((await g.admin('PUT', '/db/_user/e1', { body: {} })).status).toBe(201);
      expect((await g.admin('POST', '/db/_user/', { body: { name: 'e2', password: '' } })).status).toBe(201);
      expect((await g.admin('PUT', '/db/_user/e3', { body: { password: 'ab' } })).status).toBe(400);
      expect((await g.admin('PUT', '/db/_user/e1', { body: { password: '' } })).status).toBe(200);
      expect((await g.pub('GET', '/db/', { basic: 'e1:' })).status).toBe(200);
      expect((await g.pub('GET', '/db/', { basic: 'e1:x' })).status).toBe(401);
      // 39 with empty passwords: setting the (empty) password again revokes the cookie; Basic still works.
      const c = cookiePair(await g.pub('POST', '/db/_session', { basic: 'e1:' }));
      expect((await g.pub('GET', '/db/', { cookie: c })).status).toBe(200);
      expect((await g.admin('PUT', '/db/_user/e1', { body: { password: '' } })).status).toBe(200);
      expect((await g.pub('GET', '/db/', { cookie: c })).json()).toEqual({ error: 'Unauthorized', reason: 'Session no longer valid for user' });
      expect((await g.pub('GET', '/db/', { basic: 'e1:' })).status).toBe(200);
    } finally {
      await g.close();
    }
  });

  it('validation errors name the key', () => {
    const bad: [unknown, RegExp][] = [
      [{ databases: { db: { bucket: 1 } } }, /databases\.db\.bucket: must be a non-empty string/],
      [{ databases: { db: { bogus: true } } }, /databases\.db\.bogus: unknown key/],
      [{ databases: { db: { oidc: { providers: { a_b: { issuer: 'x', client_id: 'y' } } } } } }, /providers\.a_b: provider names may not contain "_"/],
      [{ databases: { db: { oidc: { providers: { p: { client_id: 'y' } } } } } }, /providers\.p\.issuer: is required/],
      [{ interface: 'nope', databases: { db: {} } }, /interface: "nope" is not host:port/],
      [{ databases: { db: { users: { GUEST: { disabled: 'no' } } } } }, /users\.GUEST\.disabled: must be true or false/],
      [{ Databases: { db: {} }, extra: 1 }, /extra: unknown key/],
    ];
    for (const [raw, msg] of bad) expect(() => parseGatewayConfig(raw)).toThrow(msg);
    const ok = parseGatewayConfig({ Interface: '127.0.0.1:4984', databases: { db: { server: 'file:///tmp/x', users: { GUEST: { disabled: false } } } } });
    expect(ok.adminInterface).toBe('127.0.0.1:4985');
    expect(ok.databases[0]).toMatchObject({ server: '/tmp/x', bucket: 'db', session_cookie_name: 'GatewaySession', guest: { disabled: false } });
  });

  it('starts from a file: opens the data directory, creates the bucket, installs users', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-'));
    const path = join(dir, 'gateway.json');
    writeFileSync(path, JSON.stringify({ interface: '127.0.0.1:0', adminInterface: '127.0.0.1:0', log: ['*'], databases: { travel: { server: `file://${dir}/data`, bucket: 'travel-sample', users: { GUEST: { disabled: false }, pupshaw: { password: 'foo' } } } } }));
    const gw = await startGateway({ config: path });
    try {
      expect((await request(gw.publicUrl, 'GET', '/travel/')).status).toBe(200);
      expect((await request(gw.publicUrl, 'GET', '/travel/_session', { basic: 'pupshaw:foo' })).json().userCtx.name).toBe('pupshaw');
    } finally {
      await gw.close();
    }
    const db = await Database.open({ path: join(dir, 'data') });
    expect(db.keyspaces()).toContain('travel-sample');
    await db.close();
  });
});

describe('security', () => {
  it('a burst of failed logins is slowed with 429 and Retry-After; the right password works afterwards', async () => {
    for (let i = 0; i < 3; i++) expect((await f.pub('GET', '/db/', { basic: 'alice:guess' + i })).status).toBe(401);
    const limited = await f.pub('GET', '/db/', { basic: 'alice:letmein' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await f.pub('POST', '/db/_session', { body: { name: 'alice', password: 'letmein' } })).status).toBe(429);
    f.advance(2100);
    expect((await f.pub('GET', '/db/', { basic: 'alice:guess' })).status).toBe(401); // lockout doubles
    expect((await f.pub('GET', '/db/', { basic: 'alice:letmein' })).status).toBe(429);
    f.advance(4100);
    expect((await f.pub('GET', '/db/', { basic: 'alice:letmein' })).status).toBe(200);
    expect((await f.pub('GET', '/db/', { basic: 'alice:guess' })).status).toBe(401); // a success forgot the failures
    expect((await f.pub('GET', '/db/', { basic: 'alice:letmein' })).status).toBe(200);
  });

  it('counts attempts before the hash: 30 concurrent wrong passwords, at most max_failures are checked', async () => {
    await f.admin('PUT', '/db/_user/racer', { body: { password: 'letmein' } });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => f.pub('GET', '/db/', { basic: `racer:guess${i}` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(27);
  });

  it("a disabled user's right password costs a full hash (no shortcut through remembered credentials)", async () => {
    await f.admin('PUT', '/db/_user/sleeper', { body: { password: 'letmein' } });
    expect((await f.pub('GET', '/db/', { basic: 'sleeper:letmein' })).status).toBe(200); // remembered now
    await f.admin('PUT', '/db/_user/sleeper', { body: { disabled: true } });
    const time = async (basic: string) => {
      const t = performance.now();
      const r = await f.pub('GET', '/db/', { basic });
      expect(r.status).toBe(401);
      return performance.now() - t;
    };
    const right = Math.min(await time('sleeper:letmein'), await time('sleeper:letmein'));
    const wrong = Math.min(await time('alice2:nope'), await time('alice3:nope'));
    // Both pay for scrypt; a remembered password used to answer in ~1.6 ms against ~50 ms.
    expect(right).toBeGreaterThan(wrong / 3);
  });

  it('tampered cookies are rejected', async () => {
    const c = cookiePair(await f.pub('POST', '/db/_session', { basic: 'alice:letmein' }));
    const id = c.split('=')[1]!;
    const flipped = id.slice(0, -1) + (id.endsWith('0') ? '1' : '0');
    for (const v of [flipped, id + '0', id.toUpperCase(), `${id}; GatewaySession=x`]) {
      const r = await f.pub('GET', '/db/', { cookie: `GatewaySession=${v}` });
      expect(r.status, v).toBe(v.includes(';') ? 200 : 401);
    }
  });

  it('the admin API is not reachable on the public port', async () => {
    expect((await f.pub('GET', '/db/_user/')).status).toBe(401);
    expect((await f.pub('GET', '/db/_user/', { basic: 'alice:letmein' })).status).toBe(404);
    expect((await f.pub('POST', '/db/_user/', { basic: 'alice:letmein', body: { name: 'x', password: 'abc' } })).status).toBe(404);
    expect(new URL(f.gw.adminUrl).hostname).toBe('127.0.0.1');
  });

  it('errors no route answers have the reference body (§0): 413 past 20 MiB, 400 for a malformed escape', async () => {
    const big = await f.admin('PUT', '/db/_user/big', { body: { password: 'letmein', pad: 'x'.repeat(21 << 20) } });
    expect([big.status, big.headers.get('content-type'), big.json()]).toEqual([413, 'application/json', { error: 'Request Entity Too Large', reason: expect.any(String) }]);
    // Two MiB is no problem (a batch of documents can be that large).
    expect((await f.admin('PUT', '/db/_user/mid', { body: { password: 'letmein', email: 'x'.repeat(2 << 20) } })).status).toBe(201);
    const badAdmin = await f.admin('GET', '/db/_user/%zz');
    const badPublic = await f.pub('GET', '/db/%zz', { basic: 'alice:letmein' });
    for (const r of [badAdmin, badPublic]) {
      expect([r.status, r.headers.get('content-type'), r.json()]).toEqual([400, 'application/json', { error: 'Bad Request', reason: expect.stringContaining('%zz') }]);
    }
  });

  it('no password, session id or token appears in any log line', async () => {
    const s = (await f.admin('POST', '/db/_session', { body: { name: 'alice' } })).json().session_id;
    await f.admin('GET', `/db/_session/${s}`);
    await f.pub('GET', '/db/', { cookie: `GatewaySession=${s}` });
    await f.admin('PUT', '/db/_user/secretive', { body: { password: 'TopSecret123' } });
    await f.pub('GET', '/db/', { basic: 'secretive:WrongSecret456' });
    const all = f.logs.join('\n');
    expect(all).toContain('GET /db/ 200');
    for (const secret of ['letmein', 'TopSecret123', 'WrongSecret456', 'guess', s]) expect(all).not.toContain(secret);
  });
});
