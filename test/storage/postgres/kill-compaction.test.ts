/**
 * SIGKILL of a tokenql node on the PostgreSQL store mid-compaction (purge, VACUUM, REINDEX
 * CONCURRENTLY) with writes in flight (issue 25 "Crash safety"): after a reopen no acknowledged
 * write is lost, the index equals a full scan, and the next compaction drops the invalid index an
 * interrupted REINDEX CONCURRENTLY left. The node's connections are terminated with it (as when
 * its machine dies; a backend whose client was only killed would finish its statement first).
 * The child is kill-compaction-writer.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodePostgres from 'pg';
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';
import { opOf } from './kill-compaction-writer.js';

const WRITER = fileURLToPath(new URL('./kill-compaction-writer.ts', import.meta.url));

const postgres = postgresForFile();

/**
 * Runs the child until it has compacted once and PostgreSQL runs its `statement` (`VACUUM`,
 * `REINDEX`) again, then SIGKILLs it and terminates its connections; returns the acknowledged
 * write numbers.
 */
async function runAndKill(url: string, logPath: string, statement: string): Promise<number[]> {
  const admin = new nodePostgres.Client({ connectionString: url });
  await admin.connect();
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', WRITER, url, logPath], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      let watching = false;
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (watching || !out.includes('COMPACTED')) return;
        watching = true;
        void (async () => {
          // Poll until the statement runs, then kill the node and end its connections at once.
          for (let i = 0; i < 20_000; i++) {
            const r = await admin.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE $1", [`${statement}%`]);
            if (r.rows.length > 0) break;
          }
          child.kill('SIGKILL');
          await admin.query('SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
        })().catch(reject);
      });
      child.on('error', reject);
      child.on('exit', (_code, signal) => {
        if (signal !== 'SIGKILL') return reject(new Error(`child exited on its own (${signal ?? _code}): ${out.slice(-300)}`));
        const lines = readFileSync(logPath, 'utf8').split('\n');
        lines.pop(); // a torn last line (cut by the kill) is not an acknowledgement
        resolve(lines.map(Number));
      });
    });
  } finally {
    await admin.end();
  }
}

/**
 * Checks every key's state against its last acknowledged write: an acknowledged upsert is there
 * (or a later write of the key, acknowledged or not, replaced or removed it); an acknowledged
 * remove left the key absent (or a later upsert wrote it).
 */
function checkAcknowledged(db: Database, acked: number[]): void {
  const last = new Map<string, number>();
  for (const id of acked) {
    const { key } = opOf(id);
    if ((last.get(key) ?? -1) < id) last.set(key, id);
  }
  const issuedUpTo = Math.max(...acked) + 1024; // at most 256 in flight past the last acknowledged
  const laterRemove = (key: string, after: number): boolean => {
    for (let i = after + 1; i <= issuedUpTo; i++) if (opOf(i).remove && opOf(i).key === key) return true;
    return false;
  };
  for (const [key, id] of last) {
    const doc = db.get('b', key)?.value as { v: number } | undefined;
    if (opOf(id).remove) expect(doc === undefined || doc.v > id, `${key} removed by write ${id}`).toBe(true);
    else expect(doc ? doc.v >= id : laterRemove(key, id), `${key} written by write ${id}`).toBe(true);
  }
}

/** The keys by the index on n and by a full scan, sorted. */
async function indexAndScan(db: Database): Promise<[unknown[], unknown[]]> {
  expect(JSON.stringify(await db.explain('SELECT RAW META().id FROM b WHERE n >= 0'))).toContain('"index":"ix_n"');
  const indexed = (await db.query('SELECT RAW META().id FROM b WHERE n >= 0 ORDER BY META().id')).results;
  const scanned = (await db.query('SELECT RAW META().id FROM b USE KEYS (SELECT RAW META().id FROM b WHERE n IS MISSING OR n IS NOT MISSING) ORDER BY META().id')).results;
  expect(scanned.length).toBe(db.count('b'));
  return [indexed, scanned];
}

describe('PostgreSQL store: SIGKILL mid-compaction', () => {
  it('loses no acknowledged write; the index equals a full scan; the next compaction cleans up', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const dir = mkdtempSync(path.join(tmpdir(), 'tokenql-pg-kill-compaction-'));
    try {
      // Killed in a VACUUM, then in a REINDEX CONCURRENTLY.
      for (const [round, statement] of ['VACUUM', 'REINDEX'].entries()) {
        const acked = await runAndKill(url, path.join(dir, `log${round}`), statement);
        expect(acked.length).toBeGreaterThan(100);
        const db = await Database.open({ store: url });
        try {
          checkAcknowledged(db, acked);
          // The REINDEX CONCURRENTLY cut short left its new (or old) index invalid.
          const invalid = pg.cluster.sql('SELECT string_agg(indexrelid::regclass::text, \',\') FROM pg_index WHERE NOT indisvalid', url.split('/').pop()!).trim();
          if (statement === 'REINDEX') expect(invalid).toMatch(/^tokenql_\w+_cc(new|old)\d*$/);
          const [indexed, scanned] = await indexAndScan(db);
          expect(indexed.length).toBeGreaterThan(15_000);
          expect(indexed).toEqual(scanned);
          await new Promise((r) => setTimeout(r, 1100)); // every tombstone is then older than this second
          const r = await db.compactBucket('b', { purgeIntervalDays: 0 });
          expect(r.cancelled).toBe(false);
          expect(pg.cluster.sql('SELECT count(*) FROM pg_index WHERE NOT indisvalid', url.split('/').pop()!).trim()).toBe('0');
          expect(db.bucketStats('b').tombstones).toBe(0);
          const [indexed2, scanned2] = await indexAndScan(db);
          expect(indexed2).toEqual(indexed);
          expect(scanned2).toEqual(scanned);
        } finally {
          await db.close();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
