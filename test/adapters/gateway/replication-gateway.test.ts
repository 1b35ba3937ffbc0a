/**
 * PouchDB through the real gateway server (startGateway with registerDocumentRoutes): a user
 * created on the admin API, basic credentials, a `GatewaySession` cookie from `POST /{db}/_session`,
 * and 401 once the session's ttl has passed on the gateway's clock.
 */
import PouchDB from 'pouchdb-core';
import MemoryAdapter from 'pouchdb-adapter-memory';
import HttpAdapter from 'pouchdb-adapter-http';
import Replication from 'pouchdb-replication';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { registerDocumentRoutes } from '../../../src/adapters/gateway/docs/index.js';
import { cookiePair, startFixture, type Fixture } from './helpers.js';

PouchDB.plugin(MemoryAdapter).plugin(HttpAdapter).plugin(Replication);

let f: Fixture;
const open: any[] = [];
beforeEach(async () => {
  f = await startFixture({}, { registerDocumentRoutes });
  expect((await f.admin('PUT', '/db/_user/bob', { body: { name: 'bob', password: 'secret1' } })).status).toBe(201);
});
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy().catch(() => {});
  await f.close();
});

function local(name: string): any {
  const db = new PouchDB(`gw-${name}-${Math.random()}`, { adapter: 'memory' });
  open.push(db);
  return db;
}

it('PouchDB pushes and pulls through the real gateway with basic credentials and with the session cookie', async () => {
  const url = `${f.gw.publicUrl}/db`;
  const src = local('src');
  await src.bulkDocs([{ _id: 'p1', v: 1 }, { _id: 'p2', v: 2 }]);
  const basicRemote = new PouchDB(url, { auth: { username: 'bob', password: 'secret1' }, skip_setup: true });
  expect((await src.replicate.to(basicRemote)).docs_written).toBe(2);
  expect((await f.db.query('SELECT RAW META(d).id FROM db AS d ORDER BY META(d).id')).results).toEqual(['p1', 'p2']);

  const login = await f.pub('POST', '/db/_session', { body: { name: 'bob', password: 'secret1' } });
  expect(login.status).toBe(200);
  const cookie = cookiePair(login);
  expect(cookie).toMatch(/^GatewaySession=/);
  const sessionRemote = new PouchDB(url, {
    skip_setup: true,
    fetch: (u: string, opts: { headers: { set(k: string, v: string): void } }) => {
      opts.headers.set('Cookie', cookie);
      return PouchDB.fetch(u, opts);
    },
  });
  const dst = local('dst');
  expect((await dst.replicate.from(sessionRemote)).docs_written).toBe(2);
  expect((await dst.get('p2')).v).toBe(2);

  f.advance(25 * 3600 * 1000);
  const err = await dst.replicate.from(sessionRemote).then(() => undefined, (e: any) => e);
  expect(err?.status).toBe(401);
  // Basic credentials still work.
  await dst.put({ _id: 'p3', v: 3 });
  expect((await dst.replicate.to(basicRemote)).docs_written).toBe(1);
});
