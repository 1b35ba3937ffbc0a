/**
 * compaction-scenarios.md §A–§D: the global auto-compaction settings over real HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, DEFAULT_GLOBAL, forbiddenBody, is401, RESET_BODY, startFixture, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await startFixture({ daemon: false });
});
afterAll(async () => {
  await c.close();
});

const SET = '/controller/setAutoCompaction';
const GET = '/settings/autoCompaction';
const P = 'parallelDBAndViewCompaction=false';
const settings = async () => (await c.get(GET)).json();
const ac = async () => (await settings()).autoCompactionSettings;

describe('§A GET /settings/autoCompaction', () => {
  beforeAll(async () => c.reset());
  it('A1 admin gets DEFAULT_GLOBAL', async () => {
    const r = await c.get(GET);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/json'); // the bare type of spec A1, without a charset
    expect(r.json()).toEqual(DEFAULT_GLOBAL);
  });
  it('A2 no Authorization → 401', async () => expect(is401(await c.get(GET, null))).toBe(true));
  it('A3 wrong password → 401', async () => expect(is401(await c.get(GET, 'Administrator:wrong'))).toBe(true));
  it('A4 ro_admin reads it', async () => {
    const r = await c.get(GET, as('u_ro'));
    expect(r.status).toBe(200);
    expect(r.json()).toEqual(DEFAULT_GLOBAL);
  });
  it('A5 bucket admin reads it', async () => expect((await c.get(GET, as('u_bdef'))).status).toBe(200));
  it('A6 bucket_full_access → 403', async () => {
    const r = await c.get(GET, as('u_app'));
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(forbiddenBody('cluster.settings.autocompaction!read'));
  });
  it('A7 external_stats_reader → 403', async () => {
    const r = await c.get(GET, as('u_stats'));
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(forbiddenBody('cluster.settings.autocompaction!read'));
  });
  it('A8 GET /pools/default carries the same autoCompactionSettings', async () => {
    const r = await c.get('/pools/default');
    expect(r.status).toBe(200);
    expect(r.json().autoCompactionSettings).toEqual(DEFAULT_GLOBAL.autoCompactionSettings);
  });
  it('401 omits the challenge with invalid-auth-response: on', async () => {
    const res = await fetch(`${c.server.url}${GET}`, { headers: { 'invalid-auth-response': 'on' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBeNull();
  });
});

describe('§B accepted requests', () => {
  beforeEach(async () => c.reset());
  const ok = async (body: string) => {
    const r = await c.post(SET, body);
    expect(r.status, r.text).toBe(200);
    expect(r.type).toMatch(/^application\/json/);
    expect(r.text).toBe('[]');
  };
  const B10 = 'parallelDBAndViewCompaction=true&databaseFragmentationThreshold[percentage]=40&databaseFragmentationThreshold[size]=1073741824&viewFragmentationThreshold[percentage]=50&viewFragmentationThreshold[size]=undefined&allowedTimePeriod[fromHour]=1&allowedTimePeriod[fromMinute]=30&allowedTimePeriod[toHour]=5&allowedTimePeriod[toMinute]=45&allowedTimePeriod[abortOutside]=true&magmaFragmentationPercentage=60&purgeInterval=2.3';

  it('B9 parallel only → [] and DEFAULT_GLOBAL', async () => {
    await ok(P);
    expect(await settings()).toEqual(DEFAULT_GLOBAL);
  });
  it('B10 everything at once', async () => {
    await ok(B10);
    const s = await settings();
    expect(s.autoCompactionSettings).toMatchObject({
      parallelDBAndViewCompaction: true,
      allowedTimePeriod: { fromHour: 1, toHour: 5, fromMinute: 30, toMinute: 45, abortOutside: true },
      magmaFragmentationPercentage: 60,
      databaseFragmentationThreshold: { percentage: 40, size: 1073741824 },
      viewFragmentationThreshold: { percentage: 50, size: 'undefined' },
    });
    expect(s.purgeInterval).toBe(2.3);
  });
  it('B11 a later POST replaces the whole setting; thresholds and purge persist', async () => {
    await ok(B10);
    await ok(P);
    const s = await settings();
    expect(s.autoCompactionSettings).not.toHaveProperty('allowedTimePeriod');
    expect(s.autoCompactionSettings.magmaFragmentationPercentage).toBe(50);
    expect(s.autoCompactionSettings.databaseFragmentationThreshold).toEqual({ percentage: 40, size: 1073741824 });
    expect(s.autoCompactionSettings.viewFragmentationThreshold).toEqual({ percentage: 50, size: 'undefined' });
    expect(s.purgeInterval).toBe(2.3);
  });
  it('B12 "undefined" thresholds', async () => {
    await ok(`${P}&databaseFragmentationThreshold[percentage]=undefined&databaseFragmentationThreshold[size]=undefined`);
    expect((await ac()).databaseFragmentationThreshold).toEqual({ percentage: 'undefined', size: 'undefined' });
  });
  it.each([['B13', '0.01', 0.01], ['B14', '60', 60], ['B15', '3', 3], ['B16', '1.0e1', 10]])('%s purgeInterval=%s', async (_id, v, n) => {
    await ok(`${P}&purgeInterval=${v}`);
    const r = await c.get(GET);
    expect(r.json().purgeInterval).toBe(n);
    if (v === '3') expect(r.text).toMatch(/"purgeInterval":3\}$/);
  });
  it.each([
    'databaseFragmentationThreshold[percentage]=2', 'databaseFragmentationThreshold[percentage]=100', 'databaseFragmentationThreshold[size]=1',
    'viewFragmentationThreshold[percentage]=2', 'viewFragmentationThreshold[percentage]=100', 'viewFragmentationThreshold[size]=1',
    'magmaFragmentationPercentage=10', 'magmaFragmentationPercentage=100',
  ])('B17 boundary %s accepted', async (f) => ok(`${P}&${f}`));
  it('B18 window wrapping midnight', async () => {
    await ok(`${P}&allowedTimePeriod[fromHour]=22&allowedTimePeriod[fromMinute]=0&allowedTimePeriod[toHour]=6&allowedTimePeriod[toMinute]=0&allowedTimePeriod[abortOutside]=false`);
    expect((await ac()).allowedTimePeriod).toEqual({ fromHour: 22, toHour: 6, fromMinute: 0, toMinute: 0, abortOutside: false });
  });
  it('B19 window edges 23:59–0:00', async () => {
    await ok(`${P}&allowedTimePeriod[fromHour]=23&allowedTimePeriod[fromMinute]=59&allowedTimePeriod[toHour]=0&allowedTimePeriod[toMinute]=0&allowedTimePeriod[abortOutside]=true`);
  });
  it.each([['%2040%20', 40], ['%2B41', 41], ['042', 42]])('B20 lenient integer %s', async (v, n) => {
    await ok(`${P}&databaseFragmentationThreshold[percentage]=${v}`);
    expect((await ac()).databaseFragmentationThreshold.percentage).toBe(n);
  });
  it('B20 a tab is not trimmed', async () => {
    const r = await c.post(SET, `${P}&databaseFragmentationThreshold[percentage]=%0940`);
    expect(r.status).toBe(400);
    expect(r.json()).toEqual({ errors: { 'databaseFragmentationThreshold[percentage]': 'database fragmentation must be an integer' } });
  });
  it('B21 percent-encoded brackets', async () => {
    await ok(`${P}&databaseFragmentationThreshold%5Bpercentage%5D=45`);
    expect((await ac()).databaseFragmentationThreshold.percentage).toBe(45);
  });
  it('B22 first duplicate wins', async () => {
    await ok(`${P}&databaseFragmentationThreshold[percentage]=46&databaseFragmentationThreshold[percentage]=47`);
    expect((await ac()).databaseFragmentationThreshold.percentage).toBe(46);
  });
  it('B23 misspelt key ignored', async () => {
    await ok(`${P}&purgeIntervalg=11`);
    expect((await settings()).purgeInterval).toBe(3);
  });
  it('B24 omitted thresholds keep the global value', async () => {
    await ok(B10);
    await ok(P);
    await ok('parallelDBAndViewCompaction=true&viewFragmentationThreshold[percentage]=70');
    const s = await ac();
    expect(s.databaseFragmentationThreshold).toEqual({ percentage: 40, size: 1073741824 });
    expect(s.viewFragmentationThreshold).toEqual({ percentage: 70, size: 'undefined' });
  });
  it('B25 just_validate saves nothing', async () => {
    const r = await c.post(`${SET}?just_validate=1`, 'parallelDBAndViewCompaction=true&databaseFragmentationThreshold[percentage]=90');
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ errors: {} });
    expect(await settings()).toEqual(DEFAULT_GLOBAL);
  });
  const B26 = `${P}&indexCompactionMode=full&indexFragmentationThreshold[percentage]=40&indexCircularCompaction[daysOfWeek]=Monday,Friday&indexCircularCompaction[interval][fromHour]=2&indexCircularCompaction[interval][fromMinute]=0&indexCircularCompaction[interval][toHour]=4&indexCircularCompaction[interval][toMinute]=30&indexCircularCompaction[interval][abortOutside]=true`;
  const INDEX_26 = {
    indexCompactionMode: 'full',
    indexFragmentationThreshold: { percentage: 40 },
    indexCircularCompaction: { daysOfWeek: 'Monday,Friday', interval: { fromHour: 2, toHour: 4, fromMinute: 0, toMinute: 30, abortOutside: true } },
  };
  it('B26 index settings', async () => {
    await ok(B26);
    expect(await ac()).toMatchObject(INDEX_26);
  });
  it('B27 index settings survive an unrelated POST', async () => {
    await ok(B26);
    await ok(P);
    expect(await ac()).toMatchObject(INDEX_26);
  });
  it('B28 index interval 0:00–0:00 is allowed', async () => ok(RESET_BODY));
  it('indexCompactionMode=circular,full is stored literally', async () => {
    await ok(`${P}&indexCompactionMode=circular,full`);
    expect((await ac()).indexCompactionMode).toBe('circular,full');
  });
});

const W = (fh: string, fm: string, th: string, tm: string, ab: string) =>
  `allowedTimePeriod[fromHour]=${fh}&allowedTimePeriod[fromMinute]=${fm}&allowedTimePeriod[toHour]=${th}&allowedTimePeriod[toMinute]=${tm}&allowedTimePeriod[abortOutside]=${ab}`;
const IW = (fh: string) =>
  `indexCircularCompaction[interval][fromHour]=${fh}&indexCircularCompaction[interval][fromMinute]=0&indexCircularCompaction[interval][toHour]=4&indexCircularCompaction[interval][toMinute]=0&indexCircularCompaction[interval][abortOutside]=false`;
const MISSING = { parallelDBAndViewCompaction: 'parallelDBAndViewCompaction is missing' };
const INVALID = { parallelDBAndViewCompaction: 'parallelDBAndViewCompaction is invalid' };
const DBPCT_INT = { 'databaseFragmentationThreshold[percentage]': 'database fragmentation must be an integer' };
const MUST_ALL = 'Must specify all of the following: fromHour, fromMinute, toHour, toMinute, abortOutside';
const SAME = { allowedTimePeriod: 'Start time must not be the same as end time' };
const PURGE_SMALL = { purgeInterval: 'metadata purge interval is too small. Allowed range is 0.01 - 60' };
const PURGE_NAN = { purgeInterval: 'metadata purge interval must be a number' };
const DB_SMALL = { 'databaseFragmentationThreshold[percentage]': 'database fragmentation is too small. Allowed range is 2 - 100' };

const REJECTED: [string, string, Record<string, string>][] = [
  ['C29', '', MISSING],
  ['C31', 'parallelDBAndViewCompaction=truee', INVALID],
  ['C32', 'parallelDBAndViewCompaction=True', INVALID],
  ['C33', `${P}&databaseFragmentationThreshold[percentage]=1`, DB_SMALL],
  ['C34', `${P}&databaseFragmentationThreshold[percentage]=101`, { 'databaseFragmentationThreshold[percentage]': 'database fragmentation is too large. Allowed range is 2 - 100' }],
  ['C35', `${P}&viewFragmentationThreshold[percentage]=1`, { 'viewFragmentationThreshold[percentage]': 'view fragmentation is too small. Allowed range is 2 - 100' }],
  ['C36', `${P}&viewFragmentationThreshold[percentage]=101`, { 'viewFragmentationThreshold[percentage]': 'view fragmentation is too large. Allowed range is 2 - 100' }],
  ['C37', `${P}&databaseFragmentationThreshold[percentage]=abc`, DBPCT_INT],
  ['C38', `${P}&databaseFragmentationThreshold[percentage]=30.5`, DBPCT_INT],
  ['C39', `${P}&databaseFragmentationThreshold[percentage]=`, DBPCT_INT],
  ['C40', `${P}&databaseFragmentationThreshold[size]=0`, { 'databaseFragmentationThreshold[size]': 'database fragmentation size is too small. Allowed range is 1 - infinity' }],
  ['C41', `${P}&databaseFragmentationThreshold[size]=x`, { 'databaseFragmentationThreshold[size]': 'database fragmentation size must be an integer' }],
  ['C42', `${P}&viewFragmentationThreshold[size]=0`, { 'viewFragmentationThreshold[size]': 'view fragmentation size is too small. Allowed range is 1 - infinity' }],
  ['C43', `${P}&viewFragmentationThreshold[size]=abc`, { 'viewFragmentationThreshold[size]': 'view fragmentation size must be an integer' }],
  ['C44', `${P}&${W('24', '0', '6', '0', 'true')}`, { 'allowedTimePeriod[fromHour]': 'from hour is too large. Allowed range is 0 - 23' }],
  ['C45', `${P}&${W('0', '0', '24', '0', 'true')}`, { 'allowedTimePeriod[toHour]': 'to hour is too large. Allowed range is 0 - 23' }],
  ['C46', `${P}&${W('0', '60', '6', '0', 'true')}`, { 'allowedTimePeriod[fromMinute]': 'from minute is too large. Allowed range is 0 - 59' }],
  ['C47', `${P}&${W('0', '0', '6', '60', 'true')}`, { 'allowedTimePeriod[toMinute]': 'to minute is too large. Allowed range is 0 - 59' }],
  ['C48', `${P}&${W('-1', '0', '6', '0', 'true')}`, { 'allowedTimePeriod[fromHour]': 'from hour is too small. Allowed range is 0 - 23' }],
  ['C49', `${P}&${W('x', '0', '6', '0', 'true')}`, { 'allowedTimePeriod[fromHour]': 'from hour must be an integer' }],
  ['C50', `${P}&${W('0', '0', '6', '0', 'yes')}`, { 'allowedTimePeriod[abortOutside]': 'allowedTimePeriod[abortOutside] is invalid' }],
  ['C51', `${P}&${W('1', '2', '1', '2', 'false')}`, SAME],
  ['C52', `${P}&${W('0', '0', '0', '0', 'false')}`, SAME],
  ['C53', `${P}&allowedTimePeriod[fromHour]=0`, { allowedTimePeriod: MUST_ALL }],
  ['C54', `${P}&allowedTimePeriod[fromHour]=0&allowedTimePeriod[fromMinute]=0&allowedTimePeriod[toHour]=6&allowedTimePeriod[toMinute]=0`, { allowedTimePeriod: MUST_ALL }],
  ['C55', `${P}&allowedTimePeriod[fromHour]=24`, { 'allowedTimePeriod[fromHour]': 'from hour is too large. Allowed range is 0 - 23', allowedTimePeriod: MUST_ALL }],
  ['C56', `${P}&${W('24', '0', '24', '0', 'false')}`, {
    'allowedTimePeriod[fromHour]': 'from hour is too large. Allowed range is 0 - 23',
    'allowedTimePeriod[toHour]': 'to hour is too large. Allowed range is 0 - 23',
  }],
  ['C57', `${P}&purgeInterval=0`, PURGE_SMALL],
  ['C58', `${P}&purgeInterval=0.009`, PURGE_SMALL],
  ['C59', `${P}&purgeInterval=61`, { purgeInterval: 'metadata purge interval is too large. Allowed range is 0.01 - 60' }],
  ['C60', `${P}&purgeInterval=abc`, PURGE_NAN],
  ['C61', `${P}&purgeInterval=.5`, PURGE_NAN],
  ['C62', `${P}&purgeInterval=1e1`, PURGE_NAN],
  ['C63', 'purgeInterval=0', MISSING],
  ['C64', `${P}&databaseFragmentationThreshold[percentage]=1&purgeInterval=0`, DB_SMALL],
  ['C65', `${P}&magmaFragmentationPercentage=9`, { magmaFragmentationPercentage: 'magma fragmentation percentage is too small. Allowed range is 10 - 100' }],
  ['C66', `${P}&magmaFragmentationPercentage=101`, { magmaFragmentationPercentage: 'magma fragmentation percentage is too large. Allowed range is 10 - 100' }],
  ['C67', `${P}&magmaFragmentationPercentage=x`, { magmaFragmentationPercentage: 'magma fragmentation percentage must be an integer' }],
  ['C68', `${P}&databaseFragmentationThreshold=10&viewFragmentationThreshold=20`, { _: 'Got unsupported fields: databaseFragmentationThreshold and viewFragmentationThreshold' }],
  ['C69', `${P}&databaseFragmentationThreshold=10`, { _: 'Got unsupported fields: databaseFragmentationThreshold' }],
  ['C70', 'databaseFragmentationThreshold[percentage]=1&viewFragmentationThreshold[size]=0', {
    ...DB_SMALL, ...MISSING, 'viewFragmentationThreshold[size]': 'view fragmentation size is too small. Allowed range is 1 - infinity',
  }],
  ['C71', `${P}&indexFragmentationThreshold[percentage]=1`, { 'indexFragmentationThreshold[percentage]': 'index fragmentation is too small. Allowed range is 2 - 100' }],
  ['C72', `${P}&indexCompactionMode=standard`, { indexCompactionMode: 'index compaction mode must be one of ["circular","full"]' }],
  ['C75', `${P}&indexCircularCompaction[interval][toMinute]=22`, { 'indexCircularCompaction[interval]': MUST_ALL }],
  ['C76', `${P}&${IW('24')}`, { 'indexCircularCompaction[interval][fromHour]': 'from hour is too large. Allowed range is 0 - 23' }],
];

describe('§C rejected requests (C78: settings unchanged after each)', () => {
  beforeAll(async () => c.reset());
  it.each(REJECTED)('%s', async (_id, body, errors) => {
    const r = await c.post(SET, body);
    expect(r.status).toBe(400);
    expect(r.type).toMatch(/^application\/json/);
    expect(r.json()).toEqual({ errors });
    expect(await settings()).toEqual(DEFAULT_GLOBAL);
  });
  it('C30 a JSON body is not read', async () => {
    const r = await c.req('POST', SET, { body: '{"parallelDBAndViewCompaction":false}', type: 'application/json' });
    expect(r.status).toBe(400);
    expect(r.json()).toEqual({ errors: MISSING });
  });
  it.each([['C73', 'monday'], ['C74', 'Monday,%20Tuesday']])('%s bad daysOfWeek (whitespace collapsed)', async (_id, days) => {
    const r = await c.post(SET, `${P}&indexCircularCompaction[daysOfWeek]=${days}`);
    expect(r.status).toBe(400);
    const errors = r.json().errors;
    expect(Object.keys(errors)).toEqual(['indexCircularCompaction[daysOfWeek]']);
    expect(errors['indexCircularCompaction[daysOfWeek]'].replace(/\s+/g, ' ')).toBe(
      'index circular compaction days must be one of ["Sunday","Monday","Tuesday", "Wednesday","Thursday", "Friday","Saturday"]');
    expect(errors['indexCircularCompaction[daysOfWeek]']).toContain(`\n${' '.repeat(47)}"Wednesday"`);
    expect(await settings()).toEqual(DEFAULT_GLOBAL);
  });
  it('C77 just_validate with an error → 400 and the same body', async () => {
    const r = await c.post(`${SET}?just_validate=1`, `${P}&databaseFragmentationThreshold[percentage]=1`);
    expect(r.status).toBe(400);
    expect(r.json()).toEqual({ errors: DB_SMALL });
  });
});

describe('§D access control', () => {
  beforeEach(async () => c.reset());
  it('D79 cluster_admin may write', async () => expect((await c.post(SET, P, as('u_cluster'))).text).toBe('[]'));
  it('D80 backup_admin may write', async () => expect((await c.post(SET, P, as('u_backup'))).text).toBe('[]'));
  it.each([['D81', 'u_ro'], ['D82', 'u_bstar'], ['D83', 'u_bdef']])('%s %s → 403', async (_id, user) => {
    const r = await c.post(SET, P, as(user));
    expect(r.status).toBe(403);
    expect(r.type).toMatch(/^application\/json/);
    expect(r.json()).toEqual(forbiddenBody('cluster.settings.autocompaction!write'));
  });
  it('D84 no credentials → 401', async () => expect(is401(await c.post(SET, P, null))).toBe(true));
  it('D85 authorisation before validation', async () => {
    const r = await c.post(SET, '', as('u_ro'));
    expect(r.status).toBe(403);
  });
  it('D86 cluster uuid mismatch → 404 before authentication', async () => {
    for (const auth of [undefined, null]) {
      const r = await c.req('POST', `${SET}?uuid=0000`, { form: P, auth });
      expect(r.status).toBe(404);
      expect(r.type).toBe('text/plain');
      expect(r.text).toBe('Cluster uuid does not match the requested.\r\n');
    }
  });
  it('the right cluster uuid passes', async () => {
    const uri: string = (await c.get('/pools/default')).json().buckets.uri;
    const uuid = uri.split('uuid=')[1];
    expect((await c.post(`${SET}?uuid=${uuid}`, P)).status).toBe(200);
  });
  it('D87 PUT → 404 Object Not Found', async () => {
    const r = await c.req('PUT', SET, { form: P });
    expect(r.status).toBe(404);
    expect(r.text).toBe('Object Not Found');
  });
});
