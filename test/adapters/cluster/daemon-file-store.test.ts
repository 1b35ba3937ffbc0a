/**
 * The auto-compaction daemon against the real durable file store (no faked statistics): a bucket
 * fragmented by rewrites is compacted once its fragmentation passes the threshold, queries give
 * the same rows afterwards, and a restart on the directory finds the settings and documents.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { startClusterAdmin } from '../../../src/adapters/cluster/index.js';
import { startFixture, type Client } from './helpers.js';

let c: Client | undefined;
let db: Database | undefined;
const dir = mkdtempSync(join(tmpdir(), 'tokenql-daemon-'));
afterEach(async () => {
  await c?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('compacts a fragmented file-store bucket once past the threshold, results unchanged, settings kept across a restart', async () => {
  db = await Database.open({ path: dir });
  c = await startFixture({ daemon: false, clock: () => new Date(2026, 10, 22, 12, 0) }, db);
  for (let i = 0; i < 300; i++) await db.upsert('default', `k${i}`, { n: i, text: `hotel number ${i}`, pad: 'x'.repeat(800) });
  for (let i = 0; i < 300; i++) await db.upsert('default', `k${i}`, { n: i, text: `hotel number ${i} renovated`, pad: 'y'.repeat(800) });
  const before = db.bucketStats('default').data;
  expect(before.fragmentationPercent).toBeGreaterThan(40);
  const rows = (await db.query("SELECT RAW n FROM default WHERE CONTAINS_TOKEN(text, 'renovated') ORDER BY n")).results;

  // Threshold above the fragmentation: nothing happens.
  expect((await c.post('/controller/setAutoCompaction', 'parallelDBAndViewCompaction=false&databaseFragmentationThreshold[percentage]=80')).status).toBe(200);
  await c.server.daemon.runOnce();
  expect(db.bucketStats('default').data.fragmentationPercent).toBeGreaterThan(40);

  // Threshold below: the daemon compacts the data file.
  expect((await c.post('/controller/setAutoCompaction', 'parallelDBAndViewCompaction=false&databaseFragmentationThreshold[percentage]=30')).status).toBe(200);
  await c.server.daemon.runOnce();
  const after = db.bucketStats('default').data;
  expect(after.fragmentationPercent).toBeLessThan(5);
  expect(after.fileBytes).toBeLessThan(before.fileBytes);
  expect((await db.query("SELECT RAW n FROM default WHERE CONTAINS_TOKEN(text, 'renovated') ORDER BY n")).results).toEqual(rows);

  // A restart finds the setting and the documents.
  await c.close();
  await db.close();
  db = await Database.open({ path: dir });
  c = undefined;
  const server = await startClusterAdmin(db, { port: 0, daemon: false });
  try {
    const res = await fetch(`${server.url}/settings/autoCompaction`, { headers: { authorization: 'Basic ' + Buffer.from('Administrator:password').toString('base64') } });
    expect(res.status).toBe(200);
    const settings = (await res.json()) as { autoCompactionSettings: { databaseFragmentationThreshold: { percentage: unknown } } };
    expect(settings.autoCompactionSettings.databaseFragmentationThreshold.percentage).toBe(30);
    expect(db.count('default')).toBe(300);
  } finally {
    await server.close();
  }
});
