/**
 * SIGKILL of a tokenql node on the PostgreSQL store mid-write (with an index maintained in the
 * writes' transactions) and mid-index-build: after a reopen, every index equals a full scan (a
 * document and its entries are committed together; an interrupted build is finished on open).
 * The child is kill-index-writer.ts.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const WRITER = fileURLToPath(new URL('./kill-index-writer.ts', import.meta.url));

const postgres = postgresForFile();

/** Runs the child in `mode` until `ready(output)` holds, then SIGKILLs it. */
function runAndKill(url: string, mode: string, ready: (out: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, url, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (ready(out)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(out) : reject(new Error(`child exited on its own (${signal ?? _code}): ${out.slice(-200)}`))));
  });
}

/** The document keys by the index (`n >= 0` on `ix`) and by a full scan, each sorted. */
async function byIndexAndScan(db: Database, ix: string): Promise<[unknown[], unknown[]]> {
  const plan = JSON.stringify(await db.explain('SELECT RAW META().id FROM b WHERE n >= 0'));
  expect(plan).toContain(`"index":"${ix}"`);
  const indexed = (await db.query('SELECT RAW META().id FROM b WHERE n >= 0 ORDER BY META().id')).results;
  const scanned = (await db.query('SELECT RAW META().id FROM b USE KEYS (SELECT RAW META().id FROM b WHERE n IS MISSING OR n IS NOT MISSING) ORDER BY META().id')).results;
  expect(scanned.length).toBe(db.count('b'));
  return [indexed, scanned];
}

describe('PostgreSQL store: SIGKILL with indexes', () => {
  it('mid-write: the index equals a full scan after a reopen', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const out = await runAndKill(url, 'writes', (o) => o.split('\n').length > 4000);
    expect(out).toContain('ACK 3000');
    const db = await Database.open({ store: url });
    try {
      const [indexed, scanned] = await byIndexAndScan(db, 'ix_n');
      expect(indexed.length).toBeGreaterThan(2000);
      expect(indexed).toEqual(scanned);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('mid-build: the build is finished on open and equals a full scan', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    await runAndKill(url, 'build', (o) => o.includes('BUILDING'));
    const db = await Database.open({ store: url });
    try {
      expect((await db.query("SELECT RAW state FROM system:indexes WHERE name = 'ix_b'")).results).toEqual(['online']);
      const [indexed, scanned] = await byIndexAndScan(db, 'ix_b');
      expect(indexed.length).toBe(20_000);
      expect(indexed).toEqual(scanned);
    } finally {
      await db.close();
    }
  }, 120_000);
});
