/**
 * A real client that nobody here wrote replicates through the gateway: PouchDB 9 (npm, memory
 * adapter) pulls and pushes with basic credentials and with the `GatewaySession` cookie, sees
 * conflicts and deletions as CouchDB clients do, and fails with 401 once the session expired.
 */
import PouchDB from 'pouchdb-core';
import MemoryAdapter from 'pouchdb-adapter-memory';
import HttpAdapter from 'pouchdb-adapter-http';
import Replication from 'pouchdb-replication';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUCKET, PASSWORD, USER, startHarness, type Harness } from './replication-harness.js';
import { LOCAL_KEYSPACE } from '../../../src/adapters/gateway/docs/index.js';

PouchDB.plugin(MemoryAdapter).plugin(HttpAdapter).plugin(Replication);

let h: Harness;
let n = 0;
const open: any[] = [];
/** A fresh in-memory PouchDB. */
function local(): any {
  const db = new PouchDB(`local${++n}`, { adapter: 'memory' });
  open.push(db);
  return db;
}
/** The gateway database as a PouchDB remote, with basic credentials. */
function remoteBasic(): any {
  return new PouchDB(h.dbUrl, { auth: { username: USER, password: PASSWORD }, skip_setup: true });
}
/** The gateway database as a PouchDB remote, authenticated by a session cookie only. */
function remoteSession(sid: string): any {
  return new PouchDB(h.dbUrl, {
    skip_setup: true,
    fetch: (url: string, opts: { headers: { set(k: string, v: string): void } }) => {
      opts.headers.set('Cookie', `GatewaySession=${sid}`);
      return PouchDB.fetch(url, opts);
    },
  });
}

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy().catch(() => {});
  await h.close();
});

describe('PouchDB replicates through the gateway', () => {
  it('pushes with basic credentials; N1QL sees the pushed bodies; deletions replicate', async () => {
    const src = local();
    await src.bulkDocs([
      { _id: 'hotel_1', type: 'hotel', name: 'Le Lac', city: 'Geneva' },
      { _id: 'hotel_2', type: 'hotel', name: 'Eiffel', city: 'Paris' },
      { _id: 'hotel_3', type: 'hotel', name: 'Gone', city: 'Nowhere' },
    ]);
    const h1 = await src.get('hotel_1');
    await src.put({ ...h1, stars: 5 });
    await src.remove(await src.get('hotel_3'));

    const res = await src.replicate.to(remoteBasic());
    expect(res.ok).toBe(true);
    expect(res.docs_written).toBe(3);
    expect(res.doc_write_failures).toBe(0);

    const r1 = await h.call('GET', '/hotel_1?revs=true');
    const l1 = await src.get('hotel_1', { revs: true });
    expect(r1.json).toEqual(l1);
    expect(await h.call('GET', '/hotel_3')).toMatchObject({ status: 404, json: { reason: 'deleted' } });
    const { results } = await h.db.query(`SELECT META(h).id AS id, h.* FROM ${BUCKET} AS h WHERE h.type = 'hotel' ORDER BY META(h).id`);
    expect(results).toEqual([
      { id: 'hotel_1', type: 'hotel', name: 'Le Lac', city: 'Geneva', stars: 5 },
      { id: 'hotel_2', type: 'hotel', name: 'Eiffel', city: 'Paris' },
    ]);
    // PouchDB's checkpoint (the source's sequence) is a _local document of the gateway database.
    const checkpoints = [...h.db.scan(LOCAL_KEYSPACE)].map((d) => d.value as any);
    expect(checkpoints).toHaveLength(1);
    expect(checkpoints[0].body.last_seq).toBe((await src.info()).update_seq);
    const cp = await h.call('GET', `/_local/${checkpoints[0].id}`);
    expect(cp.json).toMatchObject({ _rev: '0-1', replicator: 'pouchdb', last_seq: checkpoints[0].body.last_seq });

    // A second push has nothing to write.
    expect((await src.replicate.to(remoteBasic())).docs_written).toBe(0);
  });

  it('pulls with basic credentials, then only the changes since the checkpoint, deletions included', async () => {
    await h.call('PUT', '/a', { v: 1 });
    const b = (await h.call('PUT', '/b', { v: 2 })).json;
    const dst = local();
    const first = await dst.replicate.from(remoteBasic());
    expect(first.ok).toBe(true);
    expect(first.docs_written).toBe(2);
    expect(await dst.get('a')).toEqual((await h.call('GET', '/a')).json);

    await h.call('DELETE', `/b?rev=${b.rev}`);
    await h.call('PUT', '/c', { v: 3 });
    const second = await dst.replicate.from(remoteBasic());
    expect(second.docs_read).toBe(2);
    await expect(dst.get('b')).rejects.toMatchObject({ status: 404 });
    expect((await dst.get('c')).v).toBe(3);
    const info = await dst.info();
    expect(info.doc_count).toBe(2);
  });

  it('pushes and pulls with the GatewaySession cookie, and fails with 401 once the session expired', async () => {
    const sid = h.newSession();
    const src = local();
    await src.put({ _id: 'from_pouch', v: 1 });
    const push = await src.replicate.to(remoteSession(sid));
    expect(push.docs_written).toBe(1);
    await h.call('PUT', '/from_gateway', { v: 2 });
    const pull = await src.replicate.from(remoteSession(sid));
    expect(pull.docs_written).toBe(1);
    expect((await src.get('from_gateway')).v).toBe(2);

    h.expire(sid);
    await h.call('PUT', '/later', { v: 3 });
    const failedPull = await src.replicate.from(remoteSession(sid)).then(
      () => undefined,
      (e: any) => e,
    );
    expect(failedPull).toBeDefined();
    expect(failedPull.status).toBe(401);
    expect(failedPull.reason ?? failedPull.message).toBe('Session Invalid');
    await src.put({ _id: 'unsent', v: 4 });
    const failedPush = await src.replicate.to(remoteSession(sid)).then(
      () => undefined,
      (e: any) => e,
    );
    expect(failedPush?.status).toBe(401);
    expect((await h.call('GET', '/unsent')).status).toBe(404);
    await expect(src.get('later')).rejects.toMatchObject({ status: 404 });
  });

  it('conflicting edits from two replicas: the gateway keeps both and picks the winner PouchDB picks', async () => {
    const a = local();
    const b = local();
    await a.put({ _id: 'doc', v: 0 });
    await a.replicate.to(remoteBasic());
    await b.replicate.from(remoteBasic());
    const da = await a.get('doc');
    const db = await b.get('doc');
    await a.put({ ...da, v: 'a' });
    await b.put({ ...db, v: 'b' });
    await a.replicate.to(remoteBasic());
    await b.replicate.to(remoteBasic());
    // A stale _rev is rejected.
    expect((await h.call('PUT', '/doc', { _rev: da._rev, v: 'stale' })).status).toBe(409);

    const server = (await h.call('GET', '/doc?conflicts=true')).json;
    expect(server._conflicts).toHaveLength(1);
    const c = local();
    await c.replicate.from(remoteBasic());
    const pulled = await c.get('doc', { conflicts: true });
    expect(pulled).toEqual(server);
    const changes = (await h.call('GET', '/_changes?style=all_docs')).json.results;
    expect(changes[0].changes).toHaveLength(2);

    // Resolving the conflict on a replica replicates as a deletion of the losing branch.
    await c.remove('doc', pulled._conflicts[0]);
    await c.replicate.to(remoteBasic());
    expect((await h.call('GET', '/doc?conflicts=true')).json._conflicts).toBeUndefined();
  });

  it('a live pull (longpoll feed) receives a document written after it started', async () => {
    const dst = local();
    const rep = dst.replicate.from(remoteBasic(), { live: true, retry: false });
    try {
      await new Promise((r) => setTimeout(r, 200));
      await h.call('PUT', '/live', { v: 'now' });
      for (let i = 0; i < 100; i++) {
        const got = await dst.get('live').catch(() => undefined);
        if (got) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await dst.get('live')).v).toBe('now');
    } finally {
      rep.cancel();
    }
  });
});
