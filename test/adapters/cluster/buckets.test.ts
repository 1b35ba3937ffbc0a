/**
 * compaction-scenarios.md §F (GET a bucket) and §G (per-bucket settings), plus bucket
 * create/list/delete, over real HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, forbiddenBody, is401, is404Text, startFixture, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await startFixture({ daemon: false });
});
afterAll(async () => {
  await c.close();
});

const B = '/pools/default/buckets/default';
const bucket = async (name = 'default') => (await c.get(`/pools/default/buckets/${name}`)).json();
const ACD = 'autoCompactionDefined=true&parallelDBAndViewCompaction=false';

describe('§F GET /pools/default/buckets/{b}', () => {
  beforeAll(async () => c.reset());
  it('F108 bucket on the global settings', async () => {
    const r = await c.get(B);
    expect(r.status).toBe(200);
    const b = r.json();
    expect(b.autoCompactionSettings).toBe(false);
    expect(b).not.toHaveProperty('purgeInterval');
    expect(b.controllers.compactAll).toBe('/pools/default/buckets/default/controller/compactBucket');
    expect(b.controllers.compactDB).toBe('/pools/default/buckets/default/controller/compactDatabases');
  });
  it('F109 ephemeral bucket', async () => {
    const b = await bucket('eph');
    expect(b).not.toHaveProperty('autoCompactionSettings');
    expect(b.purgeInterval).toBe(1);
  });
  it('F110 missing bucket → 404-text', async () => expect(is404Text(await c.get('/pools/default/buckets/nosuch'))).toBe(true));
  it('F111 another bucket admin may read', async () => expect((await c.get(B, as('u_bother'))).status).toBe(200));
  it('F112 bucket_full_access may read', async () => expect((await c.get(B, as('u_app'))).status).toBe(200));
  it('F113 external_stats_reader → 403', async () => {
    const r = await c.get(B, as('u_stats'));
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(forbiddenBody('cluster.bucket[default].settings!read'));
  });
});

describe('§G POST /pools/default/buckets/{b}', () => {
  beforeEach(async () => c.reset());
  const ok = async (form: string, name = 'default', auth?: string) => {
    const r = await c.post(`/pools/default/buckets/${name}`, form, auth);
    expect(r.status, r.text).toBe(200);
    expect(r.text).toBe('');
  };
  const bad = async (form: string, errors: Record<string, string>, name = 'default') => {
    const before = await bucket(name);
    const r = await c.post(`/pools/default/buckets/${name}`, form);
    expect(r.status).toBe(400);
    expect(r.json().errors).toEqual(errors);
    expect(r.json()).toHaveProperty('summaries');
    expect(await bucket(name)).toEqual(before);
  };
  const G115 = 'autoCompactionDefined=true&parallelDBAndViewCompaction=true&databaseFragmentationThreshold[percentage]=35&databaseFragmentationThreshold[size]=1073741824&viewFragmentationThreshold[percentage]=45&viewFragmentationThreshold[size]=2147483648&allowedTimePeriod[fromHour]=0&allowedTimePeriod[fromMinute]=0&allowedTimePeriod[toHour]=6&allowedTimePeriod[toMinute]=0&allowedTimePeriod[abortOutside]=true&purgeInterval=5';
  const PURGE_SMALL = 'metadata purge interval is too small. Allowed range is 0.01 - 60';

  it('G114 per-bucket settings filled from the global ones', async () => {
    await ok(`${ACD}&databaseFragmentationThreshold[percentage]=40`);
    const b = await bucket();
    expect(b.autoCompactionSettings).toEqual({
      parallelDBAndViewCompaction: false,
      databaseFragmentationThreshold: { percentage: 40, size: 'undefined' },
      viewFragmentationThreshold: { percentage: 30, size: 'undefined' },
    });
    expect(b.purgeInterval).toBe(3);
  });
  it('G115–G118 full settings, global change, partial update, back to global', async () => {
    await ok(G115);
    let b = await bucket();
    expect(b.autoCompactionSettings).toEqual({
      parallelDBAndViewCompaction: true,
      allowedTimePeriod: { fromHour: 0, toHour: 6, fromMinute: 0, toMinute: 0, abortOutside: true },
      databaseFragmentationThreshold: { percentage: 35, size: 1073741824 },
      viewFragmentationThreshold: { percentage: 45, size: 2147483648 },
    });
    expect(b.purgeInterval).toBe(5);
    // G116
    expect((await c.post('/controller/setAutoCompaction', 'parallelDBAndViewCompaction=false&databaseFragmentationThreshold[percentage]=55')).status).toBe(200);
    b = await bucket();
    expect(b.autoCompactionSettings.databaseFragmentationThreshold.percentage).toBe(35);
    expect(b.purgeInterval).toBe(5);
    // G117
    await ok(`${ACD}&viewFragmentationThreshold[percentage]=50`);
    b = await bucket();
    expect(b.autoCompactionSettings.databaseFragmentationThreshold).toEqual({ percentage: 55, size: 'undefined' });
    expect(b.autoCompactionSettings.viewFragmentationThreshold).toEqual({ percentage: 50, size: 'undefined' });
    expect(b.autoCompactionSettings).not.toHaveProperty('allowedTimePeriod');
    expect(b.purgeInterval).toBe(5);
    // G118
    await ok('autoCompactionDefined=false');
    b = await bucket();
    expect(b.autoCompactionSettings).toBe(false);
    expect(b).not.toHaveProperty('purgeInterval');
  });
  it('G119 autoCompactionDefined=false ignores the other fields', async () => ok('autoCompactionDefined=false&databaseFragmentationThreshold[percentage]=1&purgeInterval=0'));
  it('G120 without autoCompactionDefined nothing is validated or changed', async () => {
    const before = await bucket();
    await ok('databaseFragmentationThreshold[percentage]=1&purgeInterval=abc');
    expect(await bucket()).toEqual(before);
  });
  it('G121', async () => bad('autoCompactionDefined=true', { parallelDBAndViewCompaction: 'parallelDBAndViewCompaction is missing' }));
  it('G122', async () => bad('autoCompactionDefined=bogus', { autoCompactionDefined: 'autoCompactionDefined is invalid' }));
  it('G123', async () => bad('autoCompactionDefined=TRUE&parallelDBAndViewCompaction=false', { autoCompactionDefined: 'autoCompactionDefined is invalid' }));
  it('G124 all errors together, purge included', async () => bad(`${ACD}&databaseFragmentationThreshold[percentage]=1&purgeInterval=0`, {
    'databaseFragmentationThreshold[percentage]': 'database fragmentation is too small. Allowed range is 2 - 100', purgeInterval: PURGE_SMALL,
  }));
  it('G125', async () => bad('autoCompactionDefined=true&purgeInterval=0', {
    parallelDBAndViewCompaction: 'parallelDBAndViewCompaction is missing', purgeInterval: PURGE_SMALL,
  }));
  it('G126', async () => bad(`${ACD}&purgeInterval=61`, { purgeInterval: 'metadata purge interval is too large. Allowed range is 0.01 - 60' }));
  it('G127', async () => {
    await ok(`${ACD}&purgeInterval=0.04`);
    expect((await bucket()).purgeInterval).toBe(0.04);
  });
  it('G128', async () => bad(`${ACD}&databaseFragmentationThreshold[size]=0`, { 'databaseFragmentationThreshold[size]': 'database fragmentation size is too small. Allowed range is 1 - infinity' }));
  it('G129', async () => bad(`${ACD}&viewFragmentationThreshold[percentage]=101`, { 'viewFragmentationThreshold[percentage]': 'view fragmentation is too large. Allowed range is 2 - 100' }));
  it('G130', async () => bad(`${ACD}&allowedTimePeriod[fromHour]=0&allowedTimePeriod[fromMinute]=0&allowedTimePeriod[toHour]=24&allowedTimePeriod[toMinute]=0&allowedTimePeriod[abortOutside]=false`,
    { 'allowedTimePeriod[toHour]': 'to hour is too large. Allowed range is 0 - 23' }));
  it('G131', async () => bad(`${ACD}&allowedTimePeriod[toHour]=6`, { allowedTimePeriod: 'Must specify all of the following: fromHour, fromMinute, toHour, toMinute, abortOutside' }));
  it('G132', async () => bad(`${ACD}&allowedTimePeriod[fromHour]=3&allowedTimePeriod[fromMinute]=15&allowedTimePeriod[toHour]=3&allowedTimePeriod[toMinute]=15&allowedTimePeriod[abortOutside]=false`,
    { allowedTimePeriod: 'Start time must not be the same as end time' }));
  it('G133', async () => bad(`${ACD}&databaseFragmentationThreshold=10`, { _: 'Got unsupported fields: databaseFragmentationThreshold' }));
  it('G134 index fields are ignored at bucket level', async () => {
    await ok(`${ACD}&indexCompactionMode=bogus&indexFragmentationThreshold[percentage]=1`);
    const s = (await bucket()).autoCompactionSettings;
    expect(Object.keys(s).sort()).toEqual(['databaseFragmentationThreshold', 'parallelDBAndViewCompaction', 'viewFragmentationThreshold']);
  });
  it('G135', async () => bad('autoCompactionDefined=true&parallelDBAndViewCompaction=maybe', { parallelDBAndViewCompaction: 'parallelDBAndViewCompaction is invalid' }));
  it('G136 just_validate → 202, nothing changes', async () => {
    const before = await bucket();
    const r = await c.post(`${B}?just_validate=1`, `${ACD}&databaseFragmentationThreshold[percentage]=60`);
    expect(r.status).toBe(202);
    expect(r.json().errors).toEqual({});
    expect(await bucket()).toEqual(before);
  });
  const EPH = { autoCompactionDefined: 'autoCompactionDefined must not be set for ephemeral buckets' };
  it('G137', async () => bad(ACD, EPH, 'eph'));
  it('G138', async () => bad('autoCompactionDefined=false', EPH, 'eph'));
  it('G139–G141 ephemeral purge interval', async () => {
    await ok('purgeInterval=0.0007', 'eph');
    expect((await bucket('eph')).purgeInterval).toBe(0.0007);
    await bad('purgeInterval=0.0006', { purgeInterval: 'metadata purge interval is too small. Allowed range is 0.0007 - 60' }, 'eph');
    await bad('purgeInterval=61', { purgeInterval: 'metadata purge interval is too large. Allowed range is 0.0007 - 60' }, 'eph');
  });
  it('G142 own bucket admin', async () => ok(ACD, 'default', as('u_bdef')));
  it('G143 bucket_admin[*]', async () => ok(ACD, 'default', as('u_bstar')));
  it.each([['G144', 'u_bother'], ['G145', 'u_ro']])('%s %s → 403', async (_id, user) => {
    const r = await c.post(B, ACD, as(user));
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(forbiddenBody('cluster.bucket[default].settings!write'));
  });
  it('G146 no credentials → 401', async () => expect(is401(await c.post(B, ACD, null))).toBe(true));
  it('G147 missing bucket → 404-text', async () => expect(is404Text(await c.post('/pools/default/buckets/nosuch', ACD))).toBe(true));
});

describe('§G148–G150 magma bucket', () => {
  beforeAll(async () => {
    expect((await c.post('/pools/default/buckets', 'name=mag&storageBackend=magma')).status).toBe(202);
  });
  it('G148', async () => {
    expect((await c.post('/pools/default/buckets/mag', 'storageBackend=magma&autoCompactionDefined=true&magmaFragmentationPercentage=60')).status).toBe(200);
    expect((await bucket('mag')).autoCompactionSettings).toEqual({ magmaFragmentationPercentage: 60 });
  });
  it('G149', async () => {
    const r = await c.post('/pools/default/buckets/mag', 'storageBackend=magma&autoCompactionDefined=true&magmaFragmentationPercentage=9');
    expect(r.status).toBe(400);
    expect(r.json().errors).toEqual({ magmaFragmentationPercentage: 'magma fragmentation percentage is too small. Allowed range is 10 - 100' });
  });
  it('G150', async () => {
    const r = await c.post('/pools/default/buckets/mag', 'autoCompactionDefined=true');
    expect(r.json().errors).toEqual({ parallelDBAndViewCompaction: 'parallelDBAndViewCompaction is missing' });
  });
  it('§2.6: GET shows the shape of the bucket\'s backend, whichever path (§2.7) stored the settings', async () => {
    // A magma bucket updated down the couchstore path: GET still shows only the magma percentage,
    // which the bucket did not store: the global value, or 50.
    const couchstorePath = 'autoCompactionDefined=true&parallelDBAndViewCompaction=false&databaseFragmentationThreshold[percentage]=40';
    expect((await c.post('/pools/default/buckets/mag', couchstorePath)).status).toBe(200);
    const global = (await c.get('/settings/autoCompaction')).json().autoCompactionSettings;
    expect((await bucket('mag')).autoCompactionSettings).toEqual({ magmaFragmentationPercentage: global.magmaFragmentationPercentage ?? 50 });
    // And a couchstore bucket updated down the magma path shows the thresholds, from the global settings.
    expect((await c.post('/pools/default/buckets', 'name=cs2')).status).toBe(202);
    expect((await c.post('/pools/default/buckets/cs2', 'storageBackend=magma&autoCompactionDefined=true&magmaFragmentationPercentage=60')).status).toBe(200);
    const cs2 = (await bucket('cs2')).autoCompactionSettings;
    expect(Object.keys(cs2)).not.toContain('magmaFragmentationPercentage');
    expect(cs2.databaseFragmentationThreshold).toEqual(global.databaseFragmentationThreshold);
    expect(cs2.parallelDBAndViewCompaction).toBe(global.parallelDBAndViewCompaction);
    expect((await c.req('DELETE', '/pools/default/buckets/cs2')).status).toBe(200);
  });
});

describe('bucket create, list and delete', () => {
  it('creates with settings, lists with basicStats, deletes', async () => {
    let r = await c.post('/pools/default/buckets', 'name=tmp&autoCompactionDefined=true&parallelDBAndViewCompaction=true&databaseFragmentationThreshold[percentage]=20');
    expect(r.status, r.text).toBe(202);
    await c.db.upsert('tmp', 'k1', { a: 1 });
    await c.db.upsert('tmp', 'k2', { a: 2 });
    const list = (await c.get('/pools/default/buckets')).json() as { name: string; basicStats: Record<string, number>; autoCompactionSettings: unknown }[];
    expect(list.map((b) => b.name)).toEqual(['default', 'eph', 'mag', 'other', 'tmp']);
    const tmp = list.find((b) => b.name === 'tmp')!;
    expect(tmp.basicStats.itemCount).toBe(2);
    expect(tmp.basicStats.diskUsed).toBeGreaterThan(0);
    expect(tmp.basicStats.dataUsed).toBeGreaterThan(0);
    expect(tmp.autoCompactionSettings).toMatchObject({ parallelDBAndViewCompaction: true, databaseFragmentationThreshold: { percentage: 20 } });
    r = await c.post('/pools/default/buckets', 'name=tmp');
    expect(r.status).toBe(400);
    expect(r.json().errors).toEqual({ name: 'Bucket with given name already exists' });
    expect((await c.req('DELETE', '/pools/default/buckets/tmp', { auth: as('u_bdef') })).status).toBe(403);
    r = await c.req('DELETE', '/pools/default/buckets/tmp');
    expect(r.status).toBe(200);
    expect(is404Text(await c.get('/pools/default/buckets/tmp'))).toBe(true);
    expect(c.db.keyspaces()).not.toContain('tmp');
  });
  it('rejects bad names and types, and bucket creation by a bucket admin', async () => {
    const errors = async (form: string) => (await c.post('/pools/default/buckets', form)).json().errors;
    expect(await errors('')).toMatchObject({ name: 'Bucket name cannot be empty' });
    expect(await errors('name=a%20b')).toMatchObject({ name: expect.stringContaining('can only contain') });
    expect(await errors('name=.x')).toMatchObject({ name: 'Bucket name cannot start with dot.' });
    expect(await errors('name=_system')).toHaveProperty('name');
    expect(await errors('name=y&bucketType=memcached')).toEqual({ bucketType: 'invalid bucket type' });
    const r = await c.post('/pools/default/buckets', 'name=z', as('u_bstar'));
    expect(r.json()).toEqual(forbiddenBody('cluster.buckets!create'));
  });
  it('bucket list shows only readable buckets', async () => {
    const names = ((await c.get('/pools/default/buckets', as('u_app'))).json() as { name: string }[]).map((b) => b.name);
    expect(names).toEqual(['default']);
  });
});
