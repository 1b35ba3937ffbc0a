/**
 * The replication endpoints on the wire (docs/replication.md), continued: _changes (normal
 * and longpoll), 401 on every route, and a restart of a file database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { BUCKET, startHarness, type Harness } from './replication-harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('_changes', () => {
  it('lists each document once at its latest sequence, with since, limit, include_docs and style=all_docs', async () => {
    const a = (await h.call('PUT', '/a', { n: 1 })).json;
    await h.call('PUT', '/b', { n: 2 });
    await h.call('PUT', '/c', { n: 3 });
    const a2 = (await h.call('PUT', '/a', { _rev: a.rev, n: 4 })).json;
    const all = await h.call('GET', '/_changes');
    expect(all.json).toEqual({
      results: [
        { seq: 2, id: 'b', changes: [{ rev: expect.any(String) }] },
        { seq: 3, id: 'c', changes: [{ rev: expect.any(String) }] },
        { seq: 4, id: 'a', changes: [{ rev: a2.rev }] },
      ],
      last_seq: 4,
    });
    const page = await h.call('GET', '/_changes?since=2&limit=1&include_docs=true');
    expect(page.json.results).toEqual([{ seq: 3, id: 'c', changes: [{ rev: expect.any(String) }], doc: { _id: 'c', _rev: expect.any(String), n: 3 } }]);
    expect(page.json.last_seq).toBe(3);
    expect((await h.call('GET', '/_changes?since=4')).json).toEqual({ results: [], last_seq: 4 });
    expect((await h.call('GET', '/_changes?descending=true&limit=1')).json.results[0].id).toBe('a');

    await h.call('POST', '/_bulk_docs', { new_edits: false, docs: [{ _id: 'b', _rev: '1-zzzz', v: 'other branch' }] });
    const styled = await h.call('GET', '/_changes?since=4&style=all_docs');
    expect(styled.json.results[0].changes).toHaveLength(2);
    expect(styled.json.results[0].changes[0]).toEqual({ rev: '1-zzzz' });
    const { json: del } = await h.call('DELETE', `/c?rev=${(await h.call('GET', '/c')).json._rev}`);
    const deleted = await h.call('GET', '/_changes?since=5&include_docs=true');
    expect(deleted.json.results).toEqual([{ seq: 6, id: 'c', changes: [{ rev: del.rev }], deleted: true, doc: { _id: 'c', _rev: del.rev, _deleted: true } }]);
    const filtered = await h.call('POST', '/_changes?filter=_doc_ids', { doc_ids: ['a', 'zz'] });
    expect(filtered.json.results.map((r: any) => r.id)).toEqual(['a']);
    // POST takes the options from its body too (the query string wins).
    const posted = await h.call('POST', '/_changes?limit=1', { since: 2, limit: 5, include_docs: true, style: 'all_docs' });
    expect(posted.json.results).toEqual([{ seq: 4, id: 'a', changes: [{ rev: a2.rev }], doc: { _id: 'a', _rev: a2.rev, n: 4 } }]);
    expect((await h.call('GET', '/_changes?feed=continuous')).status).toBe(400);
    expect((await h.call('GET', '/_changes?since=abc')).status).toBe(400);
  });

  it('longpoll waits for the next write, and answers empty after its timeout', async () => {
    await h.call('PUT', '/a', { n: 1 });
    const t0 = Date.now();
    const empty = await h.call('GET', '/_changes?feed=longpoll&since=1&timeout=150');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(empty.json).toEqual({ results: [], last_seq: 1 });

    const waiting = h.call('GET', '/_changes?feed=longpoll&since=1&timeout=10000&include_docs=true');
    await new Promise((r) => setTimeout(r, 100));
    await h.call('PUT', '/b', { n: 2 });
    const woke = await waiting;
    expect(woke.json.results).toEqual([{ seq: 2, id: 'b', changes: [{ rev: expect.any(String) }], doc: expect.objectContaining({ n: 2 }) }]);
    expect(Date.now() - t0).toBeLessThan(5000);
    // timeout=0: an answer at once.
    const t1 = Date.now();
    expect((await h.call('GET', '/_changes?feed=longpoll&since=2&timeout=0')).json).toEqual({ results: [], last_seq: 2 });
    expect(Date.now() - t1).toBeLessThan(2000);
    // Something to report: no wait at all.
    expect((await h.call('GET', '/_changes?feed=longpoll&since=0&timeout=10000')).json.results).toHaveLength(2);
  });
});

describe('authentication', () => {
  it('every route answers 401 without credentials, with a wrong password or an expired session', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/doc'],
      ['PUT', '/doc', { a: 1 }],
      ['DELETE', '/doc?rev=1-a'],
      ['POST', '/_bulk_docs', { docs: [] }],
      ['POST', '/_bulk_get', { docs: [] }],
      ['GET', '/_all_docs'],
      ['POST', '/_all_docs', { keys: [] }],
      ['GET', '/_changes'],
      ['POST', '/_revs_diff', {}],
      ['GET', '/_local/x'],
      ['PUT', '/_local/x', {}],
    ];
    const sid = h.newSession();
    h.expire(sid);
    for (const [method, path, body] of routes) {
      const none = await h.call(method, path, body, '');
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.json).toEqual({ error: 'Unauthorized', reason: 'Login required' });
      const wrong = await h.call(method, path, body, `Basic ${Buffer.from('alice:nope').toString('base64')}`);
      expect(wrong.json).toEqual({ error: 'Unauthorized', reason: 'Invalid login' });
      const res = await fetch(`${h.dbUrl}${path}`, { method, headers: { Cookie: `GatewaySession=${sid}` }, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Unauthorized', reason: 'Session Invalid' });
    }
    expect(h.db.count(BUCKET) ?? 0).toBe(0);
  });
});

describe('persistence', () => {
  it('a reopened file database keeps revisions, sequences and checkpoints', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tokenql-repl-'));
    try {
      let db = await Database.open({ path: dir });
      let g = await startHarness(db);
      const a = (await g.call('PUT', '/a', { v: 1 })).json;
      await g.call('PUT', '/b', { v: 2 });
      await g.call('PUT', '/_local/cp', { last_seq: 2 });
      await g.close();
      await db.close();

      db = await Database.open({ path: dir });
      g = await startHarness(db);
      expect((await g.call('GET', '/')).json).toMatchObject({ update_seq: 2, doc_count: 2 });
      expect((await g.call('GET', '/a')).json._rev).toBe(a.rev);
      expect((await g.call('GET', '/_local/cp')).json._rev).toBe('0-1');
      await g.call('PUT', '/a', { _rev: a.rev, v: 3 });
      expect((await g.call('GET', '/_changes?since=1')).json).toEqual({
        results: [
          { seq: 2, id: 'b', changes: [{ rev: expect.any(String) }] },
          { seq: 3, id: 'a', changes: [{ rev: expect.stringMatching(/^2-/) }] },
        ],
        last_seq: 3,
      });
      await g.close();
      await db.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
