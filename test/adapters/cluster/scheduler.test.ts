/**
 * compaction-scenarios.md §I: the daemon's pure decision functions, and the daemon itself with an
 * injected clock and injected file statistics.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Database, type BucketStats, type CompactionOptions, type CompactionResult, type FileStats } from '../../../src/index.js';
import { inWindow, mustAbort, needsCompaction, nextRunDelay, planBucket } from '../../../src/adapters/cluster/index.js';
import { defaultGlobalState, effectiveSettings, type TimeWindow } from '../../../src/adapters/cluster/settings.js';
import { startFixture, type Client } from './helpers.js';

const at = (h: number, m: number) => new Date(2024, 0, 15, h, m, 0);
const NIGHT: TimeWindow = { fromHour: 22, fromMinute: 0, toHour: 6, toMinute: 0, abortOutside: true };

describe('§I time window', () => {
  it('I153 22:00–06:00: 23:30 yes, 07:00 no, 06:00 no (end excluded), 22:00 yes', () => {
    expect(inWindow(NIGHT, at(23, 30))).toBe(true);
    expect(inWindow(NIGHT, at(7, 0))).toBe(false);
    expect(inWindow(NIGHT, at(6, 0))).toBe(false);
    expect(inWindow(NIGHT, at(5, 59))).toBe(true);
    expect(inWindow(NIGHT, at(22, 0))).toBe(true);
    expect(inWindow(NIGHT, at(0, 0))).toBe(true);
    expect(inWindow(NIGHT, at(21, 59))).toBe(false);
  });
  it('a window within one day, and no window', () => {
    const w = { fromHour: 1, fromMinute: 30, toHour: 5, toMinute: 45, abortOutside: false };
    expect(inWindow(w, at(1, 29))).toBe(false);
    expect(inWindow(w, at(1, 30))).toBe(true);
    expect(inWindow(w, at(5, 44))).toBe(true);
    expect(inWindow(w, at(5, 45))).toBe(false);
    expect(inWindow(undefined, at(12, 0))).toBe(true);
  });
  it('I154 abortOutside: a compaction started 05:50 is stopped at 06:00; without it it runs on', () => {
    expect(mustAbort(NIGHT, at(5, 50))).toBe(false);
    expect(mustAbort(NIGHT, at(6, 0))).toBe(true);
    expect(mustAbort({ ...NIGHT, abortOutside: false }, at(6, 0))).toBe(false);
    expect(mustAbort(undefined, at(6, 0))).toBe(false);
  });
});

describe('§I needsCompaction', () => {
  const MIN = 131072;
  it('I155 percentage threshold, halves round up', () => {
    const t = { percentage: 30, size: 'undefined' } as const;
    expect(needsCompaction(700_000, 1_000_000, t, MIN)).toBe(true);
    expect(needsCompaction(705_000, 1_000_000, t, MIN)).toBe(true);
    expect(needsCompaction(710_000, 1_000_000, t, MIN)).toBe(false);
  });
  it('I156 size threshold', () => {
    const t = { percentage: 'undefined', size: 100_000 } as const;
    expect(needsCompaction(899_999, 1_000_000, t, MIN)).toBe(true);
    expect(needsCompaction(900_001, 1_000_000, t, MIN)).toBe(false);
  });
  it('I157 both "undefined": only when fragmentation rounds to 100 %', () => {
    const t = { percentage: 'undefined', size: 'undefined' } as const;
    expect(needsCompaction(5_000, 1_000_000, t, MIN)).toBe(true);
    expect(needsCompaction(5_001, 1_000_000, t, MIN)).toBe(false);
  });
  it('I158 files no larger than the minimum are never compacted', () => {
    const t = { percentage: 2, size: 1 };
    expect(needsCompaction(0, 131_072, t, 131_072)).toBe(false);
    expect(needsCompaction(0, 20 * 1024 * 1024, t, 20 * 1024 * 1024)).toBe(false);
    expect(needsCompaction(0, 131_073, t, 131_072)).toBe(true);
  });
  it('I159 runs start every interval from the previous start, at once after a long run', () => {
    expect(nextRunDelay(0, 5_000, 30_000)).toBe(25_000);
    expect(nextRunDelay(0, 45_000, 30_000)).toBe(0);
  });
});

function file(fileBytes: number, liveBytes: number): FileStats {
  const fragmentedBytes = fileBytes - liveBytes;
  return { fileBytes, liveBytes, fragmentedBytes, fragmentationPercent: fileBytes ? (100 * fragmentedBytes) / fileBytes : 0 };
}

describe('planBucket', () => {
  const stats: BucketStats = {
    itemCount: 1, tombstones: 0, data: file(1_000_000, 600_000),
    views: { '_design/a': file(30 << 20, 10 << 20), '_design/b': file(30 << 20, 29 << 20) },
  };
  const meta = { name: 'b', uuid: 'u', bucketType: 'membase', storageBackend: 'couchstore', autoCompaction: false } as const;
  it('applies data and view thresholds, the parallel flag and the purge interval', () => {
    const s = effectiveSettings(defaultGlobalState(), { ...meta });
    expect(planBucket(s, stats, at(12, 0))).toEqual({ skipped: false, data: true, views: ['_design/a'], parallel: false, purgeIntervalDays: 3 });
  });
  it('bucket settings override the global ones; the global window still applies', () => {
    const g = defaultGlobalState();
    g.autoCompaction.allowedTimePeriod = NIGHT;
    const own = { parallelDBAndViewCompaction: true, databaseFragmentationThreshold: { percentage: 50, size: 'undefined' as const }, viewFragmentationThreshold: { percentage: 80, size: 'undefined' as const } };
    const s = effectiveSettings(g, { ...meta, autoCompaction: own, purgeInterval: 5 });
    expect(planBucket(s, stats, at(12, 0)).skipped).toBe(true);
    expect(planBucket(s, stats, at(23, 0))).toEqual({ skipped: false, data: false, views: [], parallel: true, purgeIntervalDays: 5 });
  });
});

describe('the daemon (injected clock and statistics)', () => {
  let c: Client | undefined;
  afterEach(async () => {
    await c?.close();
    c = undefined;
  });
  /** A database reporting fixed fragmented files, with slow recorded compactions. */
  async function fakeDb(events: string[], steps = 5): Promise<Database> {
    const db = await Database.open();
    db.bucketStats = (name: string): BucketStats => ({
      itemCount: 0, tombstones: 0, data: file(1_000_000, 500_000), views: name === 'default' ? { '_design/v': file(40 << 20, 1 << 20) } : {},
    });
    const slow = async (what: string, options: CompactionOptions = {}): Promise<CompactionResult> => {
      events.push(`start ${what}`);
      for (let i = 1; i <= steps; i++) {
        if (options.signal?.aborted) {
          events.push(`cancelled ${what}`);
          return { cancelled: true, bytesBefore: 0, bytesAfter: 0, purgedTombstones: 0 };
        }
        await new Promise((r) => setTimeout(r, 20));
        options.onProgress?.((100 * i) / steps);
      }
      events.push(`done ${what}`);
      return { cancelled: false, bytesBefore: 0, bytesAfter: 0, purgedTombstones: 0 };
    };
    db.compactBucket = async (name, options) => slow(`data ${name}`, options);
    db.compactViews = async (name, ddoc, options) => slow(`views ${name} ${ddoc}`, options);
    return db;
  }
  const P = 'parallelDBAndViewCompaction';

  it('compacts data then views one bucket after the other (parallel=false); ephemeral buckets never', async () => {
    const events: string[] = [];
    c = await startFixture({ daemon: false, clock: () => at(12, 0) }, await fakeDb(events, 1));
    await c.post('/controller/setAutoCompaction', `${P}=false`);
    await c.server.daemon.runOnce();
    expect(events).toEqual([
      'start data default', 'done data default', 'start views default _design/v', 'done views default _design/v',
      'start data other', 'done data other',
    ]);
  });
  it('parallel=true runs data and view compaction at the same time', async () => {
    const events: string[] = [];
    c = await startFixture({ daemon: false, clock: () => at(12, 0) }, await fakeDb(events, 3));
    await c.post('/controller/setAutoCompaction', `${P}=true`);
    await c.post('/pools/default/buckets/other', 'autoCompactionDefined=true&parallelDBAndViewCompaction=true&databaseFragmentationThreshold[percentage]=60');
    await c.server.daemon.runOnce();
    expect(events.slice(0, 2).sort()).toEqual(['start data default', 'start views default _design/v']);
    expect(events).not.toContain('start data other');
  });
  it('outside the window nothing runs; abortOutside cancels a compaction running past the window', async () => {
    const events: string[] = [];
    let now = at(12, 0);
    c = await startFixture({ daemon: false, clock: () => now, checkIntervalSeconds: 0.02 }, await fakeDb(events, 30));
    await c.post('/controller/setAutoCompaction', `${P}=false&allowedTimePeriod[fromHour]=22&allowedTimePeriod[fromMinute]=0&allowedTimePeriod[toHour]=6&allowedTimePeriod[toMinute]=0&allowedTimePeriod[abortOutside]=true`);
    await c.server.daemon.runOnce();
    expect(events).toEqual([]);
    now = at(5, 59);
    const run = c.server.daemon.runOnce();
    await new Promise((r) => setTimeout(r, 100));
    now = at(6, 0);
    await run;
    expect(events.slice(0, 2)).toEqual(['start data default', 'cancelled data default']);
  });
  it('without abortOutside the compaction runs on past the window', async () => {
    const events: string[] = [];
    let now = at(5, 59);
    c = await startFixture({ daemon: false, clock: () => now, checkIntervalSeconds: 0.02 }, await fakeDb(events, 8));
    await c.post('/controller/setAutoCompaction', `${P}=false&allowedTimePeriod[fromHour]=22&allowedTimePeriod[fromMinute]=0&allowedTimePeriod[toHour]=6&allowedTimePeriod[toMinute]=0&allowedTimePeriod[abortOutside]=false`);
    const run = c.server.daemon.runOnce();
    await new Promise((r) => setTimeout(r, 50));
    now = at(6, 0);
    await run;
    expect(events.slice(0, 2)).toEqual(['start data default', 'done data default']);
    expect(events).not.toContain('start data other');
  });
  it('the loop runs by itself every check interval, and a settings change restarts a running compaction', async () => {
    const events: string[] = [];
    c = await startFixture({ daemon: false, clock: () => at(12, 0), checkIntervalSeconds: 0.05 }, await fakeDb(events, 20));
    await c.post('/controller/setAutoCompaction', `${P}=false`);
    c.server.daemon.start();
    for (let i = 0; i < 100 && !events.includes('start data default'); i++) await new Promise((r) => setTimeout(r, 10));
    const tasks = (await c.get('/pools/default/tasks')).json() as Record<string, unknown>[];
    expect(tasks.find((t) => t.type === 'bucket_compaction')).toMatchObject({ bucket: 'default' });
    expect(tasks.find((t) => t.type === 'bucket_compaction')).not.toHaveProperty('cancelURI');
    await c.post('/controller/setAutoCompaction', `${P}=false&databaseFragmentationThreshold[percentage]=40`);
    for (let i = 0; i < 100 && !events.includes('cancelled data default'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(events.slice(0, 2)).toEqual(['start data default', 'cancelled data default']);
  });
  it('I160 a manual compaction ignores the window and the thresholds', async () => {
    const events: string[] = [];
    c = await startFixture({ daemon: false, clock: () => at(12, 0) }, await fakeDb(events, 1));
    await c.post('/controller/setAutoCompaction', `${P}=false&databaseFragmentationThreshold[percentage]=100&viewFragmentationThreshold[percentage]=100&allowedTimePeriod[fromHour]=1&allowedTimePeriod[fromMinute]=0&allowedTimePeriod[toHour]=2&allowedTimePeriod[toMinute]=0&allowedTimePeriod[abortOutside]=true`);
    await c.server.daemon.runOnce();
    expect(events).toEqual([]);
    await c.req('POST', '/pools/default/buckets/default/controller/compactBucket');
    for (let i = 0; i < 100 && !events.includes('done views default _design/v'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual(['start data default', 'done data default', 'start views default _design/v', 'done views default _design/v']);
  });
});
