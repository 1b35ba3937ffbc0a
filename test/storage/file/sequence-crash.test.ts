/**
 * Sequence durability: a child process takes NEXT VALUEs of a file-store sequence and is killed
 * with SIGKILL at random moments, several times over the same data directory. Every value handed
 * out (logged by the child) must be distinct across all the runs: a block of CACHE values is saved
 * before its first value is used, so a crash may skip the rest of a block but never repeats a
 * value. Rounds: TOKENQL_CRASH_ROUNDS (default 3).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { tempDir } from './helpers.js';

const ROUNDS = Number(process.env.TOKENQL_CRASH_ROUNDS ?? 3);
const WRITER = fileURLToPath(new URL('./sequence-writer.ts', import.meta.url));

/** Runs the writer until a random kill; resolves when it is dead. */
function runOnce(dir: string, cache: number, logPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir, String(cache), logPath], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (c: Buffer) => {
      // Killed at a random moment once it has taken values (a loaded machine may take long to start it).
      if (c.toString('utf8').includes('V')) setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 250));
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited with ${code ?? signal}`))));
  });
}

describe('sequence durability across crashes', () => {
  it.each([3, 50])('never repeats a value (CACHE %i)', async (cache) => {
    const { dir, cleanup } = tempDir('tokenql-seq-');
    const logPath = `${dir}.log`;
    try {
      for (let round = 0; round < ROUNDS; round++) await runOnce(dir, cache, logPath);
      const lines = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n') : [];
      lines.pop(); // an incomplete last line is ignored
      const values = lines.filter((l) => l !== '').map(Number);
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values).size).toBe(values.length);
      // After the crashes the sequence goes on above every value handed out.
      const db = await Database.open({ path: dir, logger: { warn: () => {}, error: () => {} } });
      try {
        const next = (await db.query('SELECT RAW NEXT VALUE FOR b.s.n')).results[0] as number;
        expect(next).toBeGreaterThan(Math.max(...values));
      } finally {
        await db.close();
      }
    } finally {
      rmSync(logPath, { force: true });
      cleanup();
    }
  }, 120_000);
});
