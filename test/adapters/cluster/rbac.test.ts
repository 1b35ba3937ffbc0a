/**
 * The role matrix of spec compaction-reference §1 / evidence/role-matrix.txt, checked against
 * the permission matcher, and the request-handling order (401 → 403 → 404) over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPermission, isAllowed, parseRole, type Permission } from '../../../src/adapters/cluster/rbac.js';
import { as, forbiddenBody, is401, is404Text, startFixture, type Client } from './helpers.js';

const COLUMNS: Permission[] = [
  { bucket: 'b1', operation: 'compact' },
  { object: 'settings.autocompaction', operation: 'write' },
  { object: 'settings.autocompaction', operation: 'read' },
  { bucket: 'b1', object: 'settings', operation: 'read' },
  { bucket: 'b1', object: 'settings', operation: 'write' },
  { bucket: 'b1', object: 'views', operation: 'compact' },
];

// Copied from evidence/role-matrix.txt.
const MATRIX = `
admin                     | Y | Y | Y | Y | Y | Y
cluster_admin             | Y | Y | Y | Y | Y | -
ro_admin                  | - | - | Y | Y | - | -
bucket_admin[*]           | Y | - | Y | Y | Y | -
bucket_admin[b1]          | Y | - | Y | Y | Y | -
bucket_admin[b2]          | - | - | Y | Y | - | -
bucket_full_access[b1]    | - | - | - | Y | - | Y
views_admin[b1]           | - | - | Y | Y | - | Y
replication_admin         | - | - | Y | Y | - | -
security_admin            | - | - | Y | Y | - | -
eventing_admin            | Y | - | Y | Y | Y | Y
backup_admin              | Y | Y | Y | Y | Y | Y
mobile_sync_gateway[b1]   | - | - | Y | Y | - | Y
data_reader[b1:*:*]       | - | - | - | Y | - | -
external_stats_reader     | - | - | - | - | - | -`;

describe('role matrix (evidence/role-matrix.txt)', () => {
  const rows = MATRIX.trim().split('\n').map((line) => line.split('|').map((s) => s.trim()));
  it.each(rows)('%s', (role, ...cells) => {
    const parsed = parseRole(role!);
    expect(parsed, role).toBeDefined();
    const got = COLUMNS.map((p) => (isAllowed([parsed!], p) ? 'Y' : '-'));
    expect(got).toEqual(cells);
  });
  it('wire strings', () => {
    expect(COLUMNS.map(formatPermission)).toEqual([
      'cluster.bucket[b1]!compact', 'cluster.settings.autocompaction!write', 'cluster.settings.autocompaction!read',
      'cluster.bucket[b1].settings!read', 'cluster.bucket[b1].settings!write', 'cluster.bucket[b1].views!compact',
    ]);
  });
  it('malformed and unknown roles are rejected', () => {
    for (const r of ['wizard', 'admin[b1]', 'bucket_admin', 'bucket_admin[]', 'Admin']) expect(parseRole(r), r).toBeUndefined();
  });
});

describe('request-handling order over HTTP: route, 401, 403, bucket existence', () => {
  let c: Client;
  beforeAll(async () => {
    c = await startFixture({ daemon: false });
  });
  afterAll(async () => {
    await c.close();
  });
  const routes: [string, string, (b: string) => string][] = [
    ['POST', 'compact', (b) => `/pools/default/buckets/${b}/controller/compactBucket`],
    ['POST', 'cancel', (b) => `/pools/default/buckets/${b}/controller/cancelBucketCompaction`],
    ['GET', 'read', (b) => `/pools/default/buckets/${b}`],
    ['POST', 'write', (b) => `/pools/default/buckets/${b}`],
  ];
  it.each(routes)('%s %s: anonymous 401, forbidden 403 even for a missing bucket, allowed 404', async (method, _name, path) => {
    expect(is401(await c.req(method, path('nosuch'), { auth: null }))).toBe(true);
    expect(is401(await c.req(method, path('nosuch'), { auth: 'u_ro:wrong' }))).toBe(true);
    const f = await c.req(method, path('nosuch'), { auth: as('u_stats') });
    expect(f.status).toBe(403);
    expect(f.json().permissions[0]).toContain('bucket[nosuch]');
    expect(is404Text(await c.req(method, path('nosuch')))).toBe(true);
  });
  it('a bucket admin of another bucket is denied, with the permission named', async () => {
    const r = await c.req('POST', '/pools/default/buckets/other', { form: 'autoCompactionDefined=false', auth: as('u_bdef') });
    expect(r.json()).toEqual(forbiddenBody('cluster.bucket[other].settings!write'));
  });
  it('malformed Authorization headers → 401', async () => {
    for (const h of ['Basic', 'Basic !!!', 'Bearer abc', `Basic ${Buffer.from('nocolon').toString('base64')}`]) {
      const res = await fetch(`${c.server.url}/settings/autoCompaction`, { headers: { authorization: h } });
      expect(res.status, h).toBe(401);
    }
  });
});
