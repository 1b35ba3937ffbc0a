/**
 * Two gateways (query nodes) on one PostgreSQL database, over real HTTP on loopback: users and
 * sessions are documents of the `_gateway` keyspace, hence rows in PostgreSQL, so a session
 * created through one node's HTTP is accepted by the other's, a user created on one logs in on
 * the other, and a session deleted on one is rejected by the other. Answers as in
 * sessions.test.ts (gateway-scenarios.md B, C).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../../src/adapters/gateway/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';
import { cookiePair, request, testDocumentRoutes } from './helpers.js';

const postgres = postgresForFile();
let one: Gateway | undefined;
let two: Gateway | undefined;

beforeAll(async () => {
  const pg = postgres();
  if (!pg) return;
  const url = createDatabase(pg.cluster);
  const config = { databases: { db: { bucket: 'db', server: url, users: { alice: { password: 'letmein' } } } } };
  const start = () => startGateway({ config, interface: '127.0.0.1:0', adminInterface: '127.0.0.1:0', registerDocumentRoutes: testDocumentRoutes });
  one = await start();
  two = await start();
}, 60_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
});

describe('gateway: two nodes on one PostgreSQL database', () => {
  it('a session made on one node is accepted, and its deletion seen, by the other', async (ctx) => {
    if (!one || !two) return ctx.skip();
    const login = await request(one.publicUrl, 'POST', '/db/_session', { body: { name: 'alice', password: 'letmein' } });
    expect(login.status).toBe(200);
    const cookie = cookiePair(login);
    const who = await request(two.publicUrl, 'GET', '/db/_session', { cookie });
    expect(who.json()).toEqual({ authentication_handlers: ['default', 'cookie'], ok: true, userCtx: { channels: { '!': 1 }, name: 'alice' } });
    expect((await request(two.publicUrl, 'PUT', '/db/doc1', { cookie })).json()).toEqual({ ok: true, by: 'alice' });
    expect((await request(one.publicUrl, 'GET', '/db/doc1', { cookie })).json()).toEqual({ by: 'alice' });

    const admin = (await request(two.adminUrl, 'POST', '/db/_session', { body: { name: 'alice' } })).json() as { session_id: string };
    expect((await request(one.adminUrl, 'GET', `/db/_session/${admin.session_id}`)).status).toBe(200);
    expect((await request(one.adminUrl, 'DELETE', `/db/_session/${admin.session_id}`)).status).toBe(200);
    expect((await request(two.adminUrl, 'GET', `/db/_session/${admin.session_id}`)).status).toBe(404);
    const gone = await request(two.publicUrl, 'GET', '/db/doc1', { cookie: `GatewaySession=${admin.session_id}` });
    expect([gone.status, gone.json().reason]).toEqual([401, 'Session Invalid']);
  });

  it('a user made or changed on one node is the same user on the other', async (ctx) => {
    if (!one || !two) return ctx.skip();
    expect((await request(one.adminUrl, 'PUT', '/db/_user/bob', { body: { password: 'pass1' } })).status).toBe(201);
    const login = await request(two.publicUrl, 'POST', '/db/_session', { basic: 'bob:pass1' });
    expect(login.status).toBe(200);
    const cookie = cookiePair(login);
    expect((await request(one.publicUrl, 'GET', '/db/_session', { cookie })).json().userCtx.name).toBe('bob');
    // A new password on node 2 revokes the session on node 1 and the old password there.
    expect((await request(two.adminUrl, 'PUT', '/db/_user/bob', { body: { password: 'pass2' } })).status).toBe(200);
    expect((await request(one.publicUrl, 'GET', '/db/doc1', { cookie })).status).toBe(401);
    expect((await request(one.publicUrl, 'POST', '/db/_session', { basic: 'bob:pass1' })).status).toBe(401);
    expect((await request(one.publicUrl, 'POST', '/db/_session', { basic: 'bob:pass2' })).status).toBe(200);
    expect((await request(one.adminUrl, 'GET', '/db/_user/')).json()).toEqual(['alice', 'bob']);
  });
});
