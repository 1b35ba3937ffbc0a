/**
 * The project's own Replicator through the REAL gateway (startGateway with the document routes),
 * with each authenticator: basic credentials (session cookie obtained on the first request),
 * an admin-created session, and the seed's rule that an expired session stops replication with
 * `{status: 401, message: "Unauthorized"}`.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { documentInfo, registerDocumentRoutes } from '../../src/adapters/gateway/docs/index.js';
import { BasicAuthenticator, Replicator, SessionAuthenticator } from '../../src/client/index.js';
import { Database, revDigest } from '../../src/index.js';
import { startFixture, type Fixture } from '../adapters/gateway/helpers.js';
import { FAST_RETRY } from './helpers.js';
import { startAppServer } from '../../examples/custom-auth/app-server.js';
import { startProvider } from '../../examples/custom-auth/provider.js';

let f: Fixture;
let local: Database;
beforeEach(async () => {
  f = await startFixture({}, { registerDocumentRoutes, documentInfo });
  expect((await f.admin('PUT', '/db/_user/bob', { body: { name: 'bob', password: 'secret1' } })).status).toBe(201);
  local = await Database.open();
});
afterEach(async () => {
  await local.close();
  await f.close();
});

/** One push or pull as bob, which must end without an error. */
async function run(type: 'push' | 'pull'): Promise<void> {
  const r = new Replicator({ url: `${f.gw.publicUrl}/db`, database: local, authenticator: new BasicAuthenticator('bob', 'secret1'), type, retry: FAST_RETRY });
  r.start();
  expect((await r.whenStopped()).error).toBeUndefined();
}

it('pushes and pulls with a BasicAuthenticator; N1QL sees the documents on both sides', async () => {
  await local.upsert('db', 'l1', { text: 'from the client' });
  const push = new Replicator({ url: `${f.gw.publicUrl}/db`, database: local, authenticator: new BasicAuthenticator('bob', 'secret1'), type: 'push', retry: FAST_RETRY });
  push.start();
  await push.whenStopped();
  expect(push.status.error).toBeUndefined();
  expect((await f.db.query('SELECT RAW text FROM db USE KEYS "l1"')).results).toEqual(['from the client']);

  expect((await f.pub('PUT', '/db/r1', { body: { text: 'from the server' }, basic: 'bob:secret1' })).status).toBe(201);
  const pull = new Replicator({ url: `${f.gw.publicUrl}/db`, database: local, authenticator: new BasicAuthenticator('bob', 'secret1'), type: 'pull', retry: FAST_RETRY });
  pull.start();
  await pull.whenStopped();
  expect(pull.status.error).toBeUndefined();
  expect((await local.query('SELECT RAW text FROM db USE KEYS "r1"')).results).toEqual(['from the server']);
  const info = await f.pub('GET', '/db/', { basic: 'bob:secret1' });
  expect((info.json() as { update_seq: number }).update_seq).toBeGreaterThanOrEqual(2);
});

it('a local deletion in conflict with a live edit on the gateway ends as the gateway winner on both sides', async () => {
  const ids = Array.from({ length: 8 }, (_, i) => `c${i}`);
  const first: Record<string, string> = {};
  for (const id of ids) first[id] = ((await f.pub('PUT', `/db/${id}`, { body: { v: 0 }, basic: 'bob:secret1' })).json() as { rev: string }).rev;
  await run('pull');
  for (const [i, id] of ids.entries()) {
    await local.remove('db', id);
    expect((await f.pub('PUT', `/db/${id}?rev=${first[id]}`, { body: { v: i + 1 }, basic: 'bob:secret1' })).status).toBe(201);
  }
  await run('push'); // the deletions reach the gateway as conflicting branches
  await run('pull');
  let deletionHadHigherDigest = 0;
  for (const [i, id] of ids.entries()) {
    const remote = (await f.pub('GET', `/db/${id}?deleted_conflicts=true`, { basic: 'bob:secret1' })).json() as { _rev: string; _deleted_conflicts?: string[]; v: number };
    expect(remote.v).toBe(i + 1);
    expect(remote._deleted_conflicts).toHaveLength(1);
    if (revDigest(remote._deleted_conflicts![0]!) > revDigest(remote._rev)) deletionHadHigherDigest++;
    expect(local.get('db', id)?.value).toEqual({ v: i + 1 });
  }
  // The case where the old generation-and-digest rule kept the deletion happened at least once.
  expect(deletionHadHigherDigest).toBeGreaterThan(0);
});

it('a client converges when the winning branch it holds is deleted on the gateway (the loser is promoted)', async () => {
  // Two branches on the gateway; the client pulls the winner.
  const hist = (start: number, ...ids: string[]) => ({ start, ids });
  const docs = [
    { _id: 'y', _rev: '2-ffff', _revisions: hist(2, 'ffff', 'aaaa'), side: 'high' },
    { _id: 'y', _rev: '2-1111', _revisions: hist(2, '1111', 'aaaa'), side: 'low' },
  ];
  expect((await f.pub('POST', '/db/_bulk_docs', { body: { new_edits: false, docs }, basic: 'bob:secret1' })).status).toBe(201);
  await run('pull');
  expect(local.get('db', 'y')?.value).toEqual({ side: 'high' });
  // The gateway deletes the winner: the other branch wins there, and must win on the client too.
  expect((await f.pub('DELETE', '/db/y?rev=2-ffff', { basic: 'bob:secret1' })).status).toBe(200);
  expect((await f.pub('GET', '/db/y', { basic: 'bob:secret1' })).json()).toMatchObject({ _rev: '2-1111', side: 'low' });
  await run('pull');
  expect(local.get('db', 'y')?.value).toEqual({ side: 'low' });
  await run('push');
  expect((await f.pub('GET', '/db/y', { basic: 'bob:secret1' })).json()).toMatchObject({ _rev: '2-1111', side: 'low' });
});

it('replicates with an admin-created session and stops with 401 once the session has expired', async () => {
  const s = await f.admin('POST', '/db/_session', { body: { name: 'bob', ttl: 3600 } });
  expect(s.status).toBe(200);
  const { session_id, cookie_name } = s.json() as { session_id: string; cookie_name: string };
  expect(cookie_name).toBe('GatewaySession');
  expect((await f.pub('PUT', '/db/d1', { body: { n: 1 }, basic: 'bob:secret1' })).status).toBe(201);
  const first = new Replicator({ url: `${f.gw.publicUrl}/db`, database: local, authenticator: new SessionAuthenticator(session_id), type: 'pull', retry: FAST_RETRY });
  first.start();
  await first.whenStopped();
  expect(first.status.error).toBeUndefined();
  expect(local.get('db', 'd1')?.value).toEqual({ n: 1 });

  f.advance(2 * 3600 * 1000);
  const second = new Replicator({ url: `${f.gw.publicUrl}/db`, database: local, authenticator: new SessionAuthenticator(session_id), type: 'pull', retry: FAST_RETRY });
  second.start();
  await second.whenStopped();
  expect(second.status.activity).toBe('STOPPED');
  expect(second.status.error).toMatchObject({ status: 401, message: 'Unauthorized' });
});

it('the custom-auth example server logs in through the real gateway admin API and its session replicates', async () => {
  const provider = await startProvider({ users: { carol: { password: 'pw-carol', sub: 'u-1001', email: 'carol@example.org' } } });
  const app = await startAppServer({ providerUrl: provider.url, gatewayAdminUrl: f.gw.adminUrl, db: 'db', sessionTtl: 600 });
  try {
    const post = async (url: string, body: unknown) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const token = await post(`${provider.url}/token`, { username: 'carol', password: 'pw-carol' });
    expect(token.status).toBe(200);
    const login = await post(`${app.url}/login`, { access_token: token.body.access_token });
    expect(login.status).toBe(200);
    expect(login.body.cookie_name).toBe('GatewaySession');
    expect((await f.pub('PUT', '/db/c1', { body: { by: 'server' }, basic: 'bob:secret1' })).status).toBe(201);
    const r = new Replicator({ url: `${f.gw.publicUrl}/db`, database: local, authenticator: new SessionAuthenticator(String(login.body.session_id)), type: 'pull', retry: FAST_RETRY });
    r.start();
    await r.whenStopped();
    expect(r.status.error).toBeUndefined();
    expect(local.get('db', 'c1')?.value).toEqual({ by: 'server' });
    // The user exists on the gateway now; a second login reuses it.
    expect((await post(`${app.url}/login`, { access_token: token.body.access_token })).status).toBe(200);
  } finally {
    await Promise.all([app.close(), provider.close()]);
  }
});
