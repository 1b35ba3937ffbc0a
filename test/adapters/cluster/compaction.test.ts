/**
 * compaction-scenarios.md §E (compactBucket / cancelBucketCompaction, tasks) and §H (spatial
 * compaction), plus the request-handling order (401 vs 403 vs 404) and users, over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type CompactionOptions, type CompactionResult } from '../../../src/index.js';
import { as, forbiddenBody, is401, is404Text, startFixture, type Client } from './helpers.js';

/** A database whose bucket compaction takes `steps × 20 ms`, reports progress and honours the signal. */
async function slowDatabase(steps: number, calls: string[]): Promise<Database> {
  const db = await Database.open();
  db.compactBucket = async (name: string, options: CompactionOptions & { views?: boolean } = {}): Promise<CompactionResult> => {
    calls.push(`start ${name}`);
    for (let i = 1; i <= steps; i++) {
      if (options.signal?.aborted) {
        calls.push(`cancelled ${name}`);
        return { cancelled: true, bytesBefore: 0, bytesAfter: 0, purgedTombstones: 0 };
      }
      await new Promise((r) => setTimeout(r, 20));
      options.onProgress?.((100 * i) / steps);
    }
    calls.push(`done ${name}`);
    return { cancelled: false, bytesBefore: 0, bytesAfter: 0, purgedTombstones: 0 };
  };
  return db;
}

const calls: string[] = [];
let c: Client;
let capi: string;
const logs: string[] = [];
beforeAll(async () => {
  c = await startFixture({ daemon: false, capiPort: 0, log: (l) => logs.push(l) }, await slowDatabase(25, calls));
  capi = c.server.capiUrl!;
  await c.db.upsert('default', 'doc1', { name: 'a' });
  await c.db.query('CREATE INDEX ix_name ON default(name)');
});
afterAll(async () => {
  await c.close();
});

const COMPACT = '/pools/default/buckets/default/controller/compactBucket';
const CANCEL = '/pools/default/buckets/default/controller/cancelBucketCompaction';
const empty200 = (r: { status: number; text: string }) => r.status === 200 && r.text === '';
const tasks = async () => ((await c.get('/pools/default/tasks')).json() as Record<string, unknown>[]).filter((t) => t.type === 'bucket_compaction');
const idle = async () => {
  for (let i = 0; i < 200 && (await tasks()).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
};

describe('§E compactBucket / cancelBucketCompaction', () => {
  it('E88, E89, E107, E90: start, again (no second run), task visible, cancel', async () => {
    calls.length = 0;
    expect(empty200(await c.req('POST', COMPACT))).toBe(true);
    expect(empty200(await c.req('POST', COMPACT))).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    const running = await tasks();
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({
      type: 'bucket_compaction', bucket: 'default', status: 'running',
      cancelURI: '/pools/default/buckets/default/controller/cancelBucketCompaction',
    });
    expect(typeof running[0]!.progress).toBe('number');
    expect(empty200(await c.req('POST', CANCEL))).toBe(true);
    await idle();
    expect(calls).toEqual(['start default', 'cancelled default']);
  });
  it('E91 cancel when nothing runs → 200 empty', async () => expect(empty200(await c.req('POST', CANCEL))).toBe(true));
  it('a finished manual compaction is logged', async () => {
    expect(empty200(await c.req('POST', '/pools/default/buckets/other/controller/compactBucket'))).toBe(true);
    await idle();
    expect(logs).toContain('User-triggered compaction of bucket `other` completed.');
  });
  it('E92 a junk form body is ignored', async () => {
    expect(empty200(await c.req('POST', COMPACT, { form: 'foo=bar' }))).toBe(true);
    await c.req('POST', CANCEL);
    await idle();
  });
  it('E93 / E94 missing bucket → 404-text', async () => {
    expect(is404Text(await c.req('POST', '/pools/default/buckets/nosuch/controller/compactBucket'))).toBe(true);
    expect(is404Text(await c.req('POST', '/pools/default/buckets/nosuch/controller/cancelBucketCompaction'))).toBe(true);
  });
  it('E95 no credentials → 401 (missing bucket too)', async () => {
    expect(is401(await c.req('POST', COMPACT, { auth: null }))).toBe(true);
    expect(is401(await c.req('POST', '/pools/default/buckets/nosuch/controller/compactBucket', { auth: null }))).toBe(true);
  });
  it.each([['E96', 'u_cluster'], ['E97', 'u_bstar'], ['E98', 'u_bdef']])('%s %s may compact and cancel', async (_id, user) => {
    expect(empty200(await c.req('POST', COMPACT, { auth: as(user) }))).toBe(true);
    expect(empty200(await c.req('POST', CANCEL, { auth: as(user) }))).toBe(true);
    await idle();
  });
  it.each([['E99', 'u_bother', COMPACT], ['E100', 'u_bother', CANCEL], ['E101', 'u_ro', COMPACT], ['E102', 'u_app', COMPACT]])('%s %s → 403', async (_id, user, path) => {
    const r = await c.req('POST', path, { auth: as(user) });
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(forbiddenBody('cluster.bucket[default]!compact'));
  });
  it('E103 without the permission a missing bucket is 403', async () => {
    const r = await c.req('POST', '/pools/default/buckets/nosuch/controller/compactBucket', { auth: as('u_bother') });
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(forbiddenBody('cluster.bucket[nosuch]!compact'));
  });
  it('E104 with the permission a missing bucket is 404', async () => {
    expect(is404Text(await c.req('POST', '/pools/default/buckets/nosuch/controller/compactBucket', { auth: as('u_bstar') }))).toBe(true);
  });
  it('E105 bucket uuid mismatch → 404', async () => {
    const r = await c.req('POST', `${COMPACT}?bucket_uuid=deadbeef`);
    expect(r.status).toBe(404);
    expect(r.text).toBe('Bucket uuid does not match the requested.\r\n');
    const uuid = (await c.get('/pools/default/buckets/default')).json().uuid;
    expect(empty200(await c.req('POST', `${COMPACT}?bucket_uuid=${uuid}`))).toBe(true);
    await c.req('POST', CANCEL);
    await idle();
  });
  it('E106 GET on the POST route → 404', async () => expect((await c.get(COMPACT)).status).toBe(404));
  it('a misspelt POST route → 404-text without authentication; other methods → 405', async () => {
    expect(is404Text(await c.req('POST', '/pools/default/buckets/default/controller/compactBuckett', { auth: null }))).toBe(true);
    expect((await c.req('DELETE', '/controller/nothing', { auth: null })).text).toBe('Object Not Found');
    expect((await c.req('PATCH', '/controller/setAutoCompaction', { auth: null })).status).toBe(405);
  });
  it('a %2F inside a bucket name does not split the path', async () => {
    expect(is404Text(await c.get('/pools/default/buckets/a%2Fb'))).toBe(true);
  });
});

describe('§H spatial-view compaction', () => {
  const SPATIAL = '/default/_design/ddl_ix_name/_spatial/_compact';
  it('H151 on the admin port it is an unknown POST route', async () => {
    expect(is404Text(await c.req('POST', '/default/_design/dev_x/_spatial/_compact', { auth: null }))).toBe(true);
  });
  it('H152 on the CAPI listener: 202 {"ok":true} with JSON, 415 without', async () => {
    const r = await c.req('POST', SPATIAL, { base: capi, body: '{}', type: 'application/json' });
    expect(r.status).toBe(202);
    expect(r.json()).toEqual({ ok: true });
    const r2 = await c.req('POST', SPATIAL, { base: capi, form: 'a=b' });
    expect(r2.status).toBe(415);
  });
  it('unknown design document → 404 not_found/missing; auth and permission first', async () => {
    const r = await c.req('POST', '/default/_design/dev_x/_spatial/_compact', { base: capi, body: '{}', type: 'application/json' });
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ error: 'not_found', reason: 'missing' });
    expect(is401(await c.req('POST', SPATIAL, { base: capi, auth: null, body: '{}', type: 'application/json' }))).toBe(true);
    const f = await c.req('POST', SPATIAL, { base: capi, auth: as('u_stats'), body: '{}', type: 'application/json' });
    expect(f.json()).toEqual(forbiddenBody('cluster.bucket[default].views!read'));
    expect(is404Text(await c.req('POST', '/nosuch/_design/x/_spatial/_compact', { base: capi, body: '{}', type: 'application/json' }))).toBe(true);
  });
});

describe('users', () => {
  it('PUT creates and changes users; GET lists them without passwords', async () => {
    let r = await c.req('PUT', '/settings/rbac/users/local/u_new', { form: 'password=secret1&roles=bucket_admin[other],ro_admin&name=New' });
    expect(r.status).toBe(200);
    const users = (await c.get('/settings/rbac/users')).json() as { id: string; roles: unknown[] }[];
    const u = users.find((x) => x.id === 'u_new')!;
    expect(u).toEqual({ id: 'u_new', domain: 'local', name: 'New', roles: [{ role: 'bucket_admin', bucket_name: 'other' }, { role: 'ro_admin' }] });
    expect(JSON.stringify(users)).not.toContain('scrypt');
    expect((await c.get('/pools/default/buckets/other', 'u_new:secret1')).status).toBe(200);
    r = await c.req('PUT', '/settings/rbac/users/local/u_new', { form: 'password=secret2&roles=ro_admin' });
    expect(r.status).toBe(200);
    expect(is401(await c.get('/pools/default/buckets/other', 'u_new:secret1'))).toBe(true);
    expect((await c.get('/pools/default/buckets/other', 'u_new:secret2')).status).toBe(200);
    expect((await c.req('DELETE', '/settings/rbac/users/local/u_new')).status).toBe(200);
    expect(is401(await c.get('/pools/default/buckets/other', 'u_new:secret2'))).toBe(true);
  });
  it('rejects unknown roles, short passwords, and non-admins', async () => {
    let r = await c.req('PUT', '/settings/rbac/users/local/x', { form: 'password=secret1&roles=wizard,bucket_admin[nosuch]' });
    expect(r.status).toBe(400);
    expect(r.json().errors.roles).toContain('[wizard,bucket_admin[nosuch]]');
    r = await c.req('PUT', '/settings/rbac/users/local/x', { form: 'password=abc&roles=ro_admin' });
    expect(r.json().errors).toEqual({ password: 'The password must be at least 6 characters long.' });
    r = await c.req('PUT', '/settings/rbac/users/local/x', { form: 'password=secret1&roles=admin', auth: as('u_cluster') });
    expect(r.json()).toEqual(forbiddenBody('cluster.admin.security!write'));
  });
  it('a user without roles gets 401', async () => {
    await c.req('PUT', '/settings/rbac/users/local/noroles', { form: 'password=secret1&roles=' });
    expect(is401(await c.get('/settings/autoCompaction', 'noroles:secret1'))).toBe(true);
  });
  it('passwords are stored only as a salted scrypt hash', async () => {
    // Users are the database's principals (shared with N1QL's CREATE USER), not `_system` documents.
    const user = c.db.principals.user('local', 'u_ro')!;
    expect(user.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(JSON.stringify(user)).not.toContain('Passw0rd');
    expect(c.db.get('_system', 'user::local::u_ro')).toBeUndefined();
  });
  it('request log lines carry no password or Authorization header', async () => {
    const all = logs.join('\n');
    expect(all).toMatch(/^POST \/pools\/default\/buckets\/default\/controller\/compactBucket 200 [\d.]+ms user=Administrator$/m);
    expect(all).not.toContain('Passw0rd');
    expect(all).not.toContain('Basic ');
    expect(all).not.toContain('secret1');
  });
});
