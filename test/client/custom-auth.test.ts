/**
 * The custom-authentication example end to end: a client gets an access token from the local
 * test provider, logs in at the example app server, which validates the token with the provider,
 * creates the gateway user on first login and a session through the (fake) gateway's admin API;
 * the client then replicates with a SessionAuthenticator built from the answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Listener } from '../../src/adapters/http/server.js';
import { Replicator, SessionAuthenticator } from '../../src/client/index.js';
import { gatewayUserOf, startAppServer } from '../../examples/custom-auth/app-server.js';
import { startProvider } from '../../examples/custom-auth/provider.js';
import type { Database } from '../../src/index.js';
import type { FakeGateway } from './fake-gateway.js';
import { setup } from './helpers.js';

let fake: FakeGateway;
let db: Database;
let close: () => Promise<void>;
let provider: Awaited<ReturnType<typeof startProvider>>;
let app: Listener;

beforeEach(async () => {
  ({ fake, db, close } = await setup());
  provider = await startProvider({ users: { carol: { password: 'pw-carol', sub: 'u-1001', email: 'carol@example.org' } } });
  app = await startAppServer({ providerUrl: provider.url, gatewayAdminUrl: fake.adminUrl, db: fake.db, sessionTtl: 600 });
});
afterEach(async () => {
  await Promise.all([app.close(), provider.close()]);
  await close();
});

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> { // test JSON
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function accessToken(): Promise<string> {
  const res = await post(`${provider.url}/token`, { username: 'carol', password: 'pw-carol' });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

describe('custom authentication example', () => {
  it('logs in with a provider token, creates the user once, and the session replicates', async () => {
    const token = await accessToken();
    const first = await post(`${app.url}/login`, { access_token: token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ cookie_name: 'GatewaySession', session_id: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(first.body.expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(first.body.cookie).toEqual({ name: 'GatewaySession', value: first.body.session_id, path: '/db', expires: first.body.expires, secure: false, httpOnly: false });
    const second = await post(`${app.url}/login`, { access_token: token });
    expect(second.body.session_id).not.toBe(first.body.session_id);
    expect(fake.adminRequests).toEqual(['POST /db/_user/', 'POST /db/_session', 'POST /db/_session']);
    expect(fake.sessions.get(first.body.session_id)?.name).toBe(gatewayUserOf('u-1001'));

    fake.docs.put('welcome', { text: 'hello carol' });
    const r = new Replicator({ url: fake.dbUrl, database: db, type: 'pull', authenticator: new SessionAuthenticator(first.body.session_id, first.body.cookie_name) });
    r.start();
    const status = await r.whenStopped();
    expect(status.error).toBeUndefined();
    expect(db.get('db', 'welcome')!.value).toEqual({ text: 'hello carol' });
    expect(fake.requests.every((q) => q.auth === 'cookie')).toBe(true);
  });

  it('a user that already exists in the gateway (409) still gets a session', async () => {
    fake.users.set(gatewayUserOf('u-1001'), 'set-elsewhere');
    const res = await post(`${app.url}/login`, { access_token: await accessToken() });
    expect(res.status).toBe(200);
    expect(fake.adminRequests).toEqual(['POST /db/_user/', 'POST /db/_session']);
  });

  it('rejects forged, expired and missing tokens without touching the gateway', async () => {
    const token = await accessToken();
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await post(`${app.url}/login`, { access_token: forged })).status).toBe(401);
    const expired = provider.signer.sign({ sub: 'u-1001', name: 'carol', email: 'carol@example.org', exp: Math.floor(Date.now() / 1000) - 1 });
    expect(await post(`${app.url}/login`, { access_token: expired })).toEqual({ status: 401, body: { error: 'Unauthorized', reason: 'Invalid access token' } });
    expect((await post(`${app.url}/login`, {})).status).toBe(400);
    expect(fake.adminRequests).toEqual([]);
  });

  it('after the session expires the replicator stops with 401, and a new login restarts it', async () => {
    const login = await post(`${app.url}/login`, { access_token: await accessToken() });
    fake.expireSessions();
    const r1 = new Replicator({ url: fake.dbUrl, database: db, type: 'pull', authenticator: new SessionAuthenticator(login.body.session_id, login.body.cookie_name) });
    r1.start();
    expect((await r1.whenStopped()).error).toEqual({ status: 401, message: 'Unauthorized', reason: 'Session Invalid' });
    const again = await post(`${app.url}/login`, { access_token: await accessToken() });
    const r2 = new Replicator({ url: fake.dbUrl, database: db, type: 'pull', authenticator: new SessionAuthenticator(again.body.session_id, again.body.cookie_name) });
    r2.start();
    expect((await r2.whenStopped()).error).toBeUndefined();
  });
});
