/** gateway-scenarios.md A (admin user API), over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => { f = await startFixture(); });
afterAll(async () => { await f.close(); });

describe('A. admin user API', () => {
  it('1-6: create, read, list, update, delete', async () => {
    const missing = await f.admin('GET', '/db/_user/snej');
    expect([missing.status, missing.headers.get('content-type'), missing.json()]).toEqual([404, 'application/json', { error: 'not_found', reason: 'missing' }]);
    const put = await f.admin('PUT', '/db/_user/snej', { body: { password: 'letmein', email: 'jens@couchbase.com', admin_channels: ['foo', 'bar'] } });
    expect(put.status).toBe(201);
    expect(put.text).toBe('');
    expect(put.headers.get('content-type')).toBeNull();
    const get = await f.admin('GET', '/db/_user/snej');
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('application/json'); // exactly (§0)
    expect(get.json()).toEqual({ name: 'snej', admin_channels: ['bar', 'foo'], email: 'jens@couchbase.com', disabled: false, all_channels: ['!', 'bar', 'foo'] });
    expect(get.text).not.toContain('password');
    expect((await f.admin('GET', '/db/_user/')).text).toBe('["snej"]');
    expect((await f.admin('PUT', '/db/_user/snej', { body: { password: '123' } })).status).toBe(200);
    expect((await f.pub('GET', '/db/', { basic: 'snej:123' })).status).toBe(200);
    expect((await f.pub('GET', '/db/', { basic: 'snej:letmein' })).status).toBe(401);
    const del = await f.admin('DELETE', '/db/_user/snej');
    expect([del.status, del.text]).toEqual([200, '']);
    expect((await f.admin('GET', '/db/_user/snej')).status).toBe(404);
  });

  it('7-13: trailing slash, methods, empty bodies, GUEST delete, HEAD', async () => {
    const r7 = await f.admin('POST', '/db/_user', { body: { name: 'x', password: 'abc' } });
    expect(r7.status).toBe(301);
    expect(r7.headers.get('location')).toBe('/db/_user/');
    const r8 = await f.admin('POST', '/db/_user/', { body: { name: 'snej', password: 'letmein' } });
    expect([r8.status, r8.text]).toEqual([201, '']);
    const r9 = await f.admin('POST', '/db/_user/charles', { body: '' });
    expect([r9.status, r9.headers.get('allow'), r9.headers.get('content-type'), r9.json()])
      .toEqual([405, 'GET, HEAD, PUT, DELETE', 'application/json', { error: 'Method Not Allowed', reason: '' }]);
    const r10 = await f.admin('PUT', '/db/_user/christopher', { body: '' });
    expect(r10.status).toBe(400);
    expect(r10.json().error).toBe('Bad Request');
    expect((await f.admin('DELETE', '/db/_user/eve')).json()).toEqual({ error: 'not_found', reason: 'missing' });
    const r12 = await f.admin('DELETE', '/db/_user/GUEST');
    expect([r12.status, r12.json().reason]).toEqual([405, 'The GUEST user cannot be deleted. Only disabled via an update.']);
    const head = await f.admin('HEAD', '/db/_user/snej');
    expect([head.status, head.headers.get('content-type')]).toEqual([200, null]);
    expect((await f.admin('HEAD', '/db/_user/')).status).toBe(200);
  });

  it('1.6, 12: DELETE or PUT /{db}/_user/ (no name) is 405 and never touches the GUEST', async () => {
    expect((await f.admin('PUT', '/db/_user/GUEST', { body: { disabled: false, admin_channels: ['*'] } })).status).toBe(200);
    for (const method of ['DELETE', 'PUT']) {
      const r = await f.admin(method, '/db/_user/', method === 'PUT' ? { body: { password: 'abc' } } : {});
      expect([r.status, r.headers.get('allow'), r.json()], method).toEqual([405, 'GET, HEAD, POST', { error: 'Method Not Allowed', reason: '' }]);
    }
    expect((await f.admin('GET', '/db/_user/GUEST')).json()).toEqual({ name: 'GUEST', admin_channels: ['*'], email: '', disabled: false, all_channels: ['!', '*'] });
    expect((await f.pub('GET', '/db/')).status).toBe(200); // guest access still works
    expect((await f.admin('PUT', '/db/_user/GUEST', { body: { disabled: true, admin_channels: [] } })).status).toBe(200);
  });

  it('§0: a known path with another method is 405 with Allow; an unknown path is 404', async () => {
    const cases: [string, string, string][] = [
      ['PATCH', '/db/_user/pupshaw', 'GET, HEAD, PUT, DELETE'],
      ['PUT', '/db/_session', 'GET, HEAD, POST'],
      ['POST', '/db/_session/abc', 'GET, DELETE'],
      ['PUT', '/db/_session/abc', 'GET, DELETE'],
      ['GET', '/db/_user/pupshaw/_session', 'DELETE'],
      ['POST', '/nodb/_user/x', 'GET, HEAD, PUT, DELETE'], // the route matches whatever the database
    ];
    for (const [method, path, allow] of cases) {
      const r = await f.admin(method, path);
      expect([r.status, r.headers.get('allow'), r.json()], `${method} ${path}`).toEqual([405, allow, { error: 'Method Not Allowed', reason: '' }]);
    }
    const unknown = await f.admin('PATCH', '/db/_nothing');
    expect([unknown.status, unknown.headers.get('allow'), unknown.json()]).toEqual([404, null, { error: 'not_found', reason: 'unknown URL' }]);
  });

  it('14: GUEST', async () => {
    const g = await f.admin('GET', '/db/_user/GUEST');
    expect(g.json()).toEqual({ name: 'GUEST', email: '', disabled: true, all_channels: ['!'] });
    expect((await f.admin('PUT', '/db/_user/GUEST', { body: { disabled: true } })).status).toBe(200);
    expect((await f.admin('GET', '/db/_user/GUEST')).json().disabled).toBe(true);
    // Basic with the name GUEST never authenticates (§3.2)
    expect((await f.pub('GET', '/db/', { basic: 'GUEST:' })).status).toBe(401);
  });

  it('15: password rules', async () => {
    for (const [m, p, body] of [
      ['PUT', '/db/_user/p1', {}], ['POST', '/db/_user/', { name: 'p1' }],
      ['PUT', '/db/_user/p1', { password: 'in' }], ['POST', '/db/_user/', { name: 'p1', password: 'in' }],
      ['PUT', '/db/_user/p1', { password: '' }], ['POST', '/db/_user/', { name: 'p1', password: '' }],
    ] as const) expect((await f.admin(m, p, { body })).status, `${m} ${JSON.stringify(body)}`).toBe(400);
    expect((await f.admin('PUT', '/db/_user/p1', { body: {} })).json().reason).toBe('Error creating user: Empty passwords are not allowed ');
    expect((await f.admin('PUT', '/db/_user/p1', { body: { password: 'in' } })).json().reason).toBe('Error creating user: Passwords must be at least three 3 characters');
    await f.admin('PUT', '/db/_user/p1', { body: { password: 'long enough' } });
    for (const password of ['an', 'a', '']) {
      const r = await f.admin('PUT', '/db/_user/p1', { body: { password } });
      expect(r.status).toBe(400);
      expect(r.json().reason).toMatch(/^Error updating user\/role: /);
    }
    expect((await f.admin('PUT', '/db/_user/p1', { body: { password: 'abc' } })).status).toBe(200);
  });

  it('passwords longer than 72 bytes work (the reference fails)', async () => {
    const long = 'ü'.repeat(100);
    expect((await f.admin('PUT', '/db/_user/longpw', { body: { password: long } })).status).toBe(201);
    expect((await f.pub('GET', '/db/', { basic: `longpw:${long}` })).status).toBe(200);
    expect((await f.pub('GET', '/db/', { basic: `longpw:${long.slice(0, 99)}` })).status).toBe(401);
  });

  it('17-18: read-only fields', async () => {
    await f.admin('PUT', '/db/_user/ro', { body: { password: 'abc', email: 'a@b.c' } });
    expect((await f.admin('PUT', '/db/_user/ro', { body: { email: 'a@b.c', all_channels: ['baz'] } })).json().reason).toBe('all_channels is read-only');
    expect((await f.admin('PUT', '/db/_user/ro', { body: { email: 'a@b.c', roles: ['baz'] } })).json().reason).toBe('roles is read-only');
    expect((await f.admin('PUT', '/db/_user/ro', { body: { admin_roles: ['baz'] } })).status).toBe(200);
    const body = (await f.admin('GET', '/db/_user/ro')).json();
    expect((await f.admin('PUT', '/db/_user/ro', { body })).status).toBe(200);
    expect((await f.admin('GET', '/db/_user/ro')).json()).toEqual(body);
  });

  it('19-21: URL decoding once, duplicates, invalid names', async () => {
    expect((await f.admin('POST', '/db/_user/', { body: { name: '0%7C59', password: 'abc' } })).status).toBe(201);
    expect((await f.admin('GET', '/db/_user/0%7C59')).status).toBe(404);
    expect((await f.admin('GET', '/db/_user/0%257C59')).status).toBe(200);
    expect((await f.admin('POST', '/db/_user/', { body: { name: '0%7C59', password: 'abc' } })).json()).toEqual({ error: 'conflict', reason: 'Already exists' });
    expect((await f.admin('POST', '/db/_user/', { body: { name: 'GUEST', password: 'abc' } })).status).toBe(409);
    expect((await f.admin('POST', '/db/_user/', { body: { name: 'a:b', password: 'abc' } })).json().reason).toBe("invalid name: contains '/', ':', ',', or '`'");
    expect((await f.admin('POST', '/db/_user/', { body: { password: 'abc' } })).json().reason).toBe('Missing name property');
    // A name longer than the router's usual parameter limit reaches the route (§1.4, §1.2).
    const long = 'a'.repeat(1100);
    expect((await f.admin('GET', `/db/_user/${long}`)).json()).toEqual({ error: 'not_found', reason: 'missing' });
    expect((await f.admin('PUT', `/db/_user/${long}`, { body: { password: 'abc' } })).json()).toEqual({ error: 'Bad Request', reason: 'invalid name: length exceeds 239' });
    expect((await f.admin('DELETE', `/db/_user/${long}`)).json()).toEqual({ error: 'not_found', reason: 'missing' });
    expect((await f.admin('GET', '/nodb/_user/')).status).toBe(404);
  });

  it('passwords are stored only as a salted slow hash', async () => {
    await f.admin('PUT', '/db/_user/h1', { body: { password: 'same-password' } });
    await f.admin('PUT', '/db/_user/h2', { body: { password: 'same-password' } });
    const docs = [...f.db.scan('_gateway')].filter((d) => d.key.startsWith('user::db::h')).map((d) => JSON.stringify(d.value));
    expect(docs).toHaveLength(2);
    for (const d of docs) expect(d).not.toContain('same-password');
    const hashes = docs.map((d) => JSON.parse(d).password_hash as string);
    expect(hashes[0]).toMatch(/^scrypt\$/);
    expect(hashes[0]).not.toBe(hashes[1]);
  });
});
