/**
 * Authenticators and the session-expiry rule against the fake gateway (test double of the
 * remote protocol): Basic gets a cookie on its first request and re-authenticates once on expiry;
 * Session sends only its cookie; 401 stops the replicator with `status.error`.
 */
import { describe, expect, it } from 'vitest';
import { BasicAuthenticator, HttpError, SessionAuthenticator, sessionFromIdToken } from '../../src/client/index.js';
import type { Database } from '../../src/index.js';
import type { FakeGateway } from './fake-gateway.js';
import { eventually, replicatorFixture, waitFor } from './helpers.js';

let fake: FakeGateway;
let db: Database;
const replicator = replicatorFixture((env) => ({ fake, db } = env), () => ({ type: 'pull' }));

describe('BasicAuthenticator', () => {
  it('sends the credentials on the first request only (POST /_session) and the cookie afterwards', async () => {
    fake.docs.put('a', { a: 1 });
    const status = await replicator({ authenticator: new BasicAuthenticator('alice', 'secret') }).whenStopped();
    expect(status.error).toBeUndefined();
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/db/_session', auth: 'basic' });
    expect(fake.requests.slice(1).length).toBeGreaterThan(3);
    expect(fake.requests.slice(1).every((r) => r.auth === 'cookie' && r.cookie === fake.requests[1]!.cookie)).toBe(true);
    expect(fake.sessions.get(fake.requests[1]!.cookie!)?.name).toBe('alice');
  });

  it('re-authenticates with basic once when the cookie expires, and carries on', async () => {
    const r = replicator({ authenticator: new BasicAuthenticator('alice', 'secret'), continuous: true, longpollTimeoutMs: 5000 });
    await waitFor(r, (s) => s.activity === 'IDLE');
    await eventually(() => fake.requests.some((q) => q.path.includes('feed=longpoll')));
    fake.expireSessions();
    fake.docs.put('after-expiry', { ok: 1 }); // the open longpoll answers; _bulk_get then gets 401
    await eventually(() => db.get('db', 'after-expiry') !== undefined);
    const basic = fake.requests.filter((q) => q.auth === 'basic');
    expect(basic.map((q) => q.path)).toEqual(['/db/_session', '/db/_session']);
    const rejected = fake.requests.findIndex((q) => q.path.startsWith('/db/_bulk_get'));
    expect(fake.requests.slice(rejected, rejected + 3).map((q) => [q.path.split('?')[0], q.auth])).toEqual([
      ['/db/_bulk_get', 'cookie'],
      ['/db/_session', 'basic'],
      ['/db/_bulk_get', 'cookie'],
    ]);
    expect(r.status.error).toBeUndefined();
    expect(r.status.activity).not.toBe('STOPPED');
  });

  it('stops with 401 Unauthorized on a wrong password, with no retry', async () => {
    const status = await replicator({ authenticator: new BasicAuthenticator('alice', 'wrong'), continuous: true }).whenStopped();
    expect(status).toMatchObject({ activity: 'STOPPED', error: { status: 401, message: 'Unauthorized', reason: 'Invalid login' } });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('SessionAuthenticator', () => {
  it('sends only the session cookie, named as given', async () => {
    const { session_id, cookie_name } = fake.createSession('alice', 60);
    fake.docs.put('a', { a: 1 });
    const status = await replicator({ authenticator: new SessionAuthenticator(session_id, cookie_name) }).whenStopped();
    expect(status.error).toBeUndefined();
    expect(db.get('db', 'a')!.value).toEqual({ a: 1 });
    expect(fake.requests.every((q) => q.auth === 'cookie' && q.cookie === session_id)).toBe(true);
  });

  it('defaults the cookie name to GatewaySession', () => {
    expect(new SessionAuthenticator('abc').cookieName).toBe('GatewaySession');
  });

  it('an expired session stops the replicator with { status: 401, message: "Unauthorized" } (session-expiry rule)', async () => {
    const { session_id } = fake.createSession('alice', 60);
    fake.expireSessions();
    const status = await replicator({ authenticator: new SessionAuthenticator(session_id), continuous: true }).whenStopped();
    expect(status).toEqual({ activity: 'STOPPED', progress: { completed: 0, total: 0 }, error: { status: 401, message: 'Unauthorized', reason: 'Session Invalid' } });
    expect(fake.requests).toHaveLength(1);
  });

  it('a session expiring during a continuous replication stops it at the next request', async () => {
    const { session_id } = fake.createSession('alice', 60);
    const r = replicator({ authenticator: new SessionAuthenticator(session_id), continuous: true, longpollTimeoutMs: 5000 });
    await waitFor(r, (s) => s.activity === 'IDLE');
    fake.expireSessions();
    fake.docs.put('late', {});
    const status = await waitFor(r, (s) => s.activity === 'STOPPED');
    expect(status.error).toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(db.get('db', 'late')).toBeUndefined();
    // The application creates a new session and restarts with a new authenticator.
    const fresh = fake.createSession('alice', 60);
    const again = await replicator({ authenticator: new SessionAuthenticator(fresh.session_id, fresh.cookie_name) }).whenStopped();
    expect(again.error).toBeUndefined();
    expect(db.get('db', 'late')).toBeDefined();
  });
});

describe('ID token exchange', () => {
  it('POST /_session with Bearer returns the cookie session, usable by the replicator', async () => {
    const session = await sessionFromIdToken(fake.dbUrl, 'good-id-token');
    expect(session.cookieName).toBe('GatewaySession');
    expect(session.sessionId).toMatch(/^[0-9a-f]{40}$/);
    expect(session.expires!.getTime()).toBeGreaterThan(Date.now());
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/db/_session', auth: 'bearer' });
    fake.docs.put('a', { a: 1 });
    const status = await replicator({ authenticator: session.authenticator }).whenStopped();
    expect(status.error).toBeUndefined();
    expect(db.get('db', 'a')).toBeDefined();
  });

  it('rejects a bad token with HttpError 401', async () => {
    const err = await sessionFromIdToken(fake.dbUrl, 'forged').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).info()).toEqual({ status: 401, message: 'Unauthorized', reason: 'Invalid login' });
  });
});
