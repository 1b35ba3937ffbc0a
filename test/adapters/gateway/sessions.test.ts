/** gateway-scenarios.md B (admin sessions), C (public login, cookies, logout), D (expiry), over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePair, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
const H = 3600_000;
beforeAll(async () => {
  f = await startFixture({ users: { pupshaw: { password: 'letmein' }, alice: { password: 'letmein' }, user1: { password: 'letmein' }, user2: { password: 'letmein' }, user3: { password: 'letmein' }, manny: { password: 'letmein' }, bernard: { password: 'letmein' } } });
});
afterAll(async () => { await f.close(); });

const adminSession = async (name: string, ttl?: number) => (await f.admin('POST', '/db/_session', { body: ttl === undefined ? { name } : { name, ttl } })).json();
const cookieOf = (id: string) => `GatewaySession=${id}`;

describe('B. admin session API', () => {
  it('22-23: ttl and expires', async () => {
    const a = await adminSession('pupshaw', 2592000);
    const b = await adminSession('pupshaw', 2592001);
    expect(Object.keys(a)).toEqual(['session_id', 'expires', 'cookie_name']);
    expect(a.session_id).toMatch(/^[0-9a-f]{40}$/);
    expect(a.cookie_name).toBe('GatewaySession');
    expect(a.expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const d = Date.parse(b.expires) - Date.parse(a.expires);
    expect(d >= 0 && d < 10_000).toBe(true);
    const c = await f.admin('POST', '/db/_session', { body: { name: 'alice' } });
    expect(c.headers.get('set-cookie')).toBeNull();
    const ahead = Date.parse(c.json().expires) - Date.now();
    expect(ahead > 24 * H - 5000 && ahead <= 24 * H).toBe(true);
  });

  it('§3.4: GET|HEAD /{db}/_session on the admin port authenticates as the public one', async () => {
    const anonymous = await f.admin('GET', '/db/_session');
    expect([anonymous.status, anonymous.json()]).toEqual([200, { authentication_handlers: ['default', 'cookie'], ok: true, userCtx: { channels: null, name: null } }]);
    expect((await f.admin('GET', '/db/_session', { basic: 'alice:letmein' })).json().userCtx).toEqual({ channels: { '!': 1 }, name: 'alice' });
    expect((await f.admin('GET', '/db/_session', { basic: 'alice:wrong' })).status).toBe(401);
    const head = await f.admin('HEAD', '/db/_session', { basic: 'alice:letmein' });
    expect([head.status, head.text]).toEqual([200, '']);
    expect((await f.admin('GET', '/nodb/_session')).status).toBe(404);
  });

  it('24-29: read, delete, per-user delete, delete-all, password revocation', async () => {
    const s = await adminSession('user1');
    const info = await f.admin('GET', `/db/_session/${s.session_id}`);
    expect(info.json()).toEqual({ authentication_handlers: ['default', 'cookie'], ok: true, userCtx: { channels: { '!': 1 }, name: 'user1' } });
    expect((await f.admin('DELETE', `/db/_session/${s.session_id}`)).status).toBe(200);
    expect((await f.admin('GET', `/db/_session/${s.session_id}`)).status).toBe(404);
    const s1 = await adminSession('user1');
    const s2 = await adminSession('user2');
    expect((await f.admin('DELETE', `/db/_user/user1/_session/${s2.session_id}`)).status).toBe(404);
    expect((await f.admin('GET', `/db/_session/${s2.session_id}`)).status).toBe(200);
    expect((await f.admin('DELETE', `/db/_user/user1/_session/${s1.session_id}`)).status).toBe(200);
    expect((await f.admin('GET', `/db/_session/${s1.session_id}`)).status).toBe(404);
    const five2 = await Promise.all([1, 2, 3, 4, 5].map(() => adminSession('user2')));
    expect((await f.admin('DELETE', '/db/_user/user2/_session')).status).toBe(200);
    for (const s of five2) expect((await f.admin('GET', `/db/_session/${s.session_id}`)).status).toBe(404);
    const five3 = await Promise.all([1, 2, 3, 4, 5].map(() => adminSession('user3')));
    expect((await f.admin('PUT', '/db/_user/user3', { body: { password: '5678' } })).status).toBe(200);
    for (const s of five3) expect((await f.admin('GET', `/db/_session/${s.session_id}`)).status).toBe(404);
  });

  it('30-31: content types and errors', async () => {
    await f.admin('PUT', '/db/_user/eve', { body: { password: 'letmein' } });
    const r = await f.admin('POST', '/db/_session', { body: { name: 'eve' } });
    expect(r.headers.get('content-type')).toBe('application/json'); // exactly, as TestUserAndRoleResponseContentType (§0)
    const d1 = await f.admin('DELETE', `/db/_user/eve/_session/${r.json().session_id}`);
    expect([d1.status, d1.headers.get('content-type')]).toEqual([200, null]);
    const d2 = await f.admin('DELETE', '/db/_user/eve/_session');
    expect([d2.status, d2.headers.get('content-type')]).toEqual([200, null]);
    expect((await f.admin('DELETE', '/db/_user/nobody/_session')).status).toBe(200);
    expect((await f.admin('POST', '/db/_session', { body: { name: 'nobody' } })).json()).toEqual({ error: 'not_found', reason: 'No such user "nobody"' });
    expect((await f.admin('POST', '/db/_session', { body: { name: 'GUEST' } })).json().reason).toBe('Invalid or missing user name');
    expect((await f.admin('POST', '/db/_session', { body: { name: 'eve', ttl: 0 } })).json().reason).toBe('Invalid or missing ttl');
    // An expiry past year 9999 has no RFC 3339 form: 400, not a 500 or a five-digit year.
    for (const ttl of ['8640000000000', '9007199254740991', '9223372036854775807', '315360000000']) {
      const huge = await f.admin('POST', '/db/_session', { body: `{"name":"eve","ttl":${ttl}}` });
      expect([huge.status, huge.json().reason], ttl).toEqual([400, 'Invalid or missing ttl']);
    }
    const century = await f.admin('POST', '/db/_session', { body: { name: 'eve', ttl: 100 * 365 * 86400 } });
    expect([century.status, century.json().expires]).toEqual([200, expect.stringMatching(/^21\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)]);
    expect((await f.admin('POST', '/db/_session', { body: { name: 'eve', foo: 1 } })).json().reason).toMatch(/^JSON Unknown Field/);
    // §2.1: a non-integer ttl is 400 Bad JSON, as the literal is written (Go's int decoding).
    for (const ttl of ['10.0', '1.5', '1e3', '"10"', 'true', '9223372036854775808', '{"a":1}']) {
      const bad = await f.admin('POST', '/db/_session', { body: `{"name":"eve","ttl":${ttl}}` });
      expect([bad.status, bad.json().error, bad.json().reason], ttl).toEqual([400, 'Bad Request', expect.stringMatching(/^Bad JSON: /)]);
    }
    expect((await f.admin('POST', '/db/_session', { body: '{"tt\\u006c":10.0,"name":"eve"}' })).status).toBe(400);
    expect((await f.admin('POST', '/db/_session', { body: '{"name":"eve","ttl":10, "ttl" : 2.0}' })).status).toBe(400);
    const ok = await f.admin('POST', '/db/_session', { body: '{ "name" : "eve" , "ttl" : 10 }' });
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.json().expires) - Date.now()).toBeLessThanOrEqual(10_000);
    const wrongType = await f.admin('POST', '/db/_session', { body: { name: 'eve' }, headers: { 'content-type': 'text/plain' } });
    expect([wrongType.status, wrongType.json()]).toEqual([415, { error: 'Unsupported Media Type', reason: 'Invalid content type text/plain - expected application/json' }]);
    // No Content-Type at all is JSON (the reference's tests of 22-31 send none).
    const untyped = await f.admin('POST', '/db/_session', { body: { name: 'eve' }, noContentType: true });
    expect(untyped.status).toBe(200);
    expect(untyped.json().session_id).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('C. public login, cookies, logout', () => {
  it('32-37: login-required, whoami, body login, bad cookies', async () => {
    expect((await f.pub('PUT', '/db/doc')).status).toBe(401);
    const who = await f.pub('GET', '/db/_session');
    expect(who.json()).toEqual({ authentication_handlers: ['default', 'cookie'], ok: true, userCtx: { channels: null, name: null } });
    const login = await f.pub('POST', '/db/_session', { body: { name: 'pupshaw', password: 'letmein' } });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/^GatewaySession=[0-9a-f]{40}; Path=\/db; Expires=\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
    expect((await f.pub('GET', '/db/', { cookie: cookiePair(login) })).status).toBe(200);
    const bad = await f.pub('POST', '/db/_session', { body: { name: 'pupshaw', password: 'incorrectpassword' } });
    expect([bad.status, bad.headers.get('set-cookie'), bad.headers.get('www-authenticate')]).toEqual([401, null, null]);
    expect((await f.pub('GET', '/db/', { cookie: cookieOf('123456abcdef') })).status).toBe(401);
    const fake = await f.pub('GET', '/db/testdoc', { cookie: 'GatewaySession=FakeSession' });
    expect([fake.status, fake.json().reason, fake.headers.get('www-authenticate')]).toEqual([401, 'Session Invalid', null]);
  });

  it('38-40: basic login, password change and delete-all revoke cookies', async () => {
    const cookies = [];
    for (let i = 0; i < 3; i++) {
      const r = await f.pub('POST', '/db/_session', { basic: 'alice:letmein' });
      expect(r.status).toBe(200);
      cookies.push(cookiePair(r));
    }
    expect((await f.pub('PUT', '/db/doc1', { cookie: cookies[0] })).status).toBe(201);
    expect((await f.pub('GET', '/db/doc1', { cookie: cookies[0] })).status).toBe(200);
    await f.admin('DELETE', '/db/_user/alice/_session');
    for (const c of cookies) expect((await f.pub('GET', '/db/doc1', { cookie: c })).json().reason).toBe('Session no longer valid for user');
    expect((await f.pub('GET', '/db/doc1', { basic: 'alice:letmein' })).status).toBe(200);
    const c2 = cookiePair(await f.pub('POST', '/db/_session', { basic: 'alice:letmein' }));
    await f.admin('PUT', '/db/_user/alice', { body: { password: 'newpass' } });
    const old = await f.pub('GET', '/db/doc1', { cookie: c2 });
    expect([old.status, old.json().reason]).toEqual([401, 'Session no longer valid for user']);
    expect((await f.pub('GET', '/db/doc1', { basic: 'alice:newpass' })).status).toBe(200);
  });

  it('41-43: user without session_uuid, bad cookie ignored on /_session, basic beats cookie', async () => {
    await f.db.upsert('_gateway', 'user::db::old', { ...(f.db.get('_gateway', 'user::db::user1')!.value as object), name: 'old', session_uuid: undefined } as never);
    const c = cookiePair(await f.pub('POST', '/db/_session', { basic: 'old:letmein' }));
    expect((await f.pub('GET', '/db/', { cookie: c })).status).toBe(200);
    await f.admin('DELETE', '/db/_user/old/_session');
    expect((await f.pub('GET', '/db/', { cookie: c })).json().reason).toBe('Session no longer valid for user');
    const r42 = await f.pub('POST', '/db/_session', { cookie: cookieOf('f'.repeat(40)), body: { name: 'user1', password: 'letmein' } });
    expect(r42.status).toBe(200);
    const bernard = cookiePair(await f.pub('POST', '/db/_session', { basic: 'bernard:letmein' }));
    expect((await f.pub('GET', '/db/_session', { cookie: bernard, basic: 'manny:letmein' })).json().userCtx.name).toBe('manny');
  });

  it('45-47: cookie shape, one-time sessions', async () => {
    const r = await f.pub('POST', '/db/_session', { basic: 'manny:letmein' });
    expect(r.json().one_time_session_id).toBeUndefined();
    const exp = /Expires=([^;]+)/.exec(r.headers.get('set-cookie')!)![1]!;
    expect(Date.parse(exp)).toBeGreaterThan(Date.now());
    const ot = await f.pub('POST', '/db/_session?one_time=true', { basic: 'manny:letmein' });
    expect([ot.status, ot.headers.get('set-cookie')]).toEqual([200, null]);
    const id = ot.json().one_time_session_id;
    expect(id).toMatch(/^[0-9a-f]{40}$/);
    expect((await f.pub('GET', '/db/', { cookie: cookieOf(id) })).status).toBe(200);
    expect((await f.pub('GET', '/db/', { cookie: cookieOf(id) })).json().reason).toBe('Session Invalid');
  });

  it('50, 54: Origin without CORS config, logout', async () => {
    expect((await f.pub('POST', '/db/_session', { body: { name: 'manny', password: 'letmein' }, headers: { origin: 'http://x.example' } })).status).toBe(400);
    const c = cookiePair(await f.pub('POST', '/db/_session', { basic: 'manny:letmein' }));
    expect((await f.pub('DELETE', '/db/_session', { basic: 'manny:letmein', headers: { origin: 'http://x.example' } })).json().reason).toBe('No CORS');
    const out = await f.pub('DELETE', '/db/_session', { cookie: c });
    expect([out.status, out.text]).toEqual([200, '']);
    expect(out.headers.get('set-cookie')).toMatch(/^GatewaySession=; Expires=.* GMT$/);
    expect((await f.pub('GET', '/db/', { cookie: c })).json().reason).toBe('Session Invalid');
    const none = await f.pub('DELETE', '/db/_session', { basic: 'manny:letmein', cookie: `SyncGatewaySession=${c.split('=')[1]}` });
    expect([none.json(), none.headers.get('set-cookie')]).toEqual([{ error: 'not_found', reason: 'no session' }, null]); // 54: another cookie name, no clearing cookie
  });
});

describe('D. expiry and sliding refresh', () => {
  it('55-56: a session is refreshed after a tenth of its ttl; a deleted session is invalid', async () => {
    const id = (await adminSession('user1')).session_id;
    f.advance(20 * H);
    const put = await f.pub('PUT', '/db/doc55', { cookie: cookieOf(id) });
    expect(put.status).toBe(201);
    expect(put.headers.get('set-cookie')).toMatch(new RegExp(`^GatewaySession=${id}; Path=/db; Expires=[^;]+GMT$`));
    const get = await f.pub('GET', '/db/doc55', { cookie: cookieOf(id) });
    expect([get.status, get.headers.get('set-cookie')]).toEqual([200, null]);
    f.advance(23 * H); // 43 h after creation but 23 h after the refresh: still valid
    expect((await f.pub('GET', '/db/', { cookie: cookieOf(id) })).status).toBe(200);
    await f.db.remove('_gateway', `session::db::${id}`);
    expect((await f.pub('GET', '/db/', { cookie: cookieOf(id) })).json().reason).toBe('Session Invalid');
  });

  it('an expired session is rejected by its time even while its document still exists', async () => {
    const g = await startFixture({ users: { u: { password: 'letmein' } } }, { storeClock: false });
    try {
      const id = (await g.admin('POST', '/db/_session', { body: { name: 'u', ttl: 10 } })).json().session_id;
      expect((await g.pub('GET', '/db/', { cookie: cookieOf(id) })).status).toBe(200);
      g.advance(11_000);
      expect(g.db.get('_gateway', `session::db::${id}`)).toBeDefined();
      const r = await g.pub('GET', '/db/', { cookie: cookieOf(id) });
      expect([r.status, r.json().reason]).toEqual([401, 'Session Invalid']);
      expect((await g.admin('GET', `/db/_session/${id}`)).status).toBe(404);
    } finally {
      await g.close();
    }
  });

  it('58 (deliberate difference): a disabled user\'s session is rejected', async () => {
    const id = (await adminSession('user2')).session_id;
    expect((await f.pub('GET', '/db/', { cookie: cookieOf(id) })).status).toBe(200);
    await f.admin('PUT', '/db/_user/user2', { body: { disabled: true } });
    expect((await f.pub('GET', '/db/', { cookie: cookieOf(id) })).status).toBe(401);
    expect((await f.admin('POST', '/db/_session', { body: { name: 'user2' } })).json().reason).toBe('User is disabled');
  });
});
