/**
 * The replicator against the fake gateway (test double of the remote protocol, real HTTP on
 * loopback): pull, push, pushAndPull, continuous longpoll, checkpoints, retries, listeners.
 */
import { describe, expect, it } from 'vitest';
import { BasicAuthenticator, Replicator, type ReplicatorStatus } from '../../src/client/index.js';
import type { Database } from '../../src/index.js';
import type { FakeGateway } from './fake-gateway.js';
import { FAST_RETRY, eventually, replicatorFixture, rows, waitFor } from './helpers.js';

let fake: FakeGateway;
let db: Database;
const replicator = replicatorFixture((env) => ({ fake, db } = env), () => ({ authenticator: new BasicAuthenticator('alice', 'secret') }));

describe('one-shot replication', () => {
  it('pulls remote documents into the local keyspace as plain bodies', async () => {
    fake.docs.put('h1', { type: 'hotel', name: 'Alpine Inn' });
    fake.docs.put('h2', { type: 'hotel', name: 'Balmoral' });
    fake.docs.put('gone', { type: 'hotel', name: 'Gone' });
    fake.docs.remove('gone');
    const status = await replicator({ type: 'pull' }).whenStopped();
    expect(status).toEqual({ activity: 'STOPPED', progress: { completed: 3, total: 3 } });
    expect(await rows(db, 'SELECT RAW name FROM db WHERE type = "hotel" ORDER BY name')).toEqual(['Alpine Inn', 'Balmoral']);
    expect(db.get('db', 'h1')!.value).toEqual({ type: 'hotel', name: 'Alpine Inn' });
    expect(db.get('db', 'gone')).toBeUndefined();
  });

  it('pulls into a chosen keyspace, and an unchanged remote pulls nothing the second time', async () => {
    fake.docs.put('a', { n: 1 });
    await replicator({ type: 'pull', keyspace: 'mirror' }).whenStopped();
    expect(db.get('mirror', 'a')!.value).toEqual({ n: 1 });
    const before = fake.requests.filter((r) => r.path.includes('_bulk_get')).length;
    await replicator({ type: 'pull', keyspace: 'mirror' }).whenStopped();
    expect(fake.requests.filter((r) => r.path.includes('_bulk_get')).length).toBe(before);
  });

  it('pushes local writes, N1QL updates and deletes', async () => {
    await db.upsert('db', 'l1', { type: 'note', text: 'one' });
    await db.upsert('db', 'l2', { type: 'note', text: 'two' });
    let status = await replicator({ type: 'push' }).whenStopped();
    expect(status.error).toBeUndefined();
    expect(fake.docs.get('l1')).toMatchObject({ _id: 'l1', type: 'note', text: 'one' });
    expect(String(fake.docs.get('l1')!._rev)).toMatch(/^1-/);
    await db.query('UPDATE db SET text = "ONE" WHERE META().id = "l1"');
    await db.remove('db', 'l2');
    status = await replicator({ type: 'push' }).whenStopped();
    expect(status.progress).toEqual({ completed: 2, total: 2 });
    expect(fake.docs.get('l1')).toMatchObject({ text: 'ONE' });
    expect(String(fake.docs.get('l1')!._rev)).toMatch(/^2-/);
    expect(fake.docs.get('l2')).toBeUndefined();
    expect(fake.docs.changes(0, 10)).toMatchObject({ results: [{ id: 'l1' }, { id: 'l2', deleted: true }] });
  });

  it('pushAndPull merges both sides, and a conflict resolves the same way on both', async () => {
    fake.docs.put('r', { from: 'remote' });
    fake.docs.put('both', { v: 'base' });
    await db.upsert('db', 'l', { from: 'local' });
    await replicator().whenStopped();
    expect(db.get('db', 'r')!.value).toEqual({ from: 'remote' });
    expect(fake.docs.get('l')).toMatchObject({ from: 'local' });
    // Both sides edit 'both' (generation 2 each): the higher revision id wins everywhere.
    fake.docs.put('both', { v: 'remote edit' });
    await db.upsert('db', 'both', { v: 'local edit' });
    await replicator().whenStopped();
    await replicator().whenStopped();
    expect(db.get('db', 'both')!.value).toEqual({ v: fake.docs.get('both')!.v });
    // Our own pushed revisions come back through _changes and are not fetched again.
    const bulkGets = fake.requests.filter((r) => r.path.includes('_bulk_get')).length;
    await replicator().whenStopped();
    expect(fake.requests.filter((r) => r.path.includes('_bulk_get')).length).toBe(bulkGets);
  });
});

describe('continuous replication', () => {
  it('goes IDLE, picks up a later remote change through longpoll, and stops', async () => {
    const r = replicator({ type: 'pull', continuous: true, longpollTimeoutMs: 5000 });
    const pulled: string[] = [];
    r.addDocumentListener((c) => pulled.push(...c.ids));
    await waitFor(r, (s) => s.activity === 'IDLE');
    fake.docs.put('late', { text: 'arrived later' });
    // The document is stored before the listeners hear of it: wait for both.
    await eventually(() => db.get('db', 'late') !== undefined && pulled.length > 0);
    expect(db.get('db', 'late')!.value).toEqual({ text: 'arrived later' });
    expect(pulled).toEqual(['late']);
    expect(fake.requests.some((q) => q.path.includes('feed=longpoll'))).toBe(true);
    await r.stop();
    expect(r.status.activity).toBe('STOPPED');
    expect(r.status.error).toBeUndefined();
  });

  it('pushes later local writes', async () => {
    const r = replicator({ continuous: true, pushIntervalMs: 20, longpollTimeoutMs: 5000 });
    await waitFor(r, (s) => s.activity === 'IDLE');
    await db.upsert('db', 'live', { n: 1 });
    await eventually(() => fake.docs.get('live') !== undefined);
    expect(fake.docs.get('live')).toMatchObject({ n: 1 });
    await eventually(() => r.status.activity === 'IDLE');
  });
});

describe('checkpoints', () => {
  it('are saved in _local and a new replicator on the same local database resumes from them', async () => {
    for (const id of ['a', 'b', 'c']) fake.docs.put(id, { id });
    await replicator({ type: 'pull' }).whenStopped();
    const [checkpoint] = [...fake.docs.local.values()];
    expect(checkpoint).toMatchObject({ last_sequence: 3, _rev: '0-1' });
    expect(String(checkpoint!._id)).toMatch(/^_local\/cp-[0-9a-f]{40}$/);
    fake.docs.put('d', { id: 'd' });
    const first = fake.requests.length;
    const status = await replicator({ type: 'pull' }).whenStopped();
    const changes = fake.requests.slice(first).filter((q) => q.path.includes('_changes'));
    expect(changes[0]!.path).toContain('since=3');
    expect(status.progress).toEqual({ completed: 1, total: 1 });
    expect([...fake.docs.local.values()][0]).toMatchObject({ last_sequence: 4, _rev: '0-2' });
  });
});

describe('errors', () => {
  it('retries 503 with backoff (OFFLINE meanwhile) and then succeeds', async () => {
    fake.docs.put('x', { ok: true });
    fake.failNext(3, 503, '_changes');
    const seen: ReplicatorStatus[] = [];
    const r = new Replicator({ url: fake.dbUrl, database: db, type: 'pull', authenticator: new BasicAuthenticator('alice', 'secret'), retry: FAST_RETRY });
    r.addChangeListener((s) => seen.push(s));
    r.start();
    const status = await r.whenStopped();
    expect(status.error).toBeUndefined();
    expect(db.get('db', 'x')!.value).toEqual({ ok: true });
    expect(seen.filter((s) => s.activity === 'OFFLINE').length).toBeGreaterThanOrEqual(1);
    expect(seen.map((s) => s.activity)).toEqual(expect.arrayContaining(['CONNECTING', 'OFFLINE', 'BUSY', 'STOPPED']));
  });

  it('stops with the last error when retries run out (network error)', async () => {
    const url = fake.dbUrl;
    await fake.close();
    const r = new Replicator({ url, database: db, type: 'pull', retry: { ...FAST_RETRY, maxAttempts: 3 } });
    r.start();
    const status = await r.whenStopped();
    expect(status).toMatchObject({ activity: 'STOPPED', error: { status: 0, message: 'Network Error' } });
  });

  it('stops on a transient status after maxAttempts with that status', async () => {
    fake.failNext(5, 502);
    const status = await replicator({ type: 'pull', retry: { ...FAST_RETRY, maxAttempts: 2 } }).whenStopped();
    expect(status.error).toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('retries only 408, 429, 502, 503 and 504 (gateway-client.md §4)', async () => {
    fake.docs.put('x', { ok: true });
    for (const code of [408, 429, 502, 503, 504]) {
      fake.failNext(2, code, '_changes');
      const seen: string[] = [];
      const r = replicator({ type: 'pull' });
      r.addChangeListener((s) => seen.push(s.activity));
      const status = await r.whenStopped();
      expect(status.error, String(code)).toBeUndefined();
      expect(seen, String(code)).toContain('OFFLINE');
    }
  });

  it('any other 5xx is permanent: the replicator stops at once, even continuous', async () => {
    for (const [code, message] of [[500, 'Internal Server Error'], [501, 'Not Implemented'], [505, 'HTTP Version Not Supported']] as const) {
      fake.failNext(1000, code);
      const seen: string[] = [];
      const r = replicator({ type: 'pull', continuous: true });
      r.addChangeListener((s) => seen.push(s.activity));
      const status = await waitFor(r, (s) => s.activity === 'STOPPED');
      expect(status.error, String(code)).toEqual({ status: code, message, reason: 'injected' });
      expect(seen, String(code)).not.toContain('OFFLINE');
      while (fake.takeFailure('/') !== undefined); // drop the failures no request took
    }
  });
});

describe('change listeners and progress', () => {
  it('report every activity change and growing progress; a removed listener hears nothing', async () => {
    for (let i = 0; i < 5; i++) fake.docs.put(`d${i}`, { i });
    const seen: ReplicatorStatus[] = [];
    const other: ReplicatorStatus[] = [];
    const r = new Replicator({ url: fake.dbUrl, database: db, type: 'pull', batchSize: 2, authenticator: new BasicAuthenticator('alice', 'secret') });
    r.addChangeListener((s) => seen.push(s));
    r.addChangeListener((s) => other.push(s))();
    r.start();
    await r.whenStopped();
    expect(other).toEqual([]);
    expect(seen[0]!.activity).toBe('CONNECTING');
    expect(seen.at(-1)).toEqual({ activity: 'STOPPED', progress: { completed: 5, total: 5 } });
    const completed = seen.map((s) => s.progress.completed);
    expect(completed).toEqual([...completed].sort((a, b) => a - b));
    expect(seen.some((s) => s.activity === 'BUSY' && s.progress.completed > 0 && s.progress.completed < 5)).toBe(true);
  });
});
