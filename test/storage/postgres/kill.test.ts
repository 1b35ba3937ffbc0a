/**
 * Crash safety of the PostgreSQL store: a child process loads documents (512 writes in flight,
 * group-committed) and logs each acknowledged write; it is killed with SIGKILL mid-load. Every
 * acknowledged write must be in the database afterwards, with its value, and the database must
 * open again (no half-applied transaction: a write is acknowledged only once its transaction has
 * committed).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const WRITER = fileURLToPath(new URL('./kill-writer.ts', import.meta.url));

const postgres = postgresForFile();

/** Runs the writer until `acks` writes are logged, then SIGKILLs it; returns the logged ids. */
function runAndKill(url: string, logPath: string, acks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, url, logPath], { stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setInterval(() => {
      let text = '';
      try {
        text = readFileSync(logPath, 'utf8');
      } catch {
        return;
      }
      if (text.split('\n').length > acks) child.kill('SIGKILL');
    }, 20);
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearInterval(timer);
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited on its own (${signal ?? _code})`));
      const lines = readFileSync(logPath, 'utf8').split('\n');
      lines.pop(); // a torn last line (cut by the kill) is not an acknowledgement
      resolve(lines.map(Number));
    });
  });
}

describe('PostgreSQL store: SIGKILL mid-load', () => {
  it('loses no acknowledged write', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const dir = mkdtempSync(path.join(tmpdir(), 'tokenql-pg-kill-'));
    try {
      for (let round = 0; round < 2; round++) {
        const acked = await runAndKill(url, path.join(dir, `log${round}`), 3000 + round * 2000);
        expect(acked.length).toBeGreaterThan(3000);
        const db = await Database.open({ store: url });
        try {
          for (const id of acked) expect(db.get('b', `k${id}`)?.value, `k${id}`).toEqual({ n: id, pad: 'p'.repeat(id % 300) });
          expect(db.count('b')).toBeGreaterThanOrEqual(new Set(acked).size);
        } finally {
          await db.close();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
