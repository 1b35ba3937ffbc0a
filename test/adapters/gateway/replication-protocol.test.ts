/**
 * The replication endpoints on the wire (docs/replication.md), through the test gateway of
 * replication-harness.ts: revisions and conflicts, _bulk_docs (new_edits:false), _bulk_get,
 * _revs_diff, _all_docs, _local, and N1QL visibility (the feed, 401s and restarts: replication-feed).
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUCKET, startHarness, type Harness } from './replication-harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const REV = /^1-[0-9a-f]{32}$/;

describe('single documents', () => {
  it('creates, reads, updates with _rev and rejects stale revisions with 409', async () => {
    const put = await h.call('PUT', '/hotel1', { name: 'Alpine Inn', stars: 3 });
    expect(put.status).toBe(201);
    expect(put.json).toMatchObject({ id: 'hotel1', ok: true });
    const rev1 = put.json.rev as string;
    expect(rev1).toMatch(REV);
    // The digest is the MD5 of the deleted flag, the parent and the body.
    expect(rev1).toBe(`1-${createHash('md5').update(JSON.stringify([false, null, { name: 'Alpine Inn', stars: 3 }])).digest('hex')}`);
    expect((await h.call('GET', '/hotel1')).json).toEqual({ _id: 'hotel1', _rev: rev1, name: 'Alpine Inn', stars: 3 });

    const again = await h.call('PUT', '/hotel1', { name: 'x' });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'conflict', reason: 'Document exists' });

    const upd = await h.call('PUT', '/hotel1', { _rev: rev1, name: 'Alpine Inn', stars: 4 });
    expect(upd.status).toBe(201);
    expect(upd.json.rev).toMatch(/^2-/);
    const stale = await h.call('PUT', '/hotel1', { _rev: rev1, name: 'stale' });
    expect(stale.status).toBe(409);
    expect((await h.call('PUT', '/hotel1?rev=' + upd.json.rev, { name: 'via query' })).status).toBe(201);
    expect((await h.call('PUT', '/nothere', { _rev: rev1, a: 1 })).status).toBe(409);

    const revs = await h.call('GET', '/hotel1?revs=true');
    expect(revs.json._revisions.start).toBe(3);
    expect(revs.json._revisions.ids).toHaveLength(3);
    expect(revs.json._revisions.ids[2]).toBe(rev1.slice(2));
  });

  it('POST /{db}/ creates a document with a generated id, or the body\'s _id (S44, SG handlePostDoc)', async () => {
    const post = await h.call('POST', '/', { type: 'note', n: 1 });
    expect(post.status).toBe(200);
    expect(post.json).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), ok: true, rev: expect.stringMatching(REV) });
    expect([post.headers.get('location'), post.headers.get('etag')]).toEqual([post.json.id, `"${post.json.rev}"`]);
    expect((await h.call('GET', `/${post.json.id}`)).json).toEqual({ _id: post.json.id, _rev: post.json.rev, type: 'note', n: 1 });
    const second = await h.call('POST', '/', { type: 'note', n: 2 });
    expect(second.json.id).not.toBe(post.json.id);
    const named = await h.call('POST', '/', { _id: 'chosen', v: 1 });
    expect([named.status, named.json.id]).toEqual([200, 'chosen']);
    expect((await h.call('POST', '/', { _id: 'chosen', v: 2 })).json).toEqual({ error: 'conflict', reason: 'Document exists' });
    expect(await h.call('POST', '/', { _rev: named.json.rev, v: 3 })).toMatchObject({ status: 404, json: { error: 'not_found', reason: 'No previous revision to replace' } });
    expect((await h.call('POST', '/', '{bad')).status).toBe(400);
    expect((await h.call('POST', '/', { v: 1 }, '')).status).toBe(401);
  });

  it('deletes with a revision, keeps the tombstone and recreates after deletion', async () => {
    const { json: c } = await h.call('PUT', '/d1', { v: 1 });
    expect((await h.call('DELETE', '/d1')).status).toBe(409);
    const del = await h.call('DELETE', `/d1?rev=${c.rev}`);
    expect(del.status).toBe(200);
    expect(del.json.rev).toMatch(/^2-/);
    expect(await h.call('GET', '/d1')).toMatchObject({ status: 404, json: { error: 'not_found', reason: 'deleted' } });
    expect((await h.call('GET', `/d1?rev=${del.json.rev}`)).json).toEqual({ _id: 'd1', _rev: del.json.rev, _deleted: true });
    expect(await h.call('GET', '/nope')).toMatchObject({ status: 404, json: { error: 'not_found', reason: 'missing' } });
    const re = await h.call('PUT', '/d1', { v: 2 });
    expect(re.status).toBe(201);
    expect(re.json.rev).toMatch(/^3-/);
  });

  it('validates bodies and ids', async () => {
    expect(await h.call('PUT', '/x', '{bad')).toMatchObject({ status: 400, json: { error: 'Bad Request', reason: 'Bad JSON' } });
    // An id starting with `_` is no document route at all (the reference's docRegex `[^_/][^/]*`).
    expect((await h.call('PUT', '/_reserved', { a: 1 })).status).toBe(404);
    expect((await h.call('PUT', '/x', { _attachments: { 'a.txt': { data: 'aGk=' } } })).status).toBe(400);
    expect((await h.call('PUT', '/x', { _other: 1 })).status).toBe(400);
    expect((await h.call('PUT', '/x', { _id: 'y', a: 1 })).status).toBe(400);
    // A _rev in the body and another in ?rev= (CouchDB's message).
    const rev = (await h.call('PUT', '/r', { a: 1 })).json.rev;
    expect(await h.call('PUT', `/r?rev=${rev}`, { _rev: '1-other', a: 2 })).toMatchObject({ status: 400, json: { reason: 'Document rev from request body and query string have different values' } });
    expect((await h.call('PUT', `/r?rev=${rev}`, { _rev: rev, a: 2 })).status).toBe(201);
  });

  it('serves ids of up to 250 characters on the single-document routes, as _bulk_docs writes them', async () => {
    const id = 'k'.repeat(250);
    expect((await h.call('PUT', `/${id}`, { v: 1 })).status).toBe(201);
    expect((await h.call('GET', `/${id}`)).json).toMatchObject({ _id: id, v: 1 });
    expect((await h.call('POST', '/_bulk_docs', { docs: [{ _id: 'z'.repeat(150), v: 2 }] })).status).toBe(201);
    expect((await h.call('GET', `/${'z'.repeat(150)}`)).json).toMatchObject({ v: 2 });
  });

  it('stores the body in the bucket, visible to N1QL without _id/_rev', async () => {
    await h.call('PUT', '/h1', { type: 'hotel', name: 'Le Lac' });
    await h.call('PUT', '/h2', { type: 'hotel', name: 'Eiffel' });
    const { json } = await h.call('PUT', '/h3', { type: 'hotel', name: 'Gone' });
    await h.call('DELETE', `/h3?rev=${json.rev}`);
    const { results } = await h.db.query(`SELECT META(t).id AS id, t.* FROM ${BUCKET} AS t ORDER BY META(t).id`);
    expect(results).toEqual([
      { id: 'h1', type: 'hotel', name: 'Le Lac' },
      { id: 'h2', type: 'hotel', name: 'Eiffel' },
    ]);
  });
});

describe('replicator endpoints', () => {
  const hist = (start: number, ...ids: string[]) => ({ start, ids });

  it('_bulk_docs new_edits:false inserts given revisions with their history; conflicts and the winner', async () => {
    const docs = [
      { _id: 'c', _rev: '2-bbb', _revisions: hist(2, 'bbb', 'aaa'), side: 'b' },
      { _id: 'c', _rev: '2-ccc', _revisions: hist(2, 'ccc', 'aaa'), side: 'c' },
      { _id: 'c', _rev: '3-ddd', _revisions: hist(3, 'ddd', 'bbb', 'aaa'), _deleted: true },
    ];
    const r = await h.call('POST', '/_bulk_docs', { docs, new_edits: false });
    expect(r.status).toBe(201);
    expect(r.json).toEqual(docs.map((d) => ({ ok: true, id: 'c', rev: d._rev })));
    // The deleted 3-ddd loses to the live 2-ccc.
    const g = await h.call('GET', '/c?conflicts=true&deleted_conflicts=true');
    expect(g.json).toEqual({ _id: 'c', _rev: '2-ccc', side: 'c', _deleted_conflicts: ['3-ddd'] });
    const open = await h.call('GET', '/c?open_revs=all&revs=true');
    expect(open.json).toHaveLength(2);
    expect(open.json).toContainEqual({ ok: { _id: 'c', _rev: '3-ddd', _deleted: true, _revisions: hist(3, 'ddd', 'bbb', 'aaa') } });
    expect((await h.call('GET', '/c?open_revs=["1-aaa","9-zzz"]')).json).toEqual([{ missing: '1-aaa' }, { missing: '9-zzz' }]);
    expect((await h.call('GET', '/c?open_revs=["1-aaa"]&latest=true')).json).toHaveLength(2);

    // A new edit on a non-winning leaf is allowed (here it revives the deleted branch); a non-leaf is a conflict.
    expect((await h.call('PUT', '/c', { _rev: '2-bbb', x: 1 })).status).toBe(409);
    const onLeaf = await h.call('POST', '/_bulk_docs', { docs: [{ _id: 'c', _rev: '3-ddd', fixed: true }, { _id: 'c', _rev: '3-ddd', y: 1 }] });
    expect(onLeaf.json[0].rev).toMatch(/^4-/);
    expect(onLeaf.json[0]).toMatchObject({ ok: true, id: 'c' });
    expect(onLeaf.json[1]).toEqual({ id: 'c', error: 'conflict', reason: 'Document exists', status: 409 });
    expect((await h.call('GET', '/c')).json).toEqual({ _id: 'c', _rev: onLeaf.json[0].rev, fixed: true });
    // Replaying the same revisions changes nothing.
    const seq = (await h.call('GET', '/')).json.update_seq;
    await h.call('POST', '/_bulk_docs', { docs, new_edits: false });
    expect((await h.call('GET', '/')).json.update_seq).toBe(seq);
    expect((await h.call('POST', '/_bulk_docs', { docs: [{ a: 1 }] })).json[0]).toMatchObject({ ok: true, rev: expect.stringMatching(REV) });
  });

  it('a longer history grafts onto a revision first known from a stemmed one: no extra leaf, a delete deletes', async () => {
    // tokenql's Replicator sends at most 20 history ids; a later push of the full history (PouchDB) meets the cut one.
    await h.call('POST', '/_bulk_docs', { new_edits: false, docs: [{ _id: 's', _rev: '3-c', _revisions: hist(3, 'c'), v: 3 }] });
    await h.call('POST', '/_bulk_docs', { new_edits: false, docs: [{ _id: 's', _rev: '4-d', _revisions: hist(4, 'd', 'c', 'b', 'a'), v: 4 }] });
    expect((await h.call('GET', '/s?conflicts=true')).json).toEqual({ _id: 's', _rev: '4-d', v: 4 });
    expect((await h.call('GET', '/s?open_revs=all')).json).toEqual([{ ok: { _id: 's', _rev: '4-d', v: 4 } }]);
    expect((await h.call('GET', '/s?revs=true')).json._revisions).toEqual(hist(4, 'd', 'c', 'b', 'a'));
    expect((await h.call('DELETE', '/s?rev=4-d')).status).toBe(200);
    expect(await h.call('GET', '/s')).toMatchObject({ status: 404, json: { reason: 'deleted' } });
  });

  it('revision ids named like object properties are unknown revisions, not found on the tree', async () => {
    const rev = (await h.call('PUT', '/a', { n: 1 })).json.rev;
    for (const bad of ['constructor', '__proto__', 'toString']) {
      expect(await h.call('GET', `/a?rev=${bad}`), bad).toMatchObject({ status: 404, json: { reason: 'missing' } });
    }
    const got = await h.call('POST', '/_bulk_get?revs=true', { docs: [{ id: 'a', rev: 'constructor' }] });
    expect(got.json.results[0].docs[0].error).toMatchObject({ error: 'not_found' });
    expect((await h.call('POST', '/_revs_diff', { a: ['constructor', rev] })).json).toEqual({ a: { missing: ['constructor'] } });
  });

  it('_revs_diff reports missing revisions and possible ancestors', async () => {
    await h.call('POST', '/_bulk_docs', { new_edits: false, docs: [{ _id: 'a', _rev: '2-x2', _revisions: hist(2, 'x2', 'x1'), v: 1 }] });
    const r = await h.call('POST', '/_revs_diff', { a: ['1-x1', '2-x2', '3-x3'], b: ['1-q'] });
    expect(r.json).toEqual({ a: { missing: ['3-x3'], possible_ancestors: ['2-x2'] }, b: { missing: ['1-q'] } });
    expect((await h.call('POST', '/_revs_diff', { a: ['2-x2'] })).json).toEqual({});
  });

  it('_bulk_get returns revisions with history, latest leaves and per-document errors', async () => {
    await h.call('POST', '/_bulk_docs', {
      new_edits: false,
      docs: [{ _id: 'a', _rev: '2-x2', _revisions: hist(2, 'x2', 'x1'), v: 2 }],
    });
    const r = await h.call('POST', '/_bulk_get?revs=true&latest=true', {
      docs: [{ id: 'a', rev: '2-x2' }, { id: 'a', rev: '1-x1' }, { id: 'a' }, { id: 'zz', rev: '1-q' }],
    });
    const ok = { ok: { _id: 'a', _rev: '2-x2', v: 2, _revisions: hist(2, 'x2', 'x1') } };
    expect(r.json.results).toEqual([
      { id: 'a', docs: [ok] },
      { id: 'a', docs: [ok] },
      { id: 'a', docs: [ok] },
      { id: 'zz', docs: [{ error: { id: 'zz', rev: '1-q', error: 'not_found', reason: 'missing' } }] },
    ]);
    const noLatest = await h.call('POST', '/_bulk_get', { docs: [{ id: 'a', rev: '1-x1' }] });
    expect(noLatest.json.results[0].docs[0].error).toMatchObject({ error: 'not_found' });
  });

  it('_all_docs lists live documents in id order with keys, ranges and include_docs', async () => {
    const revs: Record<string, string> = {};
    for (const id of ['b', 'a', 'd', 'c']) revs[id] = (await h.call('PUT', `/${id}`, { id })).json.rev;
    const { json: d } = await h.call('GET', '/d');
    await h.call('DELETE', `/d?rev=${d._rev}`);
    const all = await h.call('GET', '/_all_docs');
    expect(all.json.total_rows).toBe(3);
    expect(all.json.rows.map((r: any) => r.id)).toEqual(['a', 'b', 'c']);
    expect(all.json.rows[0]).toEqual({ id: 'a', key: 'a', value: { rev: expect.stringMatching(REV) } });
    const docs = await h.call('GET', '/_all_docs?include_docs=true&startkey="b"&limit=1');
    expect(docs.json.rows).toEqual([{ id: 'b', key: 'b', value: { rev: revs.b }, doc: { _id: 'b', _rev: revs.b, id: 'b' } }]);
    expect((await h.call('GET', '/_all_docs?descending=true&startkey="b"')).json.rows.map((r: any) => r.id)).toEqual(['b', 'a']);
    expect((await h.call('GET', '/_all_docs?endkey="b"&inclusive_end=false')).json.rows.map((r: any) => r.id)).toEqual(['a']);
    expect((await h.call('GET', '/_all_docs?skip=1')).json.rows.map((r: any) => r.id)).toEqual(['b', 'c']);
    const keys = await h.call('POST', '/_all_docs', { keys: ['c', 'd', 'zz'] });
    expect(keys.json.rows).toEqual([
      { id: 'c', key: 'c', value: { rev: expect.any(String) } },
      { id: 'd', key: 'd', value: { rev: expect.stringMatching(/^2-/), deleted: true } },
      { key: 'zz', error: 'not_found' },
    ]);
  });

  it('_all_docs ranges follow code point order, as its listing does (U+10000 after U+E000)', async () => {
    // In UTF-16 code units U+10000 (D800 DC00) sorts before U+E000; in code points it sorts after.
    const ids = ['\u{10000}', '\uE000', 'z'];
    for (const id of ids) await h.call('PUT', `/${encodeURIComponent(id)}`, { id });
    const list = async (q: string): Promise<string[]> => (await h.call('GET', `/_all_docs${q}`)).json.rows.map((r: any) => r.id);
    expect(await list('')).toEqual(['z', '\uE000', '\u{10000}']);
    const key = (s: string): string => encodeURIComponent(JSON.stringify(s));
    expect(await list(`?startkey=${key('\uE000')}`)).toEqual(['\uE000', '\u{10000}']);
    expect(await list(`?endkey=${key('\uE000')}`)).toEqual(['z', '\uE000']);
    expect(await list(`?descending=true&startkey=${key('\uE000')}`)).toEqual(['\uE000', 'z']);
    expect(await list(`?descending=true&endkey=${key('\uE000')}`)).toEqual(['\u{10000}', '\uE000']);
  });

  it('_local documents: 0-N revisions, 409 on a stale revision, outside the feed and the bucket', async () => {
    expect(await h.call('GET', '/_local/cp')).toMatchObject({ status: 404, json: { error: 'not_found' } });
    const p1 = await h.call('PUT', '/_local/cp', { last_seq: 3 });
    expect(p1).toMatchObject({ status: 201, json: { id: '_local/cp', ok: true, rev: '0-1' } });
    expect((await h.call('PUT', '/_local/cp', { last_seq: 4 })).status).toBe(409);
    expect((await h.call('PUT', '/_local/cp', { _rev: '0-1', last_seq: 4 })).json.rev).toBe('0-2');
    expect((await h.call('GET', '/_local/cp')).json).toEqual({ _id: '_local/cp', _rev: '0-2', last_seq: 4 });
    expect((await h.call('GET', '/_changes')).json.results).toEqual([]);
    expect((await h.call('GET', '/_all_docs')).json.rows).toEqual([]);
    expect(h.db.count(BUCKET) ?? 0).toBe(0);
    expect((await h.call('DELETE', '/_local/cp?rev=0-2')).status).toBe(200);
    expect((await h.call('GET', '/_local/cp')).status).toBe(404);
  });
});
